// The sharing suite on PostgreSQL (the SQLite run is routes/sharing.test.ts).
import { describeSharing } from './testing/sharing-suite'
import { usePostgres } from './testing/postgres-relay'

const postgres = usePostgres()

describeSharing('PostgreSQL', postgres.open)
