// The SQLite half of integration-usage-records.ts. The conditional upsert takes a slot only while
// the day's count is under the limit, in one statement.
import type Database from 'better-sqlite3'
import { sqlExportLimit, type IntegrationUsageStorage } from './integration-usage-records'

/** The table (appended to the SQLite schema). */
export const SQLITE_INTEGRATION_USAGE_SCHEMA = `
-- Integration exports per account, service and UTC day (docs/adr/066)
CREATE TABLE IF NOT EXISTS integration_usage (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  service TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (user_id, service, day)
);`

export function sqliteIntegrationUsage(db: Database.Database): IntegrationUsageStorage {
  const take = db.prepare<
    [{ user: string; service: string; day: string; max: number }],
    { count: number }
  >(
    `INSERT INTO integration_usage (user_id, service, day, count)
       SELECT @user, @service, @day, 1 WHERE @max > 0
     ON CONFLICT (user_id, service, day) DO UPDATE SET count = count + 1 WHERE count < @max
     RETURNING count`,
  )
  const release = db.prepare<[string, string, string]>(
    `UPDATE integration_usage SET count = count - 1
     WHERE user_id = ? AND service = ? AND day = ? AND count > 0`,
  )
  const count = db.prepare<[string, string, string], { count: number }>(
    'SELECT count FROM integration_usage WHERE user_id = ? AND service = ? AND day = ?',
  )
  return {
    takeIntegrationExport: (userId, service, day, limit) => {
      const max = sqlExportLimit(limit)
      return Promise.resolve(take.get({ user: userId, service, day, max }) !== undefined)
    },
    releaseIntegrationExport: (userId, service, day) => {
      release.run(userId, service, day)
      return Promise.resolve()
    },
    countIntegrationExports: (userId, service, day) =>
      Promise.resolve(count.get(userId, service, day)?.count ?? 0),
  }
}
