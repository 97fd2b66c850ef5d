import { openMemorySqlite } from '../testing/relay-harness'
import { describeSharing } from '../testing/sharing-suite'

describeSharing('SQLite', openMemorySqlite)
