// Chooses the relay's storage: PostgreSQL when DATABASE_URL is set, else SQLite in the data dir.
import { join } from 'node:path'
import type { RelayConfig } from '../config'
import { openPostgresStorage } from './postgres-storage'
import type { RelayStorage } from './relay-storage'
import { openSqliteStorage } from './sqlite-storage'

/** The SQLite file inside the data directory. */
export const SQLITE_FILE_NAME = 'inkmark-relay.sqlite'

/** Opens the storage the configuration asks for. */
export async function openStorage(
  config: Pick<RelayConfig, 'databaseUrl' | 'dataDir'>,
): Promise<RelayStorage> {
  if (config.databaseUrl) {
    return openPostgresStorage(config.databaseUrl)
  }
  return openSqliteStorage(join(config.dataDir, SQLITE_FILE_NAME))
}
