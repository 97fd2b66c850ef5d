// Database round trips, counted by PostgreSQL itself: the cluster's server runs with
// pg_stat_statements preloaded, which counts every top-level statement (BEGIN and COMMIT
// included) by normalized text. Reset before a phase and read after it, the sum of `calls` is the
// statements the relays sent; node-postgres sends one statement per round trip. This benchmark's
// own queries are left out, and the readiness checks' `SELECT 1` (HAProxy asks each instance
// every second) is counted apart, since it depends on time and instances rather than requests.
import pg from 'pg'

/** Statement counts of one phase. */
export interface StatementCounts {
  /** Every statement the relays sent, readiness pings included. */
  total: number
  /** The readiness checks' pings (`SELECT $1` once normalized). */
  readiness: number
  /** The most frequent statements, for the reader. */
  top: { query: string; calls: number }[]
}

export interface StatementCounter {
  reset(): Promise<void>
  read(): Promise<StatementCounts>
  close(): Promise<void>
}

/** Connects to the cluster's database and makes sure the extension exists. */
export async function openStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
  } catch (error) {
    await client.end()
    throw error
  }
  return {
    async reset() {
      await client.query('SELECT pg_stat_statements_reset()')
    },
    async read() {
      const { rows } = await client.query<{ query: string; calls: string }>(
        `SELECT query, sum(calls)::text AS calls FROM pg_stat_statements
         WHERE query NOT ILIKE '%pg_stat_statements%'
         GROUP BY query ORDER BY sum(calls) DESC`,
      )
      const counted = rows.map((row) => ({
        query: row.query.replace(/\s+/g, ' ').trim(),
        calls: Number(row.calls),
      }))
      return {
        total: counted.reduce((sum, row) => sum + row.calls, 0),
        readiness: counted.find((row) => row.query === 'SELECT $1')?.calls ?? 0,
        top: counted.slice(0, 8),
      }
    },
    close: () => client.end(),
  }
}
