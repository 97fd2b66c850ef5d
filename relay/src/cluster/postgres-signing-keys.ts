// The signing keys relay instances share when they share a PostgreSQL database (ADR 085). The
// first instance to start makes the first key; a rotation adds a newer one and drops keys that
// were superseded long enough ago that no token signed with them is still valid.
import type { Pool, PoolClient } from 'pg'
import { CLUSTER_CHANNEL, encodeClusterEvent } from './cluster-bus'
import type { SigningKey, SigningKeyStore } from './signing-keys'

export const POSTGRES_SIGNING_KEYS_SCHEMA = `
CREATE TABLE IF NOT EXISTS signing_keys (
  id TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
`

interface KeyRow {
  id: string
  secret: string
  created_at: string
}

function toKey(row: KeyRow): SigningKey {
  return {
    id: row.id,
    secret: new TextEncoder().encode(row.secret),
    createdAt: Number(row.created_at),
  }
}

const LIST = 'SELECT id, secret, created_at FROM signing_keys ORDER BY created_at DESC, id'

/** Runs work in one transaction on one pooled connection (the store's runner). */
type InTransaction = <T>(pool: Pool, work: (client: PoolClient) => Promise<T>) => Promise<T>

/** Two instances making or rotating keys at once take turns (released at commit). */
function lockKeys(client: PoolClient): Promise<unknown> {
  return client.query(`SELECT pg_advisory_xact_lock(hashtext('inkmark-signing-keys'))`)
}

/** The key store on `pool`; `inTransaction` is the store's transaction runner. */
export function postgresSigningKeys(pool: Pool, inTransaction: InTransaction): SigningKeyStore {
  const list = async () => (await pool.query<KeyRow>(LIST)).rows.map(toKey)
  const secretText = (key: SigningKey) => new TextDecoder().decode(key.secret)
  return {
    listSigningKeys: list,
    async addFirstSigningKey(key) {
      // Two instances starting at once: the lock makes one of them make the key, the other see it.
      await inTransaction(pool, async (client) => {
        await lockKeys(client)
        await client.query(
          `INSERT INTO signing_keys (id, secret, created_at)
           SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM signing_keys)`,
          [key.id, secretText(key), key.createdAt],
        )
      })
      return list()
    },
    async rotateSigningKey(key, retireBefore, retireOthers) {
      await inTransaction(pool, async (client) => {
        await lockKeys(client)
        // Newer than every kept key whatever the clock of the machine rotating says: it signs next.
        await client.query(
          `INSERT INTO signing_keys (id, secret, created_at)
           SELECT $1, $2, GREATEST($3::bigint, COALESCE(MAX(created_at), 0) + 1) FROM signing_keys`,
          [key.id, secretText(key), key.createdAt],
        )
        if (retireOthers) {
          await client.query('DELETE FROM signing_keys WHERE id <> $1', [key.id])
        } else {
          // A key is superseded when the next newer key was made; drop those superseded long ago.
          await client.query(
            `DELETE FROM signing_keys AS old WHERE old.id <> $2 AND EXISTS (
               SELECT 1 FROM signing_keys AS newer
               WHERE newer.created_at > old.created_at AND newer.created_at < $1)`,
            [retireBefore, key.id],
          )
        }
        await client.query('SELECT pg_notify($1, $2)', [
          CLUSTER_CHANNEL,
          encodeClusterEvent({ type: 'keys' }),
        ])
      })
      return list()
    },
  }
}
