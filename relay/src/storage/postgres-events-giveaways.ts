// The PostgreSQL half of events-giveaways.ts. Counts are added by one upsert; the allowance check
// and the redemption lock the giver's or the redeemer's users row, so relays sharing the database
// can neither make a giver's fourth gift of a month nor let two people take one gift.
import type { Pool, PoolClient } from 'pg'
import type {
  GiveawayRedemption,
  RedeemOutcome,
  StoredGiveaway,
  StoredProductEventCount,
} from './events-giveaways'
import type { RelayStorage, StoredUser } from './relay-storage'

/** The tables (appended to the PostgreSQL schema). */
export const POSTGRES_EVENTS_GIVEAWAYS_SCHEMA = `
-- Events and giveaways
CREATE TABLE IF NOT EXISTS product_event_counts (
  day TEXT NOT NULL,
  name TEXT NOT NULL,
  count BIGINT NOT NULL,
  PRIMARY KEY (day, name)
);
CREATE TABLE IF NOT EXISTS giveaways (
  id TEXT PRIMARY KEY,
  giver_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_type TEXT NOT NULL,
  days INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  redeemed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  redeemed_at BIGINT
);
CREATE INDEX IF NOT EXISTS giveaways_by_giver ON giveaways (giver_id, created_at);
`

interface GiveawayRow {
  id: string
  giver_id: string
  plan_type: string
  days: number
  created_at: string
  expires_at: string
  redeemed_by: string | null
  redeemed_at: string | null
}

function toGiveaway(row: GiveawayRow): StoredGiveaway {
  return {
    id: row.id,
    giverId: row.giver_id,
    planType: row.plan_type,
    days: row.days,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    redeemedBy: row.redeemed_by,
    redeemedAt: row.redeemed_at === null ? null : Number(row.redeemed_at),
  }
}

async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

type EventsAndGiveaways = Pick<
  RelayStorage,
  | 'addProductEventCounts'
  | 'listProductEventCounts'
  | 'createGiveaway'
  | 'findGiveaway'
  | 'listGiveawaysBy'
  | 'redeemGiveaway'
>

/** The events and giveaways methods over `pool`; `toUser` reads a users row. */
export function postgresEventsAndGiveaways<Row>(
  pool: Pool,
  toUser: (row: Row) => StoredUser,
): EventsAndGiveaways {
  return {
    async addProductEventCounts(day, counts) {
      if (counts.length === 0) {
        return
      }
      await pool.query(
        `INSERT INTO product_event_counts (day, name, count)
         SELECT $1, name, SUM(count) FROM unnest($2::text[], $3::bigint[]) AS c(name, count) GROUP BY name
         ON CONFLICT (day, name) DO UPDATE SET count = product_event_counts.count + excluded.count`,
        [day, counts.map((c) => c.name), counts.map((c) => c.count)],
      )
    },
    async listProductEventCounts(fromDay, toDay) {
      const result = await pool.query<{ day: string; name: string; count: string }>(
        'SELECT day, name, count FROM product_event_counts WHERE day >= $1 AND day <= $2 ORDER BY day, name',
        [fromDay, toDay],
      )
      return result.rows.map((row): StoredProductEventCount => ({
        ...row,
        count: Number(row.count),
      }))
    },
    createGiveaway: (giveaway, since, allowance) =>
      transaction(pool, async (client) => {
        await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [giveaway.giverId])
        const made = await client.query<{ n: string }>(
          'SELECT COUNT(*) AS n FROM giveaways WHERE giver_id = $1 AND created_at >= $2',
          [giveaway.giverId, since],
        )
        if (Number(made.rows[0]?.n ?? 0) >= allowance) {
          return false
        }
        await client.query(
          'INSERT INTO giveaways (id, giver_id, plan_type, days, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            giveaway.id,
            giveaway.giverId,
            giveaway.planType,
            giveaway.days,
            giveaway.createdAt,
            giveaway.expiresAt,
          ],
        )
        return true
      }),
    async findGiveaway(id) {
      const result = await pool.query<GiveawayRow>('SELECT * FROM giveaways WHERE id = $1', [id])
      const row = result.rows[0]
      return row ? toGiveaway(row) : undefined
    },
    async listGiveawaysBy(giverId, since) {
      const result = await pool.query<GiveawayRow>(
        'SELECT * FROM giveaways WHERE giver_id = $1 AND created_at >= $2 ORDER BY created_at DESC, id',
        [giverId, since],
      )
      return result.rows.map(toGiveaway)
    },
    redeemGiveaway: (id, userId, now, decide: GiveawayRedemption<StoredUser>) =>
      transaction(pool, async (client): Promise<RedeemOutcome<NonNullable<StoredUser['plan']>>> => {
        const user = await client.query<Row & object>(
          'SELECT * FROM users WHERE id = $1 FOR UPDATE',
          [userId],
        )
        const userRow = user.rows[0]
        if (!userRow) {
          return { ok: false, reason: 'no-account' }
        }
        const found = await client.query<GiveawayRow>(
          'SELECT * FROM giveaways WHERE id = $1 FOR UPDATE',
          [id],
        )
        const row = found.rows[0]
        if (!row) {
          return { ok: false, reason: 'not-found' }
        }
        const giveaway = toGiveaway(row)
        const decision = decide(giveaway, toUser(userRow))
        if ('refused' in decision) {
          return { ok: false, reason: decision.refused }
        }
        await client.query(
          'UPDATE giveaways SET redeemed_by = $1, redeemed_at = $2 WHERE id = $3',
          [userId, now, id],
        )
        await client.query('UPDATE users SET plan = $1 WHERE id = $2', [
          JSON.stringify(decision.plan),
          userId,
        ])
        return {
          ok: true,
          plan: decision.plan,
          giveaway: { ...giveaway, redeemedBy: userId, redeemedAt: now },
        }
      }),
  }
}
