// The embedded default: one SQLite file (better-sqlite3) in the data directory, in WAL mode. A doc
// update is acknowledged only once its commit is synced to the log, so it survives the relay being
// killed and the machine losing power: the appends of concurrent requests share one commit
// (group-commit.ts), committed at synchronous=NORMAL and then synced off the event loop
// (wal-sync.ts), and checkpoints run in a worker thread (wal-checkpointer.ts), so the event loop
// only appends to the log (docs/adr/011-relay-load-model.md). Other writes (accounts, tokens,
// mail) are single statements at synchronous=NORMAL: they survive the relay being killed.
// At rest (docs/adr/029): the directory is made 0700 and the file 0600 (SQLite gives its -wal and
// -shm the file's mode), and `secure_delete` zeroes what is deleted, so a deleted account leaves
// nothing readable in the file.
import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
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
import { createGroupCommit, outcomeOf } from './group-commit'
import { sqliteBillingStorage } from './sqlite-billing'
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer'
import { openWalSync, type WalSync } from './wal-sync'
// Events and giveaways
import { SQLITE_EVENTS_GIVEAWAYS_SCHEMA, sqliteEventsAndGiveaways } from './sqlite-events-giveaways'
import { SQLITE_SHARING_SCHEMA, sqliteSharing } from './sqlite-sharing'
import { SQLITE_INTEGRATION_USAGE_SCHEMA, sqliteIntegrationUsage } from './sqlite-integration-usage'

/**
 * The log size (pages) at which a commit checkpoints on the event loop after all: only reached if
 * the checkpointer cannot keep up or has stopped, so the log never grows without bound.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384
/** Bytes a revision row adds to the log, roughly (for the checkpointer's count). */
const REVISION_ROW_BYTES = 100

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  email_confirmed INTEGER NOT NULL DEFAULT 0,
  plan TEXT,
  premium INTEGER NOT NULL DEFAULT 0,
  revision INTEGER NOT NULL DEFAULT 0,
  session_version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS one_time_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_updates (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  doc_name TEXT NOT NULL,
  update_data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_updates_by_doc ON doc_updates (user_id, doc_name, id);
CREATE TABLE IF NOT EXISTS entity_revisions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  deleted INTEGER NOT NULL,
  PRIMARY KEY (user_id, store, entity_id)
);
CREATE INDEX IF NOT EXISTS entity_revisions_by_revision ON entity_revisions (user_id, revision);
CREATE TABLE IF NOT EXISTS deleted_versions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_key TEXT NOT NULL,
  version REAL NOT NULL,
  deleted_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, entity_key)
);
CREATE INDEX IF NOT EXISTS deleted_versions_by_time ON deleted_versions (deleted_at);
CREATE TABLE IF NOT EXISTS account_usage (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bytes INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS doc_updates_usage_insert AFTER INSERT ON doc_updates BEGIN
  INSERT INTO account_usage (user_id, bytes) VALUES (NEW.user_id, length(NEW.update_data))
  ON CONFLICT (user_id) DO UPDATE SET bytes = bytes + excluded.bytes;
END;
CREATE TRIGGER IF NOT EXISTS doc_updates_usage_delete AFTER DELETE ON doc_updates BEGIN
  UPDATE account_usage SET bytes = bytes - length(OLD.update_data) WHERE user_id = OLD.user_id;
END;
CREATE TABLE IF NOT EXISTS room_tickets (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  doc_name TEXT,
  session_version INTEGER NOT NULL,
  session_expires_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS room_tickets_by_expiry ON room_tickets (expires_at);
CREATE TABLE IF NOT EXISTS learning_info (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  due_count INTEGER NOT NULL,
  learned_today INTEGER NOT NULL,
  daily_target INTEGER NOT NULL,
  next_due_at INTEGER,
  time_zone TEXT NOT NULL,
  reported_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS learning_reminders (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  local_day TEXT,
  claimed_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
-- Billing (docs/adr/051-relay-billing.md; billing-records.ts)
CREATE TABLE IF NOT EXISTS billing_events (
  event_id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS billing_subscriptions (
  subscription_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  status TEXT NOT NULL,
  current_period_end INTEGER,
  scheduled_cancel_at INTEGER,
  last_occurred_at INTEGER NOT NULL,
  offer_redeemed_at INTEGER
);
CREATE INDEX IF NOT EXISTS billing_subscriptions_by_user ON billing_subscriptions (user_id);
CREATE TABLE IF NOT EXISTS billing_transactions (
  transaction_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  amount REAL NOT NULL,
  currency TEXT NOT NULL,
  occurred_at INTEGER NOT NULL,
  refunded_at INTEGER
);
CREATE INDEX IF NOT EXISTS billing_transactions_by_user ON billing_transactions (user_id, occurred_at);
CREATE TABLE IF NOT EXISTS billing_checkouts (
  checkout_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  amount REAL NOT NULL,
  currency TEXT NOT NULL,
  discount_code TEXT,
  created_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX IF NOT EXISTS billing_checkouts_by_user ON billing_checkouts (user_id);
CREATE TABLE IF NOT EXISTS billing_cancellation_feedback (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  feedback TEXT,
  status TEXT NOT NULL,
  offer_outcome TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, subscription_id)
);
${SQLITE_EVENTS_GIVEAWAYS_SCHEMA}
${SQLITE_SHARING_SCHEMA}
${SQLITE_INTEGRATION_USAGE_SCHEMA}`

interface UserRow {
  id: string
  email: string
  password_hash: string
  created_at: number
  email_confirmed: number
  plan: string | null
  premium: number
  session_version: number
}

interface TicketRow {
  hash: string
  user_id: string
  doc_name: string | null
  session_version: number
  session_expires_at: number
  expires_at: number
}

function toTicket(row: TicketRow): StoredRoomTicket {
  return {
    hash: row.hash,
    userId: row.user_id,
    docName: row.doc_name,
    sessionVersion: row.session_version,
    sessionExpiresAt: row.session_expires_at,
    expiresAt: row.expires_at,
  }
}

/** Columns added after the first release, added to older files at open. */
const ADDED_USER_COLUMNS = [
  ['session_version', 'INTEGER NOT NULL DEFAULT 0'],
  ['email_settings', "TEXT NOT NULL DEFAULT 'ALL'"],
  ['learning_reminder_email', 'INTEGER NOT NULL DEFAULT 1'],
] as const

interface LearningInfoRow {
  user_id: string
  due_count: number
  learned_today: number
  daily_target: number
  next_due_at: number | null
  time_zone: string
  reported_at: number
}

function toLearningInfo(row: LearningInfoRow): StoredLearningInfo {
  return {
    userId: row.user_id,
    dueCount: row.due_count,
    learnedToday: row.learned_today,
    dailyTarget: row.daily_target,
    nextDueAt: row.next_due_at,
    timeZone: row.time_zone,
    reportedAt: row.reported_at,
  }
}

function migrate(db: Database.Database): void {
  const columns = db.pragma('table_info(users)') as { name: string }[]
  const existing = new Set(columns.map((column) => column.name))
  for (const [name, definition] of ADDED_USER_COLUMNS) {
    if (!existing.has(name)) {
      db.exec(`ALTER TABLE users ADD COLUMN ${name} ${definition}`)
    }
  }
}

/** Makes the directory 0700 if it is new, and the file 0600 (created empty if missing). */
function prepareFile(file: string): void {
  const dir = dirname(file)
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  }
  closeSync(openSync(file, 'a', 0o600))
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) {
      chmodSync(path, 0o600)
    }
  }
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    emailConfirmed: row.email_confirmed === 1,
    plan: row.plan ? (JSON.parse(row.plan) as StoredUser['plan']) : null,
    premium: row.premium === 1,
    sessionVersion: row.session_version,
  }
}

/** Opens (creating if needed) the SQLite store at `file` (':memory:' for tests). */
export function openSqliteStorage(file: string): RelayStorage {
  if (file !== ':memory:') {
    prepareFile(file)
  }
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('secure_delete = ON')
  // A database from before the usage total: count what it holds once, as the triggers would have.
  const hadUsage = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'account_usage'")
    .get()
  db.exec(SCHEMA)
  migrate(db)
  if (!hadUsage) {
    db.exec(
      'INSERT OR REPLACE INTO account_usage (user_id, bytes) SELECT user_id, SUM(length(update_data)) FROM doc_updates GROUP BY user_id',
    )
  }
  let checkpointer: WalCheckpointer | undefined
  let walSync: WalSync | undefined
  if (file !== ':memory:') {
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`)
    checkpointer = startWalCheckpointer(file)
    walSync = openWalSync(file)
  }

  const statements = {
    insertUser: db.prepare(
      'INSERT INTO users (id, email, password_hash, created_at, plan) VALUES (?, ?, ?, ?, ?)',
    ),
    userByEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
    userById: db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?'),
    setPassword: db.prepare(
      'UPDATE users SET password_hash = ?, session_version = session_version + 1 WHERE id = ?',
    ),
    revokeSessions: db.prepare(
      'UPDATE users SET session_version = session_version + 1 WHERE id = ?',
    ),
    deleteMailsTo: db.prepare(
      'DELETE FROM outbox WHERE recipient = (SELECT email FROM users WHERE id = ?) COLLATE NOCASE',
    ),
    putTicket: db.prepare(
      `INSERT INTO room_tickets (hash, user_id, doc_name, session_version, session_expires_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    deleteExpiredTickets: db.prepare('DELETE FROM room_tickets WHERE expires_at <= ?'),
    takeTicket: db.prepare<[string], TicketRow>(
      'DELETE FROM room_tickets WHERE hash = ? RETURNING *',
    ),
    deleteMailsBefore: db.prepare('DELETE FROM outbox WHERE created_at <= ?'),
    confirmEmail: db.prepare('UPDATE users SET email_confirmed = 1 WHERE id = ?'),
    deleteUser: db.prepare('DELETE FROM users WHERE id = ?'),
    putToken: db.prepare(
      'INSERT OR REPLACE INTO one_time_tokens (hash, user_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
    ),
    takeToken: db.prepare<[string, string], { user_id: string; expires_at: number }>(
      'DELETE FROM one_time_tokens WHERE hash = ? AND purpose = ? RETURNING user_id, expires_at',
    ),
    insertUpdate: db.prepare(
      'INSERT INTO doc_updates (user_id, doc_name, update_data) VALUES (?, ?, ?)',
    ),
    bumpRevision: db.prepare<[number, string], { revision: number }>(
      'UPDATE users SET revision = revision + ? WHERE id = ? RETURNING revision',
    ),
    upsertRevision: db.prepare(
      `INSERT INTO entity_revisions (user_id, store, entity_id, revision, deleted) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, store, entity_id) DO UPDATE SET revision = excluded.revision, deleted = excluded.deleted`,
    ),
    loadUpdates: db.prepare<[string, string, number], { id: number; update_data: Buffer }>(
      'SELECT id, update_data FROM doc_updates WHERE user_id = ? AND doc_name = ? AND id > ? ORDER BY id',
    ),
    deleteUpdatesUpTo: db.prepare(
      'DELETE FROM doc_updates WHERE user_id = ? AND doc_name = ? AND id <= ?',
    ),
    deleteDoc: db.prepare('DELETE FROM doc_updates WHERE user_id = ? AND doc_name = ?'),
    putDeletedVersion: db.prepare(
      `INSERT INTO deleted_versions (user_id, entity_key, version, deleted_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, entity_key) DO UPDATE SET version = excluded.version, deleted_at = excluded.deleted_at`,
    ),
    forgetDeletedVersion: db.prepare(
      'DELETE FROM deleted_versions WHERE user_id = ? AND entity_key = ?',
    ),
    getDeletedVersion: db.prepare<[string, string], { version: number }>(
      'SELECT version FROM deleted_versions WHERE user_id = ? AND entity_key = ?',
    ),
    pruneDeletedVersions: db.prepare('DELETE FROM deleted_versions WHERE deleted_at < ?'),
    changesSince: db.prepare<
      [string, number, number],
      { store: string; entity_id: string; revision: number; deleted: number }
    >(
      'SELECT store, entity_id, revision, deleted FROM entity_revisions WHERE user_id = ? AND revision > ? ORDER BY revision LIMIT ?',
    ),
    storedBytes: db.prepare<[string], { bytes: number }>(
      'SELECT bytes FROM account_usage WHERE user_id = ?',
    ),
    emailSettings: db.prepare<
      [string],
      { email_settings: string; learning_reminder_email: number }
    >('SELECT email_settings, learning_reminder_email FROM users WHERE id = ?'),
    setEmailSettings: db.prepare(
      'UPDATE users SET email_settings = ?, learning_reminder_email = ? WHERE id = ?',
    ),
    putLearningInfo: db.prepare(
      `INSERT OR REPLACE INTO learning_info
       (user_id, due_count, learned_today, daily_target, next_due_at, time_zone, reported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    learningInfo: db.prepare<[string], LearningInfoRow>(
      'SELECT * FROM learning_info WHERE user_id = ?',
    ),
    reminderCandidates: db.prepare<
      [string, number],
      LearningInfoRow & { email: string; last_day: string | null }
    >(
      `SELECT learning_info.*, users.email, learning_reminders.local_day AS last_day
       FROM learning_info JOIN users ON users.id = learning_info.user_id
       LEFT JOIN learning_reminders ON learning_reminders.user_id = learning_info.user_id
       WHERE users.email_settings = 'ALL' AND users.learning_reminder_email = 1
         AND users.email_confirmed = 1 AND learning_info.user_id > ?
       ORDER BY learning_info.user_id LIMIT ?`,
    ),
    claimReminder: db.prepare<[string, string, number], { user_id: string }>(
      `INSERT INTO learning_reminders (user_id, local_day, claimed_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET local_day = excluded.local_day, claimed_at = excluded.claimed_at
       WHERE learning_reminders.local_day IS NOT excluded.local_day
       RETURNING user_id`,
    ),
    releaseReminder: db.prepare(
      'UPDATE learning_reminders SET local_day = NULL WHERE user_id = ? AND local_day = ?',
    ),
    addMail: db.prepare(
      'INSERT INTO outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)',
    ),
    listMails: db.prepare<
      [],
      { recipient: string; subject: string; body: string; created_at: number }
    >('SELECT recipient, subject, body, created_at FROM outbox ORDER BY id'),
  }

  const appendDocUpdate = db.transaction(
    (userId: string, docName: string, update: Uint8Array, changes: readonly RevisionChange[]) => {
      const id = Number(
        statements.insertUpdate.run(userId, docName, Buffer.from(update)).lastInsertRowid,
      )
      if (changes.length === 0) {
        return id
      }
      const bumped = statements.bumpRevision.get(changes.length, userId)
      if (!bumped) {
        throw new Error(`No user ${userId}`)
      }
      let revision = bumped.revision - changes.length
      for (const change of changes) {
        revision += 1
        statements.upsertRevision.run(
          userId,
          change.store,
          change.entityId,
          revision,
          change.deleted ? 1 : 0,
        )
      }
      return id
    },
  )
  interface QueuedAppend {
    userId: string
    docName: string
    update: Uint8Array
    changes: readonly RevisionChange[]
  }
  // Each append inside the group's transaction is a savepoint: one that fails is undone alone.
  const appendGroup = db.transaction((items: readonly QueuedAppend[]) =>
    items.map((item) =>
      outcomeOf(() => appendDocUpdate(item.userId, item.docName, item.update, item.changes)),
    ),
  )
  const appends = createGroupCommit<QueuedAppend, number>(
    (items) => {
      const outcomes = appendGroup(items)
      for (const item of items) {
        checkpointer?.appended(item.update.length + item.changes.length * REVISION_ROW_BYTES)
      }
      return outcomes
    },
    walSync && (() => walSync.sync()),
  )
  const deleteUser = db.transaction((userId: string) => {
    statements.deleteMailsTo.run(userId)
    statements.deleteUser.run(userId)
  })
  const putTicket = db.transaction((ticket: StoredRoomTicket, now: number) => {
    statements.deleteExpiredTickets.run(now)
    statements.putTicket.run(
      ticket.hash,
      ticket.userId,
      ticket.docName,
      ticket.sessionVersion,
      ticket.sessionExpiresAt,
      ticket.expiresAt,
    )
  })
  const compactDoc = db.transaction(
    (userId: string, docName: string, merged: Uint8Array, upToId: number) => {
      statements.deleteUpdatesUpTo.run(userId, docName, upToId)
      return Number(
        statements.insertUpdate.run(userId, docName, Buffer.from(merged)).lastInsertRowid,
      )
    },
  )
  const putDeletedVersions = db.transaction(
    (userId: string, entries: readonly DeletedVersion[]) => {
      for (const entry of entries) {
        statements.putDeletedVersion.run(userId, entry.key, entry.version, entry.deletedAt)
      }
    },
  )
  const forgetDeletedVersions = db.transaction((userId: string, keys: readonly string[]) => {
    for (const key of keys) {
      statements.forgetDeletedVersion.run(userId, key)
    }
  })

  return {
    kind: 'sqlite',
    createUser(user: NewUser) {
      try {
        statements.insertUser.run(
          user.id,
          user.email,
          user.passwordHash,
          user.createdAt,
          user.plan ? JSON.stringify(user.plan) : null,
        )
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          return Promise.reject(new EmailTakenError(user.email))
        }
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      return Promise.resolve(toUser(statements.userById.get(user.id)!))
    },
    findUserByEmail: (email) => {
      const row = statements.userByEmail.get(email)
      return Promise.resolve(row ? toUser(row) : undefined)
    },
    findUserById: (id) => {
      const row = statements.userById.get(id)
      return Promise.resolve(row ? toUser(row) : undefined)
    },
    setPasswordHash: (userId, passwordHash) => {
      statements.setPassword.run(passwordHash, userId)
      return Promise.resolve()
    },
    setEmailConfirmed: (userId) => {
      statements.confirmEmail.run(userId)
      return Promise.resolve()
    },
    revokeSessions: (userId) => {
      statements.revokeSessions.run(userId)
      return Promise.resolve()
    },
    deleteUser: (userId) => {
      deleteUser(userId)
      if (walSync) {
        // The log still holds the deleted rows as they were written: fold it into the (zeroed)
        // file and empty it. Best effort: a reader of the checkpointer may hold it until later.
        db.pragma('wal_checkpoint(TRUNCATE)')
      }
      return Promise.resolve()
    },
    ...sqliteBillingStorage(db),
    putRoomTicket: (ticket, now) => {
      putTicket(ticket, now)
      return Promise.resolve()
    },
    takeRoomTicket: (hash, now) => {
      const row = statements.takeTicket.get(hash)
      return Promise.resolve(row && row.expires_at > now ? toTicket(row) : undefined)
    },
    putOneTimeToken: (hash, userId, purpose: TokenPurpose, expiresAt) => {
      statements.putToken.run(hash, userId, purpose, expiresAt)
      return Promise.resolve()
    },
    takeOneTimeToken: (hash, purpose, now) => {
      const row = statements.takeToken.get(hash, purpose)
      return Promise.resolve(row && row.expires_at > now ? row.user_id : undefined)
    },
    appendDocUpdate: (userId, docName, update, changes) =>
      appends.add({ userId, docName, update, changes }),
    loadDocUpdates: (userId, docName, afterId = 0): Promise<StoredUpdate[]> =>
      Promise.resolve(
        statements.loadUpdates
          .all(userId, docName, afterId)
          .map((row) => ({ id: row.id, update: new Uint8Array(row.update_data) })),
      ),
    compactDoc: (userId, docName, merged, upToId) => {
      const id = compactDoc(userId, docName, merged, upToId)
      checkpointer?.appended(merged.length)
      return Promise.resolve(id)
    },
    deleteDoc: (userId, docName) => {
      statements.deleteDoc.run(userId, docName)
      return Promise.resolve()
    },
    putDeletedVersions: (userId, entries) => {
      putDeletedVersions(userId, entries)
      return Promise.resolve()
    },
    forgetDeletedVersions: (userId, keys) => {
      forgetDeletedVersions(userId, keys)
      return Promise.resolve()
    },
    getDeletedVersions: (userId, keys) => {
      const versions = new Map<string, number>()
      for (const key of keys) {
        const row = statements.getDeletedVersion.get(userId, key)
        if (row) {
          versions.set(key, row.version)
        }
      }
      return Promise.resolve(versions)
    },
    pruneDeletedVersions: (before) =>
      Promise.resolve(statements.pruneDeletedVersions.run(before).changes),
    listChangesSince: (userId, cursor, limit): Promise<RevisionEntry[]> =>
      Promise.resolve(
        statements.changesSince.all(userId, cursor, limit).map((row) => ({
          store: row.store,
          entityId: row.entity_id,
          revision: row.revision,
          deleted: row.deleted === 1,
        })),
      ),
    getStoredBytes: (userId) => Promise.resolve(statements.storedBytes.get(userId)?.bytes ?? 0),
    getEmailSettings: (userId) => {
      const row = statements.emailSettings.get(userId)
      return Promise.resolve({
        emailSettings: row?.email_settings === 'NONE' ? 'NONE' : 'ALL',
        isLearningReminderEmailEnabled: row ? row.learning_reminder_email === 1 : true,
      })
    },
    setEmailSettings: (userId, change) => {
      const update = db.transaction((): StoredEmailSettings | undefined => {
        const row = statements.emailSettings.get(userId)
        if (!row) {
          return undefined
        }
        const next: StoredEmailSettings = {
          emailSettings: change.emailSettings ?? (row.email_settings === 'NONE' ? 'NONE' : 'ALL'),
          isLearningReminderEmailEnabled:
            change.isLearningReminderEmailEnabled ?? row.learning_reminder_email === 1,
        }
        statements.setEmailSettings.run(
          next.emailSettings,
          next.isLearningReminderEmailEnabled ? 1 : 0,
          userId,
        )
        return next
      })
      return Promise.resolve(update())
    },
    putLearningInfo: (info) => {
      statements.putLearningInfo.run(
        info.userId,
        info.dueCount,
        info.learnedToday,
        info.dailyTarget,
        info.nextDueAt,
        info.timeZone,
        info.reportedAt,
      )
      return Promise.resolve()
    },
    getLearningInfo: (userId) => {
      const row = statements.learningInfo.get(userId)
      return Promise.resolve(row ? toLearningInfo(row) : undefined)
    },
    listReminderCandidates: (afterUserId, limit): Promise<ReminderCandidate[]> =>
      Promise.resolve(
        statements.reminderCandidates.all(afterUserId, limit).map((row) => ({
          userId: row.user_id,
          email: row.email,
          info: toLearningInfo(row),
          lastReminderDay: row.last_day,
        })),
      ),
    claimReminder: (userId, localDay, now) =>
      Promise.resolve(statements.claimReminder.get(userId, localDay, now) !== undefined),
    releaseReminder: (userId, localDay) => {
      statements.releaseReminder.run(userId, localDay)
      return Promise.resolve()
    },
    addMail: (mail: OutboxMail) => {
      statements.addMail.run(mail.to, mail.subject, mail.text, mail.createdAt)
      return Promise.resolve()
    },
    deleteMailsBefore: (time) => {
      statements.deleteMailsBefore.run(time)
      return Promise.resolve()
    },
    // Events and giveaways
    ...sqliteEventsAndGiveaways(db, toUser),
    // Sharing
    ...sqliteSharing(db),
    // Integration exports (docs/adr/066)
    ...sqliteIntegrationUsage(db),
    listMails: () =>
      Promise.resolve(
        statements.listMails.all().map((row) => ({
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          createdAt: row.created_at,
        })),
      ),
    ping: () => {
      db.prepare('SELECT 1').get()
      return Promise.resolve()
    },
    close: async () => {
      appends.flush()
      await walSync?.close()
      await checkpointer?.close()
      db.close()
    },
  }
}
