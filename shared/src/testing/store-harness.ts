// Opens real local stores for tests, each in a database of its own, with a clock the test moves
// and ids it can predict. Runs unchanged on fake-indexeddb (Node) and real IndexedDB (Chromium).
import type { BodyStore } from '../store/body-docs'
import { openLocalStore, type LocalStore } from '../store/local-store'
import type { QuotaPlan } from '../domain/storage-quota'
import { FIXTURE_NOW } from './factories'

let databaseCounter = 0

/** A clock that only moves when told to. */
export interface TestClock {
  now: () => number
  advance(ms: number): void
  set(time: number): void
}

/** A manual clock starting at `start`. */
export function createTestClock(start = FIXTURE_NOW): TestClock {
  let time = start
  return {
    now: () => time,
    advance: (ms) => {
      time += ms
    },
    set: (next) => {
      time = next
    },
  }
}

export interface TestStoreOptions {
  databaseName?: string
  clock?: TestClock
  quotaPlan?: QuotaPlan
  bodies?: BodyStore
}

export interface TestStore {
  store: LocalStore
  clock: TestClock
  databaseName: string
  /** Closes and opens the same database again, as a browser restart would. */
  reopen: () => Promise<LocalStore>
}

/** A fresh database name, unique within this test run. */
export function uniqueDatabaseName(prefix = 'inkmark-test'): string {
  databaseCounter += 1
  return `${prefix}-${databaseCounter}-${Math.random().toString(36).slice(2, 8)}`
}

/** Opens a store on a database of its own. */
export async function openTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const clock = options.clock ?? createTestClock()
  const databaseName = options.databaseName ?? uniqueDatabaseName()
  let idCounter = 0
  const open = () =>
    openLocalStore({
      databaseName,
      now: clock.now,
      createId: () => `id-${databaseName}-${++idCounter}`,
      ...(options.quotaPlan ? { quotaPlan: () => options.quotaPlan! } : {}),
      ...(options.bodies ? { bodies: options.bodies } : {}),
    })
  const harness: TestStore = {
    store: await open(),
    clock,
    databaseName,
    reopen: async () => {
      await harness.store.close()
      harness.store = await open()
      return harness.store
    },
  }
  return harness
}

/** Opens test stores and closes every one of them at once, for a test file's afterEach. */
export function trackTestStores(): {
  harness: (options?: TestStoreOptions) => Promise<TestStore>
  closeAll: () => Promise<void>
} {
  const open: TestStore[] = []
  return {
    async harness(options) {
      const created = await openTestStore(options)
      open.push(created)
      return created
    },
    async closeAll() {
      for (const created of open.splice(0)) {
        await created.store.close()
      }
    },
  }
}
