import { describeQuotas } from '../testing/quota-suite'
import { openMemorySqlite } from '../testing/relay-harness'

describeQuotas('SQLite', openMemorySqlite)
