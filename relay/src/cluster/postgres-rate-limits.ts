// Rate limits that hold across relay instances sharing PostgreSQL (ADR 085): a person or an
// address gets the same allowance whichever instance a proxy sends them to, and a limit reached on
// one is reached on all. The per-account token buckets (limits-plugin.ts) and the per-address fixed
// windows of @fastify/rate-limit each take one upsert per request, computed in the database so
// that two instances taking at once never both get the last token. The room message limit stays
// with the instance holding the socket: it guards that instance's event loop.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Pool } from 'pg'
import type { BucketLimit } from '../limits/limits-config'
import type { TakeResult } from '../limits/token-buckets'

export const POSTGRES_RATE_LIMITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rate_buckets (
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  tokens DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  took BOOLEAN NOT NULL,
  PRIMARY KEY (name, key)
);
CREATE TABLE IF NOT EXISTS rate_windows (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at BIGINT NOT NULL
);
`

/** Token buckets of one limit, whichever instance takes from them. */
export interface SharedBuckets {
  take(key: string): Promise<TakeResult>
  refund(key: string): Promise<void>
}

/** Rows of buckets idle this long are full again under every limit we set: they are dropped. */
export const RATE_ROW_IDLE_MS = 24 * 60 * 60 * 1000

/** The buckets named `name` with `limit`, on `pool`, on the relay's clock. */
export function postgresBuckets(
  pool: Pool,
  name: string,
  limit: BucketLimit,
  now: () => number,
): SharedBuckets {
  return {
    async take(key) {
      const refilled = `LEAST($3::float8, b.tokens + GREATEST(0, $4::bigint - b.at) * $5::float8 / 60000.0)`
      const result = await pool.query<{ took: boolean; tokens: number }>(
        `INSERT INTO rate_buckets AS b (name, key, tokens, at, took)
         VALUES ($1, $2, GREATEST($3::float8 - 1, 0), $4, $3::float8 >= 1)
         ON CONFLICT (name, key) DO UPDATE SET
           tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
           took = ${refilled} >= 1,
           at = GREATEST(b.at, $4::bigint)
         RETURNING took, tokens`,
        [name, key, limit.burst, now(), limit.perMinute],
      )
      const row = result.rows[0]!
      if (row.took) {
        return { ok: true }
      }
      const missing = 1 - Number(row.tokens)
      const retryAfterMs =
        limit.perMinute > 0 ? Math.ceil((missing * 60_000) / limit.perMinute) : 60_000
      return { ok: false, retryAfterMs }
    },
    async refund(key) {
      await pool.query(
        'UPDATE rate_buckets SET tokens = LEAST($3::float8, tokens + 1) WHERE name = $1 AND key = $2',
        [name, key, limit.burst],
      )
    },
  }
}

/** Drops rate rows nobody used for a day (they would be full or expired anyway). */
export async function sweepRateRows(pool: Pool, nowMs: number): Promise<void> {
  await pool.query('DELETE FROM rate_buckets WHERE at < $1', [nowMs - RATE_ROW_IDLE_MS])
  await pool.query('DELETE FROM rate_windows WHERE expires_at < $1', [nowMs])
}

interface WindowParams {
  routeInfo?: { method?: string | string[]; url?: string }
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * A store for @fastify/rate-limit (its documented `store` option: a class with `incr` and
 * `child`), counting fixed windows in the database as its Redis store counts them in Redis.
 */
export function postgresWindowStore(pool: Pool): FastifyRateLimitStoreCtor {
  class PostgresWindowStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate-limit-',
    ) {}

    // The plugin passes the route's window after the callback (as to its own stores).
    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      const nowMs = Date.now()
      pool
        .query<{ count: number; ttl: string }>(
          `INSERT INTO rate_windows AS w (key, count, expires_at) VALUES ($1, 1, $2::bigint + $3::bigint)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN w.expires_at <= $2::bigint THEN 1 ELSE w.count + 1 END,
             expires_at = CASE WHEN w.expires_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE w.expires_at END
           RETURNING count, expires_at - $2::bigint AS ttl`,
          [this.prefix + key, nowMs, timeWindow],
        )
        .then(
          (result) => {
            const row = result.rows[0]!
            callback(null, { current: row.count, ttl: Number(row.ttl) })
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        )
    }

    child(routeOptions: unknown): PostgresWindowStore {
      const route = (routeOptions as WindowParams).routeInfo ?? {}
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '')
      return new PostgresWindowStore(routeOptions, `${this.prefix}${method}${route.url ?? ''}-`)
    }
  }
  return PostgresWindowStore
}
