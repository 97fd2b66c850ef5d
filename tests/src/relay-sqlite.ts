// Reads and changes a relay process's SQLite file from a test. An account's stored plan is set as
// the relay's own billing would after a verified webhook (or as time does when a trial ends), so a
// test ends a trial or grants a plan without waiting a year or running a payment provider; the
// product event totals are read to see what the relay received.
import { join } from 'node:path'
import Database from 'better-sqlite3'

/** The relay's SQLite file in its data directory (relay/src/storage/open-storage.ts). */
const SQLITE_FILE_NAME = 'inkmark-relay.sqlite'

/** The stored plan of an account (the spec's userPlan). */
export interface StoredPlan {
  type: string
  expiresDateMillis: number
  subscription_id?: string
  userPlanDuration?: string
}

/** Replaces the stored plan of the account with `email` in the relay at `dataDir`. */
export function setStoredPlan(dataDir: string, email: string, plan: StoredPlan | null): void {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME))
  try {
    db.pragma('busy_timeout = 5000')
    const changed = db
      .prepare('UPDATE users SET plan = ? WHERE email = ?')
      .run(plan === null ? null : JSON.stringify(plan), email).changes
    if (changed !== 1) {
      throw new Error(`No account ${email} in ${dataDir}`)
    }
  } finally {
    db.close()
  }
}

/** The stored plan of the account with `email`. */
export function getStoredPlan(dataDir: string, email: string): StoredPlan | null {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true })
  try {
    const row = db
      .prepare<[string], { plan: string | null }>('SELECT plan FROM users WHERE email = ?')
      .get(email)
    return row?.plan ? (JSON.parse(row.plan) as StoredPlan) : null
  } finally {
    db.close()
  }
}

/** The relay's product event totals (POST /events), as `name: count` over every day. */
export function getProductEventTotals(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true })
  try {
    const rows = db
      .prepare<[], { name: string; total: number }>(
        'SELECT name, SUM(count) AS total FROM product_event_counts GROUP BY name',
      )
      .all()
    return Object.fromEntries(rows.map((row) => [row.name, row.total]))
  } finally {
    db.close()
  }
}

/** The cancellation feedback statuses the relay holds for the account with `email`. */
export function getCancellationFeedbackStatuses(dataDir: string, email: string): string[] {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true })
  try {
    return db
      .prepare<[string], { status: string }>(
        `SELECT f.status FROM billing_cancellation_feedback f
         JOIN users u ON u.id = f.user_id WHERE u.email = ?`,
      )
      .all(email)
      .map((row) => row.status)
  } finally {
    db.close()
  }
}
