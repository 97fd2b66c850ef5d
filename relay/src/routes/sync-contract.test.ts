import { openMemorySqlite } from '../testing/relay-harness'
import { describeSyncContract } from '../testing/sync-suite'

describeSyncContract('SQLite', openMemorySqlite)
