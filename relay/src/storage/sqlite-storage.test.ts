import { openSqliteStorage } from './sqlite-storage'
import { describeRelayStorageContract } from './storage-contract'

describeRelayStorageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
