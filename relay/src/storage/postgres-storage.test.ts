// Runs the storage contract against a real PostgreSQL (one throwaway cluster for the file, a fresh
// schema per test), plus what only PostgreSQL has: several pools writing one user at once.
import { Client, Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster'
import { openPostgresStorage } from './postgres-storage'
import type { RelayStorage } from './relay-storage'
import { describeRelayStorageContract } from './storage-contract'
import { describeBillingStorageContract } from './billing-storage-contract'
import { describeEventsAndGiveawaysContract } from './events-giveaways-contract'
import { describeSharingStorageContract } from './sharing-storage-contract'
import { describeIntegrationUsageContract } from './integration-usage-contract'

let cluster: PostgresCluster
let admin: Pool
let schemas = 0

beforeAll(async () => {
  cluster = await startPostgresCluster()
  admin = new Pool({ connectionString: cluster.connectionString, max: 2 })
}, 60_000)

afterAll(async () => {
  await admin?.end()
  await cluster?.stop()
}, 60_000)

/**
 * Creates an empty schema and returns a connection string whose connections use it, so each test
 * starts from nothing. A schema takes milliseconds where CREATE DATABASE takes ~300 ms.
 */
async function freshSchema(): Promise<string> {
  schemas += 1
  const name = `relay_test_${schemas}`
  await admin.query(`CREATE SCHEMA ${name}`)
  const url = new URL(cluster.connectionString)
  url.searchParams.set('options', `-c search_path=${name}`)
  return url.toString()
}

describeRelayStorageContract('PostgreSQL', async () => openPostgresStorage(await freshSchema()))
describeBillingStorageContract('PostgreSQL', async () => openPostgresStorage(await freshSchema()))
describeEventsAndGiveawaysContract('PostgreSQL', async () =>
  openPostgresStorage(await freshSchema()),
)
describeSharingStorageContract('PostgreSQL', async () => openPostgresStorage(await freshSchema()))
describeIntegrationUsageContract('PostgreSQL', async () => openPostgresStorage(await freshSchema()))

describe('PostgreSQL relay storage under concurrency', () => {
  const opened: RelayStorage[] = []
  const open = async (connectionString: string) => {
    const storage = await openPostgresStorage(connectionString)
    opened.push(storage)
    return storage
  }
  afterAll(async () => {
    await Promise.all(opened.map((storage) => storage.close()))
  })

  it('creates the schema once when two relays open an empty database at the same time', async () => {
    const url = await freshSchema()
    const [first, second] = await Promise.all([open(url), open(url)])
    await first.createUser({ id: 'u1', email: 'ada@example.com', passwordHash: 'h', createdAt: 1 })
    expect((await second.findUserById('u1'))?.email).toBe('ada@example.com')
  })

  it('commits concurrent updates of one user from two pools with distinct, ordered revisions', async () => {
    const url = await freshSchema()
    const [first, second] = await Promise.all([open(url), open(url)])
    await first.createUser({ id: 'u1', email: 'ada@example.com', passwordHash: 'h', createdAt: 1 })

    const writes = Array.from({ length: 20 }, (_, index) =>
      (index % 2 === 0 ? first : second).appendDocUpdate('u1', 'library', new Uint8Array([index]), [
        { store: 'marks', entityId: `m${index}`, deleted: false },
        { store: 'notes', entityId: `n${index}`, deleted: false },
      ]),
    )
    await Promise.all(writes)

    expect(await second.loadDocUpdates('u1', 'library')).toHaveLength(20)
    const changes = await first.listChangesSince('u1', 0, 100)
    // Every revision from 1 to 40 exactly once, in order: none lost, none shared.
    expect(changes.map((change) => change.revision)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    )
    // Each update's two changes got neighbouring revisions: no writer interleaved another.
    for (let index = 0; index < 20; index += 1) {
      const mark = changes.find((change) => change.entityId === `m${index}`)
      const note = changes.find((change) => change.entityId === `n${index}`)
      expect(note!.revision).toBe(mark!.revision + 1)
    }
  })

  it('makes a writer wait for an uncommitted writer of the same user, not of another', async () => {
    const url = await freshSchema()
    const storage = await open(url)
    await storage.createUser({
      id: 'u1',
      email: 'ada@example.com',
      passwordHash: 'h',
      createdAt: 1,
    })
    await storage.createUser({
      id: 'u2',
      email: 'bob@example.com',
      passwordHash: 'h',
      createdAt: 2,
    })

    // A writer of u1 that has taken revision 1 and not committed yet.
    const other = new Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('BEGIN')
      await other.query(`UPDATE users SET revision = revision + 1 WHERE id = 'u1'`)

      const blocked = storage.appendDocUpdate('u1', 'library', new Uint8Array([1]), [
        { store: 'marks', entityId: 'm1', deleted: false },
      ])
      await storage.appendDocUpdate('u2', 'library', new Uint8Array([2]), [
        { store: 'marks', entityId: 'x', deleted: false },
      ])
      const outcome = await Promise.race([
        blocked.then(() => 'committed'),
        new Promise((resolve) => setTimeout(resolve, 300, 'waiting')),
      ])
      expect(outcome).toBe('waiting')
      expect(await storage.listChangesSince('u1', 0, 10)).toEqual([])

      await other.query('COMMIT')
      await blocked
    } finally {
      await other.end()
    }
    expect(await storage.listChangesSince('u1', 0, 10)).toEqual([
      { store: 'marks', entityId: 'm1', deleted: false, revision: 2 },
    ])
  })

  it('keeps the last of several changes of one entity in one update, like SQLite', async () => {
    const storage = await open(await freshSchema())
    await storage.createUser({
      id: 'u1',
      email: 'ada@example.com',
      passwordHash: 'h',
      createdAt: 1,
    })
    await storage.appendDocUpdate('u1', 'library', new Uint8Array([1]), [
      { store: 'marks', entityId: 'm1', deleted: false },
      { store: 'marks', entityId: 'm2', deleted: false },
      { store: 'marks', entityId: 'm1', deleted: true },
    ])
    expect(await storage.listChangesSince('u1', 0, 10)).toEqual([
      { store: 'marks', entityId: 'm2', deleted: false, revision: 2 },
      { store: 'marks', entityId: 'm1', deleted: true, revision: 3 },
    ])
  })
})
