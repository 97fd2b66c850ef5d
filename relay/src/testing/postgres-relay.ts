// Relays on a real PostgreSQL: one throwaway cluster per test file (started in beforeAll, stopped
// in afterAll) and a fresh schema per storage, so every test starts from an empty database
// without paying for CREATE DATABASE.
import { Pool } from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { openPostgresStorage } from '../storage/postgres-storage'
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster'
import type { OpenStorage } from './relay-harness'

export interface PostgresForTests {
  /** A connection string whose connections use a new, empty schema. */
  freshDatabaseUrl(): Promise<string>
  /** A PostgreSQL storage on a new, empty schema. */
  open: OpenStorage
}

/** Starts a cluster for the calling test file; call at the top level of the file. */
export function usePostgres(): PostgresForTests {
  let cluster: PostgresCluster | undefined
  let admin: Pool | undefined
  let schemas = 0

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    admin = new Pool({ connectionString: cluster.connectionString, max: 2 })
  }, 60_000)
  afterAll(async () => {
    await admin?.end()
    await cluster?.stop()
  }, 60_000)

  const freshDatabaseUrl = async () => {
    if (!cluster || !admin) {
      throw new Error('The PostgreSQL cluster is not running (use usePostgres at the top level)')
    }
    schemas += 1
    const name = `relay_suite_${schemas}`
    await admin.query(`CREATE SCHEMA ${name}`)
    const url = new URL(cluster.connectionString)
    url.searchParams.set('options', `-c search_path=${name}`)
    return url.toString()
  }
  return {
    freshDatabaseUrl,
    open: async () => openPostgresStorage(await freshDatabaseUrl()),
  }
}
