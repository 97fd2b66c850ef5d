// The SQLite half of events-giveaways.ts: product event totals and giveaways. One connection runs
// one statement or transaction at a time, so the allowance check and the redemption are atomic.
import type Database from 'better-sqlite3'
import type {
  GiveawayRedemption,
  ProductEventCount,
  RedeemOutcome,
  StoredGiveaway,
  StoredProductEventCount,
} from './events-giveaways'
import type { RelayStorage, StoredUser } from './relay-storage'

/** The tables (appended to the SQLite schema). */
export const SQLITE_EVENTS_GIVEAWAYS_SCHEMA = `
-- Events and giveaways
CREATE TABLE IF NOT EXISTS product_event_counts (
  day TEXT NOT NULL,
  name TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, name)
);
CREATE TABLE IF NOT EXISTS giveaways (
  id TEXT PRIMARY KEY,
  giver_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_type TEXT NOT NULL,
  days INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  redeemed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  redeemed_at INTEGER
);
CREATE INDEX IF NOT EXISTS giveaways_by_giver ON giveaways (giver_id, created_at);
`

interface GiveawayRow {
  id: string
  giver_id: string
  plan_type: string
  days: number
  created_at: number
  expires_at: number
  redeemed_by: string | null
  redeemed_at: number | null
}

function toGiveaway(row: GiveawayRow): StoredGiveaway {
  return {
    id: row.id,
    giverId: row.giver_id,
    planType: row.plan_type,
    days: row.days,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    redeemedBy: row.redeemed_by,
    redeemedAt: row.redeemed_at,
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

/** The events and giveaways methods over `db`; `toUser` reads a users row. */
export function sqliteEventsAndGiveaways<Row>(
  db: Database.Database,
  toUser: (row: Row) => StoredUser,
): EventsAndGiveaways {
  const addCount = db.prepare(
    'INSERT INTO product_event_counts (day, name, count) VALUES (?, ?, ?) ON CONFLICT (day, name) DO UPDATE SET count = count + excluded.count',
  )
  const listCounts = db.prepare<[string, string], StoredProductEventCount>(
    'SELECT day, name, count FROM product_event_counts WHERE day >= ? AND day <= ? ORDER BY day, name',
  )
  const insertGiveaway = db.prepare(
    `INSERT INTO giveaways (id, giver_id, plan_type, days, created_at, expires_at)
     SELECT ?, ?, ?, ?, ?, ?
     WHERE (SELECT COUNT(*) FROM giveaways WHERE giver_id = ? AND created_at >= ?) < ?`,
  )
  const giveawayById = db.prepare<[string], GiveawayRow>('SELECT * FROM giveaways WHERE id = ?')
  const giveawaysBy = db.prepare<[string, number], GiveawayRow>(
    'SELECT * FROM giveaways WHERE giver_id = ? AND created_at >= ? ORDER BY created_at DESC, id',
  )
  const userById = db.prepare<[string], Row>('SELECT * FROM users WHERE id = ?')
  const markRedeemed = db.prepare(
    'UPDATE giveaways SET redeemed_by = ?, redeemed_at = ? WHERE id = ? AND redeemed_at IS NULL',
  )
  const setPlan = db.prepare('UPDATE users SET plan = ? WHERE id = ?')

  const addCounts = db.transaction((day: string, counts: readonly ProductEventCount[]) => {
    for (const { name, count } of counts) {
      addCount.run(day, name, count)
    }
  })
  const redeem = db.transaction(
    (
      id: string,
      userId: string,
      now: number,
      decide: GiveawayRedemption<StoredUser>,
    ): RedeemOutcome<NonNullable<StoredUser['plan']>> => {
      const row = giveawayById.get(id)
      if (!row) {
        return { ok: false, reason: 'not-found' }
      }
      const userRow = userById.get(userId)
      if (!userRow) {
        return { ok: false, reason: 'no-account' }
      }
      const giveaway = toGiveaway(row)
      const decision = decide(giveaway, toUser(userRow))
      if ('refused' in decision) {
        return { ok: false, reason: decision.refused }
      }
      markRedeemed.run(userId, now, id)
      setPlan.run(JSON.stringify(decision.plan), userId)
      return {
        ok: true,
        plan: decision.plan,
        giveaway: { ...giveaway, redeemedBy: userId, redeemedAt: now },
      }
    },
  )

  return {
    addProductEventCounts: (day, counts) => {
      addCounts(day, counts)
      return Promise.resolve()
    },
    listProductEventCounts: (fromDay, toDay) =>
      Promise.resolve(listCounts.all(fromDay, toDay).map((row) => ({ ...row }))),
    createGiveaway: (giveaway, since, allowance) =>
      Promise.resolve(
        insertGiveaway.run(
          giveaway.id,
          giveaway.giverId,
          giveaway.planType,
          giveaway.days,
          giveaway.createdAt,
          giveaway.expiresAt,
          giveaway.giverId,
          since,
          allowance,
        ).changes === 1,
      ),
    findGiveaway: (id) => {
      const row = giveawayById.get(id)
      return Promise.resolve(row ? toGiveaway(row) : undefined)
    },
    listGiveawaysBy: (giverId, since) =>
      Promise.resolve(giveawaysBy.all(giverId, since).map(toGiveaway)),
    redeemGiveaway: (id, userId, now, decide) => Promise.resolve(redeem(id, userId, now, decide)),
  }
}
