import { openSqliteStorage } from './sqlite-storage'
import { describeEventsAndGiveawaysContract } from './events-giveaways-contract'
import { describeRelayStorageContract } from './storage-contract'
import { describeBillingStorageContract } from './billing-storage-contract'
import { describeSharingStorageContract } from './sharing-storage-contract'

describeRelayStorageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
describeBillingStorageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
describeEventsAndGiveawaysContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
describeSharingStorageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
