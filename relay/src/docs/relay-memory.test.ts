import { openMemorySqlite } from '../testing/relay-harness'
import { describeRelayMemory } from '../testing/memory-suite'

describeRelayMemory('SQLite', openMemorySqlite)
