import { describeIsolation } from '../testing/isolation-suite'
import { openMemorySqlite } from '../testing/relay-harness'

describeIsolation('SQLite', openMemorySqlite)
