import { openMemorySqlite } from '../testing/relay-harness'
import { describeReadEndpoints } from '../testing/sync-suite'

describeReadEndpoints('SQLite', openMemorySqlite)
