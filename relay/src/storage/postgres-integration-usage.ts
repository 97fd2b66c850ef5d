// The PostgreSQL half of integration-usage-records.ts. The conditional upsert takes a slot only
// while the day's count is under the limit; concurrent takes of one row queue on its lock.
import type { Pool } from 'pg'
import { sqlExportLimit, type IntegrationUsageStorage } from './integration-usage-records'

/** The table (appended to the PostgreSQL schema). */
export const POSTGRES_INTEGRATION_USAGE_SCHEMA = `
-- Integration exports per account, service and UTC day (docs/adr/066)
CREATE TABLE IF NOT EXISTS integration_usage (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  service TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (user_id, service, day)
);`

export function postgresIntegrationUsage(pool: Pool): IntegrationUsageStorage {
  return {
    async takeIntegrationExport(userId, service, day, limit) {
      const max = sqlExportLimit(limit)
      const result = await pool.query(
        `INSERT INTO integration_usage AS usage (user_id, service, day, count)
           SELECT $1, $2, $3, 1 WHERE $4::integer > 0
         ON CONFLICT (user_id, service, day) DO UPDATE SET count = usage.count + 1
           WHERE usage.count < $4::integer
         RETURNING count`,
        [userId, service, day, max],
      )
      return (result.rowCount ?? 0) > 0
    },
    async releaseIntegrationExport(userId, service, day) {
      await pool.query(
        `UPDATE integration_usage SET count = count - 1
         WHERE user_id = $1 AND service = $2 AND day = $3 AND count > 0`,
        [userId, service, day],
      )
    },
    async countIntegrationExports(userId, service, day) {
      const result = await pool.query<{ count: number }>(
        'SELECT count FROM integration_usage WHERE user_id = $1 AND service = $2 AND day = $3',
        [userId, service, day],
      )
      return result.rows[0]?.count ?? 0
    },
  }
}
