import { openSqliteStorage } from './sqlite-storage'
import { describeEventsAndGiveawaysContract } from './events-giveaways-contract'
import { describeRelayStorageContract } from './storage-contract'

describeRelayStorageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
describeEventsAndGiveawaysContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
