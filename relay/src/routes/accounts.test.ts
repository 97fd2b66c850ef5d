import { describeAccountRoutes } from '../testing/accounts-suite'
import { openMemorySqlite } from '../testing/relay-harness'

describeAccountRoutes('SQLite', openMemorySqlite)
