// `npm run relay:rotate-key [-- --retire-others]`: rotates the signing keys relay instances share
// in the PostgreSQL database of DATABASE_URL (ADR 085). Relays configured with INKMARK_JWT_SECRET
// do not use stored keys: rotate those by setting a new secret and moving the old one to
// INKMARK_JWT_PREVIOUS_SECRETS, one instance at a time.
import { Pool } from 'pg'
import { postgresSigningKeys } from './cluster/postgres-signing-keys'
import { rotateSigningKey } from './cluster/rotate-key'
import { inTransaction } from './storage/postgres-storage'

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  if (!databaseUrl) {
    throw new Error('Set DATABASE_URL to the database the relays share')
  }
  const retireOthers = process.argv.includes('--retire-others')
  const pool = new Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 })
  try {
    const keys = await rotateSigningKey(postgresSigningKeys(pool, inTransaction), Date.now(), {
      retireOthers,
    })
    console.log(
      `New signing key ${keys[0]!.id}; ${keys.length - 1} older key(s) still verify${
        retireOthers ? ' (none: the others were retired, everyone signs in again)' : ''
      }.`,
    )
  } finally {
    await pool.end()
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  console.error(
    message.includes('signing_keys')
      ? 'No signing keys table: start a relay on this database once first.'
      : `Rotating the signing key failed: ${message}`,
  )
  process.exit(1)
})
