import { describeIntegrationUsageContract } from './integration-usage-contract'
import { openSqliteStorage } from './sqlite-storage'

describeIntegrationUsageContract('SQLite', () => Promise.resolve(openSqliteStorage(':memory:')))
