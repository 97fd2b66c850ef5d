// The server-grade store, used when DATABASE_URL is set: the same tables and the same behaviour as
// the SQLite store (both pass storage-contract.ts), on a PostgreSQL pool (`pg`), so several relay
// processes can share one database. The schema is created at open, idempotently and under an
// advisory lock, so two relays starting together do not trip over each other's DDL.
import { POSTGRES_SHARING_SCHEMA, postgresSharing } from './postgres-sharing'
import {
  POSTGRES_INTEGRATION_USAGE_SCHEMA,
  postgresIntegrationUsage,
} from './postgres-integration-usage'
import { Pool, type PoolClient } from 'pg'
import { CLUSTER_CHANNEL } from '../cluster/cluster-bus'
import { startPostgresBus } from '../cluster/postgres-bus'
import {
  POSTGRES_RATE_LIMITS_SCHEMA,
  postgresBuckets,
  postgresWindowStore,
  sweepRateRows,
} from '../cluster/postgres-rate-limits'
import { POSTGRES_SIGNING_KEYS_SCHEMA, postgresSigningKeys } from '../cluster/postgres-signing-keys'
import {
  EmailTakenError,
  type DeletedVersion,
  type NewUser,
  type OutboxMail,
  type ReminderCandidate,
  type RelayStorage,
  type RevisionChange,
  type RevisionEntry,
  type StoredRoomTicket,
  type StoredUpdate,
  type StoredEmailSettings,
  type StoredLearningInfo,
  type StoredUser,
  type TokenPurpose,
} from './relay-storage'
import { postgresBillingStorage } from './postgres-billing'
// Events and giveaways
import {
  POSTGRES_EVENTS_GIVEAWAYS_SCHEMA,
  postgresEventsAndGiveaways,
} from './postgres-events-giveaways'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  email_confirmed BOOLEAN NOT NULL DEFAULT FALSE,
  plan JSONB,
  premium BOOLEAN NOT NULL DEFAULT FALSE,
  revision BIGINT NOT NULL DEFAULT 0
);
ALTER TABLE users ADD COLUMN IF NOT EXISTS session_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_settings TEXT NOT NULL DEFAULT 'ALL';
ALTER TABLE users ADD COLUMN IF NOT EXISTS learning_reminder_email BOOLEAN NOT NULL DEFAULT TRUE;
CREATE UNIQUE INDEX IF NOT EXISTS users_email_lower ON users (lower(email));
CREATE TABLE IF NOT EXISTS one_time_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS one_time_tokens_by_user ON one_time_tokens (user_id);
CREATE TABLE IF NOT EXISTS doc_updates (
  id BIGSERIAL PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  doc_name TEXT NOT NULL,
  update_data BYTEA NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_updates_by_doc ON doc_updates (user_id, doc_name, id);
CREATE TABLE IF NOT EXISTS entity_revisions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  revision BIGINT NOT NULL,
  deleted BOOLEAN NOT NULL,
  PRIMARY KEY (user_id, store, entity_id)
);
CREATE INDEX IF NOT EXISTS entity_revisions_by_revision ON entity_revisions (user_id, revision);
CREATE TABLE IF NOT EXISTS deleted_versions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_key TEXT NOT NULL,
  version DOUBLE PRECISION NOT NULL,
  deleted_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, entity_key)
);
CREATE INDEX IF NOT EXISTS deleted_versions_by_time ON deleted_versions (deleted_at);
CREATE TABLE IF NOT EXISTS account_usage (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bytes BIGINT NOT NULL
);
CREATE OR REPLACE FUNCTION inkmark_usage_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_usage (user_id, bytes)
  SELECT user_id, SUM(octet_length(update_data)) FROM added GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET bytes = account_usage.bytes + excluded.bytes;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION inkmark_usage_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_usage SET bytes = account_usage.bytes - removed_sum.bytes
  FROM (SELECT user_id, SUM(octet_length(update_data)) AS bytes FROM removed GROUP BY user_id)
    AS removed_sum
  WHERE account_usage.user_id = removed_sum.user_id;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER doc_updates_usage_insert AFTER INSERT ON doc_updates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION inkmark_usage_added();
CREATE OR REPLACE TRIGGER doc_updates_usage_delete AFTER DELETE ON doc_updates
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION inkmark_usage_removed();
CREATE TABLE IF NOT EXISTS room_tickets (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  doc_name TEXT,
  session_version INTEGER NOT NULL,
  session_expires_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS room_tickets_by_expiry ON room_tickets (expires_at);
CREATE INDEX IF NOT EXISTS room_tickets_by_user ON room_tickets (user_id);
CREATE TABLE IF NOT EXISTS learning_info (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  due_count INTEGER NOT NULL,
  learned_today INTEGER NOT NULL,
  daily_target INTEGER NOT NULL,
  next_due_at BIGINT,
  time_zone TEXT NOT NULL,
  reported_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS learning_reminders (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  local_day TEXT,
  claimed_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
  id BIGSERIAL PRIMARY KEY,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
-- Billing (docs/adr/051-relay-billing.md; billing-records.ts)
CREATE TABLE IF NOT EXISTS billing_events (
  event_id TEXT PRIMARY KEY,
  received_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS billing_subscriptions (
  subscription_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  status TEXT NOT NULL,
  current_period_end BIGINT,
  scheduled_cancel_at BIGINT,
  last_occurred_at BIGINT NOT NULL,
  offer_redeemed_at BIGINT
);
CREATE INDEX IF NOT EXISTS billing_subscriptions_by_user ON billing_subscriptions (user_id);
CREATE TABLE IF NOT EXISTS billing_transactions (
  transaction_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  amount DOUBLE PRECISION NOT NULL,
  currency TEXT NOT NULL,
  occurred_at BIGINT NOT NULL,
  refunded_at BIGINT
);
CREATE INDEX IF NOT EXISTS billing_transactions_by_user ON billing_transactions (user_id, occurred_at);
CREATE TABLE IF NOT EXISTS billing_checkouts (
  checkout_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  amount DOUBLE PRECISION NOT NULL,
  currency TEXT NOT NULL,
  discount_code TEXT,
  created_at BIGINT NOT NULL,
  completed_at BIGINT
);
CREATE INDEX IF NOT EXISTS billing_checkouts_by_user ON billing_checkouts (user_id);
CREATE TABLE IF NOT EXISTS billing_cancellation_feedback (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  feedback TEXT,
  status TEXT NOT NULL,
  offer_outcome TEXT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, subscription_id)
);
${POSTGRES_EVENTS_GIVEAWAYS_SCHEMA}
${POSTGRES_SHARING_SCHEMA}
${POSTGRES_SIGNING_KEYS_SCHEMA}
${POSTGRES_RATE_LIMITS_SCHEMA}
${POSTGRES_INTEGRATION_USAGE_SCHEMA}`

/** PostgreSQL's code for a unique violation, and the index that makes emails unique. */
const UNIQUE_VIOLATION = '23505'
const EMAIL_INDEX = 'users_email_lower'

const USER_COLUMNS =
  'id, email, password_hash, created_at, email_confirmed, plan, premium, session_version'

// pg returns BIGINT (int8) columns as strings, since they may exceed 2^53; ours never do, so the
// row types say `string` and the mappers convert with Number().
interface UserRow {
  id: string
  email: string
  password_hash: string
  created_at: string
  email_confirmed: boolean
  plan: StoredUser['plan']
  premium: boolean
  session_version: number
}

interface TicketRow {
  hash: string
  user_id: string
  doc_name: string | null
  session_version: number
  session_expires_at: string
  expires_at: string
}

function toTicket(row: TicketRow): StoredRoomTicket {
  return {
    hash: row.hash,
    userId: row.user_id,
    docName: row.doc_name,
    sessionVersion: row.session_version,
    sessionExpiresAt: Number(row.session_expires_at),
    expiresAt: Number(row.expires_at),
  }
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    emailConfirmed: row.email_confirmed,
    plan: row.plan ?? null,
    premium: row.premium,
    sessionVersion: row.session_version,
  }
}

interface LearningInfoRow {
  user_id: string
  due_count: number
  learned_today: number
  daily_target: number
  next_due_at: string | null
  time_zone: string
  reported_at: string
}

function toLearningInfo(row: LearningInfoRow): StoredLearningInfo {
  return {
    userId: row.user_id,
    dueCount: row.due_count,
    learnedToday: row.learned_today,
    dailyTarget: row.daily_target,
    nextDueAt: row.next_due_at === null ? null : Number(row.next_due_at),
    timeZone: row.time_zone,
    reportedAt: Number(row.reported_at),
  }
}

/** Runs `work` in one transaction on one pooled connection; rolls back if it throws. */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    try {
      await client.query('ROLLBACK')
    } catch {
      // The connection is unusable: drop it from the pool instead of returning it.
      broken = true
    }
    throw error
  } finally {
    client.release(broken)
  }
}

/**
 * Keeps the last change per entity, each with the revision it would get if the changes were
 * applied one by one, so one multi-row upsert gives the same result as SQLite's upsert loop
 * (PostgreSQL refuses to upsert the same row twice in one statement).
 */
function latestChanges(
  changes: readonly RevisionChange[],
  firstRevision: number,
): { stores: string[]; entityIds: string[]; revisions: number[]; deleted: boolean[] } {
  const latest = new Map<string, { change: RevisionChange; revision: number }>()
  changes.forEach((change, index) => {
    const key = JSON.stringify([change.store, change.entityId])
    latest.delete(key)
    latest.set(key, { change, revision: firstRevision + index })
  })
  const rows = [...latest.values()]
  return {
    stores: rows.map((row) => row.change.store),
    entityIds: rows.map((row) => row.change.entityId),
    revisions: rows.map((row) => row.revision),
    deleted: rows.map((row) => row.change.deleted),
  }
}

/**
 * How long the relay waits on the database (ADR 085): a database that stops answering fails
 * requests after these times instead of hanging them, and readiness reports it.
 */
export interface PostgresTimeouts {
  /** Getting a connection (from the pool, or a new one). */
  connectMs: number
  /** One query, on the client (the socket may be dead) and on the server (statement_timeout). */
  queryMs: number
  /** A transaction left idle (a relay that died mid-transaction behind a proxy). */
  idleInTransactionMs: number
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  queryMs: 15_000,
  idleInTransactionMs: 30_000,
}

/** Connections of one relay instance's pool (the bus has one more of its own). */
export const POSTGRES_POOL_SIZE = 10

/** Opens the PostgreSQL store at `connectionString`, creating its tables if needed. */
export async function openPostgresStorage(
  connectionString: string,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): Promise<RelayStorage> {
  const pool = new Pool({
    connectionString,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'inkmark-relay',
  })
  // An idle connection that dies (server restart, network) emits 'error' on the pool, which
  // would crash the process unheard. The pool discards that connection by itself, and the next
  // query reports any lasting outage, so there is nothing to do here.
  pool.on('error', () => undefined)

  try {
    await inTransaction(pool, async (client) => {
      // CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin (both may see no table
      // and one then fails on the catalog's unique index), so relays opening the same database
      // at once take turns; the lock is released at commit.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('inkmark-relay-schema'))`)
      const usage = await client.query<{ table: string | null }>(
        `SELECT to_regclass('account_usage')::text AS table`,
      )
      await client.query(SCHEMA)
      if (usage.rows[0]?.table == null) {
        // A database from before the usage total: count what it holds once.
        await client.query(
          `INSERT INTO account_usage (user_id, bytes)
           SELECT user_id, SUM(octet_length(update_data)) FROM doc_updates GROUP BY user_id
           ON CONFLICT (user_id) DO UPDATE SET bytes = excluded.bytes`,
        )
      }
    })
  } catch (error) {
    await pool.end()
    throw error
  }
  let bus
  try {
    bus = await startPostgresBus(connectionString, {
      connectTimeoutMs: timeouts.connectMs,
      queryTimeoutMs: timeouts.connectMs,
      pingIntervalMs: 5_000,
      retryMinMs: 250,
      retryMaxMs: 5_000,
    })
  } catch (error) {
    await pool.end()
    throw error
  }
  const signingKeys = postgresSigningKeys(pool, inTransaction)

  /**
   * Locks the user's row until the transaction ends, adding `bump` to their revision counter, and
   * returns the new counter. Every write of a user's docs goes through this first. Two writers of
   * the same user thus queue on the row lock, and the second reads the counter the first
   * committed: the user's revisions (and the doc update ids taken under the lock) are committed
   * in increasing order. That is what makes `listChangesSince` safe as a cursor: a reader who
   * has seen revision r can never later find a revision below r committed late, as it could with
   * a sequence, whose values are taken in one order and committed in another. Writers of
   * different users do not wait for each other.
   */
  async function lockUser(client: PoolClient, userId: string, bump: number): Promise<number> {
    const result = await client.query<{ revision: string }>(
      'UPDATE users SET revision = revision + $1 WHERE id = $2 RETURNING revision',
      [bump, userId],
    )
    const row = result.rows[0]
    if (!row) {
      throw new Error(`No user ${userId}`)
    }
    return Number(row.revision)
  }

  async function findUser(where: string, value: string): Promise<StoredUser | undefined> {
    const result = await pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${where}`, [
      value,
    ])
    const row = result.rows[0]
    return row ? toUser(row) : undefined
  }

  return {
    kind: 'postgres',
    async createUser(user: NewUser) {
      try {
        const result = await pool.query<UserRow>(
          `INSERT INTO users (id, email, password_hash, created_at, plan) VALUES ($1, $2, $3, $4, $5)
           RETURNING ${USER_COLUMNS}`,
          [
            user.id,
            user.email,
            user.passwordHash,
            user.createdAt,
            user.plan ? JSON.stringify(user.plan) : null,
          ],
        )
        return toUser(result.rows[0]!)
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string }
        if (code === UNIQUE_VIOLATION && constraint === EMAIL_INDEX) {
          throw new EmailTakenError(user.email)
        }
        throw error
      }
    },
    findUserByEmail: (email) => findUser('lower(email) = lower($1)', email),
    findUserById: (id) => findUser('id = $1', id),
    async setPasswordHash(userId, passwordHash) {
      await pool.query(
        `WITH changed AS (
           UPDATE users SET password_hash = $1, session_version = session_version + 1 WHERE id = $2
           RETURNING id
         )
         SELECT pg_notify($3, json_build_array('u', id, 'revoked')::text) FROM changed`,
        [passwordHash, userId, CLUSTER_CHANNEL],
      )
    },
    async revokeSessions(userId) {
      await pool.query(
        `WITH changed AS (
           UPDATE users SET session_version = session_version + 1 WHERE id = $1 RETURNING id
         )
         SELECT pg_notify($2, json_build_array('u', id, 'revoked')::text) FROM changed`,
        [userId, CLUSTER_CHANNEL],
      )
    },
    async setEmailConfirmed(userId) {
      await pool.query('UPDATE users SET email_confirmed = TRUE WHERE id = $1', [userId])
    },
    async deleteUser(userId) {
      // Tokens, tickets, doc updates and revisions go with the user (ON DELETE CASCADE).
      await inTransaction(pool, async (client) => {
        await client.query(
          'DELETE FROM outbox WHERE lower(recipient) = (SELECT lower(email) FROM users WHERE id = $1)',
          [userId],
        )
        await client.query('DELETE FROM users WHERE id = $1', [userId])
        await client.query(
          `SELECT pg_notify($1, json_build_array('u', $2::text, 'deleted')::text)`,
          [CLUSTER_CHANNEL, userId],
        )
      })
    },
    ...postgresBillingStorage(pool, inTransaction),
    async putRoomTicket(ticket, now) {
      await pool.query('DELETE FROM room_tickets WHERE expires_at <= $1', [now])
      await pool.query(
        `INSERT INTO room_tickets
         (hash, user_id, doc_name, session_version, session_expires_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          ticket.hash,
          ticket.userId,
          ticket.docName,
          ticket.sessionVersion,
          ticket.sessionExpiresAt,
          ticket.expiresAt,
        ],
      )
    },
    async takeRoomTicket(hash, now) {
      const result = await pool.query<TicketRow>(
        'DELETE FROM room_tickets WHERE hash = $1 RETURNING *',
        [hash],
      )
      const row = result.rows[0]
      return row && Number(row.expires_at) > now ? toTicket(row) : undefined
    },
    async putOneTimeToken(hash, userId, purpose: TokenPurpose, expiresAt) {
      await pool.query(
        `INSERT INTO one_time_tokens (hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (hash) DO UPDATE
         SET user_id = excluded.user_id, purpose = excluded.purpose, expires_at = excluded.expires_at`,
        [hash, userId, purpose, expiresAt],
      )
    },
    async takeOneTimeToken(hash, purpose, now) {
      const result = await pool.query<{ user_id: string; expires_at: string }>(
        'DELETE FROM one_time_tokens WHERE hash = $1 AND purpose = $2 RETURNING user_id, expires_at',
        [hash, purpose],
      )
      const row = result.rows[0]
      return row && Number(row.expires_at) > now ? row.user_id : undefined
    },
    async appendDocUpdate(userId, docName, update, changes) {
      return inTransaction(pool, async (client) => {
        const revision = await lockUser(client, userId, changes.length)
        // Other instances' rooms of this doc hear of the update at commit (ADR 085).
        const inserted = await client.query<{ id: string }>(
          `WITH inserted AS (
             INSERT INTO doc_updates (user_id, doc_name, update_data) VALUES ($1, $2, $3) RETURNING id
           )
           SELECT id, pg_notify($4, json_build_array('d', $1::text, $2::text, id)::text) FROM inserted`,
          [userId, docName, update, CLUSTER_CHANNEL],
        )
        const id = Number(inserted.rows[0]!.id)
        if (changes.length === 0) {
          return id
        }
        const rows = latestChanges(changes, revision - changes.length + 1)
        await client.query(
          `INSERT INTO entity_revisions (user_id, store, entity_id, revision, deleted)
           SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::boolean[])
           ON CONFLICT (user_id, store, entity_id)
           DO UPDATE SET revision = excluded.revision, deleted = excluded.deleted`,
          [userId, rows.stores, rows.entityIds, rows.revisions, rows.deleted],
        )
        return id
      })
    },
    async loadDocUpdates(userId, docName, afterId = 0): Promise<StoredUpdate[]> {
      const result = await pool.query<{ id: string; update_data: Buffer }>(
        `SELECT id, update_data FROM doc_updates
         WHERE user_id = $1 AND doc_name = $2 AND id > $3 ORDER BY id`,
        [userId, docName, afterId],
      )
      return result.rows.map((row) => ({
        id: Number(row.id),
        update: new Uint8Array(row.update_data),
      }))
    },
    async compactDoc(userId, docName, merged, upToId) {
      return inTransaction(pool, async (client) => {
        // The merged update takes a new id, so it queues behind the user's writers like they do.
        await lockUser(client, userId, 0)
        await client.query(
          'DELETE FROM doc_updates WHERE user_id = $1 AND doc_name = $2 AND id <= $3',
          [userId, docName, upToId],
        )
        const inserted = await client.query<{ id: string }>(
          'INSERT INTO doc_updates (user_id, doc_name, update_data) VALUES ($1, $2, $3) RETURNING id',
          [userId, docName, merged],
        )
        return Number(inserted.rows[0]!.id)
      })
    },
    async deleteDoc(userId, docName) {
      // Other instances drop their copy of the doc (and close its rooms) at commit (ADR 085).
      await pool.query(
        `WITH deleted AS (DELETE FROM doc_updates WHERE user_id = $1 AND doc_name = $2)
         SELECT pg_notify($3, json_build_array('x', $1::text, $2::text)::text)`,
        [userId, docName, CLUSTER_CHANNEL],
      )
    },
    async putDeletedVersions(userId, entries: readonly DeletedVersion[]) {
      if (entries.length === 0) {
        return
      }
      // One row per key (the last wins), as an upsert may not touch a row twice.
      const latest = new Map(entries.map((entry) => [entry.key, entry]))
      const rows = [...latest.values()]
      await pool.query(
        `INSERT INTO deleted_versions (user_id, entity_key, version, deleted_at)
         SELECT $1::text, * FROM unnest($2::text[], $3::float8[], $4::bigint[])
         ON CONFLICT (user_id, entity_key)
         DO UPDATE SET version = excluded.version, deleted_at = excluded.deleted_at`,
        [
          userId,
          rows.map((row) => row.key),
          rows.map((row) => row.version),
          rows.map((row) => row.deletedAt),
        ],
      )
    },
    async forgetDeletedVersions(userId, keys) {
      if (keys.length > 0) {
        await pool.query(
          'DELETE FROM deleted_versions WHERE user_id = $1 AND entity_key = ANY($2::text[])',
          [userId, [...keys]],
        )
      }
    },
    async getDeletedVersions(userId, keys) {
      const versions = new Map<string, number>()
      if (keys.length > 0) {
        const result = await pool.query<{ entity_key: string; version: number }>(
          `SELECT entity_key, version FROM deleted_versions
           WHERE user_id = $1 AND entity_key = ANY($2::text[])`,
          [userId, [...keys]],
        )
        for (const row of result.rows) {
          versions.set(row.entity_key, Number(row.version))
        }
      }
      return versions
    },
    async pruneDeletedVersions(before) {
      const result = await pool.query('DELETE FROM deleted_versions WHERE deleted_at < $1', [
        before,
      ])
      return result.rowCount ?? 0
    },
    async listChangesSince(userId, cursor, limit): Promise<RevisionEntry[]> {
      const result = await pool.query<{
        store: string
        entity_id: string
        revision: string
        deleted: boolean
      }>(
        `SELECT store, entity_id, revision, deleted FROM entity_revisions
         WHERE user_id = $1 AND revision > $2 ORDER BY revision LIMIT $3`,
        [userId, cursor, limit],
      )
      return result.rows.map((row) => ({
        store: row.store,
        entityId: row.entity_id,
        revision: Number(row.revision),
        deleted: row.deleted,
      }))
    },
    async getEmailSettings(userId) {
      const result = await pool.query<{ email_settings: string; learning_reminder_email: boolean }>(
        'SELECT email_settings, learning_reminder_email FROM users WHERE id = $1',
        [userId],
      )
      const row = result.rows[0]
      return {
        emailSettings: row?.email_settings === 'NONE' ? 'NONE' : 'ALL',
        isLearningReminderEmailEnabled: row ? row.learning_reminder_email : true,
      }
    },
    async setEmailSettings(userId, change): Promise<StoredEmailSettings | undefined> {
      // COALESCE keeps what the change leaves out, in one statement (no read-modify-write race).
      const result = await pool.query<{ email_settings: string; learning_reminder_email: boolean }>(
        `UPDATE users SET email_settings = COALESCE($2, email_settings),
           learning_reminder_email = COALESCE($3, learning_reminder_email)
         WHERE id = $1 RETURNING email_settings, learning_reminder_email`,
        [userId, change.emailSettings ?? null, change.isLearningReminderEmailEnabled ?? null],
      )
      const row = result.rows[0]
      return row
        ? {
            emailSettings: row.email_settings === 'NONE' ? 'NONE' : 'ALL',
            isLearningReminderEmailEnabled: row.learning_reminder_email,
          }
        : undefined
    },
    async putLearningInfo(info) {
      await pool.query(
        `INSERT INTO learning_info
         (user_id, due_count, learned_today, daily_target, next_due_at, time_zone, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id) DO UPDATE SET due_count = excluded.due_count,
           learned_today = excluded.learned_today, daily_target = excluded.daily_target,
           next_due_at = excluded.next_due_at, time_zone = excluded.time_zone,
           reported_at = excluded.reported_at`,
        [
          info.userId,
          info.dueCount,
          info.learnedToday,
          info.dailyTarget,
          info.nextDueAt,
          info.timeZone,
          info.reportedAt,
        ],
      )
    },
    async getLearningInfo(userId) {
      const result = await pool.query<LearningInfoRow>(
        'SELECT * FROM learning_info WHERE user_id = $1',
        [userId],
      )
      const row = result.rows[0]
      return row ? toLearningInfo(row) : undefined
    },
    async listReminderCandidates(afterUserId, limit): Promise<ReminderCandidate[]> {
      const result = await pool.query<LearningInfoRow & { email: string; last_day: string | null }>(
        `SELECT learning_info.*, users.email, learning_reminders.local_day AS last_day
         FROM learning_info JOIN users ON users.id = learning_info.user_id
         LEFT JOIN learning_reminders ON learning_reminders.user_id = learning_info.user_id
         WHERE users.email_settings = 'ALL' AND users.learning_reminder_email
           AND users.email_confirmed AND learning_info.user_id > $1
         ORDER BY learning_info.user_id LIMIT $2`,
        [afterUserId, limit],
      )
      return result.rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        info: toLearningInfo(row),
        lastReminderDay: row.last_day,
      }))
    },
    async claimReminder(userId, localDay, now) {
      // Two relays claiming at once: the second waits on the first's row lock, then sees the day
      // already set and updates nothing, so exactly one gets a row back.
      const result = await pool.query(
        `INSERT INTO learning_reminders (user_id, local_day, claimed_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE
         SET local_day = excluded.local_day, claimed_at = excluded.claimed_at
         WHERE learning_reminders.local_day IS DISTINCT FROM excluded.local_day
         RETURNING user_id`,
        [userId, localDay, now],
      )
      return (result.rowCount ?? 0) > 0
    },
    async releaseReminder(userId, localDay) {
      await pool.query(
        'UPDATE learning_reminders SET local_day = NULL WHERE user_id = $1 AND local_day = $2',
        [userId, localDay],
      )
    },
    async addMail(mail: OutboxMail) {
      await pool.query(
        'INSERT INTO outbox (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)',
        [mail.to, mail.subject, mail.text, mail.createdAt],
      )
    },
    async deleteMailsBefore(time) {
      await pool.query('DELETE FROM outbox WHERE created_at <= $1', [time])
    },
    // Events and giveaways
    ...postgresEventsAndGiveaways(pool, toUser),
    // Sharing
    ...postgresSharing(pool, inTransaction),
    // Integration exports (docs/adr/066)
    ...postgresIntegrationUsage(pool),
    async listMails() {
      const result = await pool.query<{
        recipient: string
        subject: string
        body: string
        created_at: string
      }>('SELECT recipient, subject, body, created_at FROM outbox ORDER BY id')
      return result.rows.map((row) => ({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        createdAt: Number(row.created_at),
      }))
    },
    async getStoredBytes(userId) {
      const result = await pool.query<{ bytes: string }>(
        'SELECT bytes FROM account_usage WHERE user_id = $1',
        [userId],
      )
      return Number(result.rows[0]?.bytes ?? 0)
    },
    cluster: {
      bus,
      signingKeys,
      buckets: (name, limit, now) => postgresBuckets(pool, name, limit, now),
      windowStore: postgresWindowStore(pool),
      sweepRateRows: (nowMs) => sweepRateRows(pool, nowMs),
    },
    async ping() {
      await pool.query('SELECT 1')
    },
    async close() {
      await bus.close()
      await pool.end()
    },
  }
}
