// The learning routes and reminders on SQLite (relay-postgres.test.ts runs the suite on PostgreSQL).
import { describeLearningRoutes } from '../testing/learning-suite'
import { openMemorySqlite } from '../testing/relay-harness'

describeLearningRoutes('SQLite', openMemorySqlite)
