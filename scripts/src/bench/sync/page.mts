// The page side of the sync benchmark: bundled with Vite and loaded in real Chromium, so each
// device is what a browser runs (the store on real IndexedDB, the sync engine over the browser's
// fetch, the live channel over its WebSocket). It puts `SyncBenchApi` on
// `globalThis.inkmarkSyncBench`; every time is taken here with performance.now().
import {
  LiveChannel,
  RelayClient,
  SyncEngine,
  decodeTokenPayload,
  openLocalStore,
  type LocalStore,
  type PlanUser,
  type StoredRecord,
} from '@inkmark/shared'
import { generateBookmark, generateMark } from '../store/generate'
import {
  BOOKMARK_EVERY,
  type BaselineReport,
  type LiveReport,
  type PopulateReport,
  type SyncBenchApi,
  type SyncBenchGlobal,
  type SyncRunReport,
} from './protocol'

/** Entities written per createOrUpdateEntities call while populating. */
const WRITE_BATCH = 1_000
/** Entities per /sync call: what the engine sends. */
const SYNC_BATCH = 20
const PUSHING_DATABASE = 'inkmark-sync-bench-push'
const PULLING_DATABASE = 'inkmark-sync-bench-pull'
const LIVE_TIMEOUT_MS = 10_000

let pushingStore: LocalStore | undefined

/** A relay client whose calls are counted, with their body bytes. */
function countingClient(relayUrl: string, token: string) {
  const counts = { calls: {} as Record<string, number>, sentBytes: 0, receivedBytes: 0 }
  const client = new RelayClient({
    servers: () => [relayUrl],
    getToken: () => token,
    browserType: 'chrome',
    appType: 'bench',
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET'
      counts.calls[method] = (counts.calls[method] ?? 0) + 1
      counts.sentBytes += typeof init?.body === 'string' ? init.body.length : 0
      const response = await fetch(input, init)
      const text = await response.text()
      counts.receivedBytes += text.length
      return new Response(text, { status: response.status, headers: response.headers })
    },
  })
  return { client, counts }
}

function engineFor(store: LocalStore, client: RelayClient, token: string): SyncEngine {
  return new SyncEngine({
    store,
    client,
    session: {
      getUser: () => decodeTokenPayload(token) as PlanUser | null,
      onAuthExpired: () => {
        throw new Error('The benchmark token expired')
      },
    },
  })
}

function heldEntities(store: LocalStore): number {
  return store.getAllBookmarks().length + store.getAllMarks().length
}

async function timedSync(
  store: LocalStore,
  relayUrl: string,
  token: string,
  entities: number,
): Promise<SyncRunReport> {
  const { client, counts } = countingClient(relayUrl, token)
  const engine = engineFor(store, client, token)
  const started = performance.now()
  const outcome = await engine.sync()
  const ms = performance.now() - started
  return {
    entities,
    ms,
    calls: counts.calls,
    sentBytes: counts.sentBytes,
    receivedBytes: counts.receivedBytes,
    held: heldEntities(store),
    state: outcome.state,
  }
}

const api: SyncBenchApi = {
  async populate(entities, seed) {
    pushingStore = await openLocalStore({
      databaseName: PUSHING_DATABASE,
      quotaPlan: () => 'ULTIMATE',
    })
    const bookmarkCount = Math.ceil(entities / BOOKMARK_EVERY)
    const generated: StoredRecord[] = []
    let bookmarks = 0
    let marks = 0
    for (let index = 0; index < entities; index++) {
      generated.push(
        (index % BOOKMARK_EVERY === 0
          ? generateBookmark(seed, bookmarks++)
          : generateMark(seed, marks++, bookmarkCount)) as unknown as StoredRecord,
      )
    }
    // Bookmarks first, so that every highlight finds its bookmark.
    generated.sort(
      (a, b) => Number(b._objectStore === 'bookmarks') - Number(a._objectStore === 'bookmarks'),
    )
    const started = performance.now()
    for (let start = 0; start < generated.length; start += WRITE_BATCH) {
      const result = await pushingStore.createOrUpdateEntities(
        generated.slice(start, start + WRITE_BATCH),
      )
      if (result.rejected.length > 0) {
        throw new Error(`Populating refused ${JSON.stringify(result.rejected.slice(0, 3))}`)
      }
    }
    await pushingStore.flush()
    const ms = performance.now() - started
    const pending = (await pushingStore.getEntitiesThatNeedSync()).map(
      ({ lastSync: _lastSync, ...entity }) => entity,
    )
    const batchBodies: string[] = []
    for (let start = 0; start < pending.length; start += SYNC_BATCH) {
      batchBodies.push(JSON.stringify({ entities: pending.slice(start, start + SYNC_BATCH) }))
    }
    return { entities, bookmarks, marks, ms, batchBodies } satisfies PopulateReport
  },

  async push(relayUrl, token) {
    if (!pushingStore) {
      throw new Error('populate first')
    }
    const pending = (await pushingStore.getEntitiesThatNeedSync()).length
    return timedSync(pushingStore, relayUrl, token, pending)
  },

  async pullOnFreshDevice(relayUrl, token, expected) {
    const store = await openLocalStore({
      databaseName: PULLING_DATABASE,
      quotaPlan: () => 'ULTIMATE',
    })
    try {
      const report = await timedSync(store, relayUrl, token, expected)
      await store.flush()
      return report
    } finally {
      await store.close()
    }
  },

  async baselinePosts(noopUrl, bodies) {
    const headers = {
      authorization: 'Bearer not-checked',
      'content-type': 'application/json',
      'wh-timezone': 'UTC',
      'wh-browser-type': 'chrome',
      'wh-app-type': 'bench',
    }
    let sentBytes = 0
    const started = performance.now()
    for (const body of bodies) {
      const response = await fetch(`${noopUrl}/noop`, { method: 'POST', headers, body })
      await response.json()
      if (!response.ok) {
        throw new Error(`POST /noop answered ${response.status}`)
      }
      sentBytes += body.length
    }
    const ms = performance.now() - started
    return { requests: bodies.length, ms, sentBytes } satisfies BaselineReport
  },

  async live(relayUrl, token, changes) {
    const open = (name: string) =>
      openLocalStore({
        databaseName: `inkmark-sync-bench-live-${name}`,
        quotaPlan: () => 'ULTIMATE',
      })
    const writer = await open('writer')
    const reader = await open('reader')
    const openChannels: LiveChannel[] = []
    const started = Promise.all(
      [writer, reader].map(
        (store) =>
          new Promise<void>((resolve) => {
            const channel = new LiveChannel({ relayUrl, getToken: () => token, onSynced: resolve })
            openChannels.push(channel)
            channel.connect(store)
          }),
      ),
    )
    try {
      await withTimeout(started, 'the live rooms to sync')
      const latenciesMs: number[] = []
      const bookmarkId = 'live-bench-bookmark'
      await writer.createOrUpdateEntities([
        {
          ...(generateBookmark(1, 0) as unknown as StoredRecord),
          _id: bookmarkId,
          isStarred: true,
        },
      ])
      await withTimeout(
        seen(reader, () => reader.getBookmark(bookmarkId) !== undefined),
        'the bookmark',
      )
      for (let change = 0; change < changes; change++) {
        const id = `live-bench-mark-${change}`
        const arrived = seen(reader, () => reader.getEntityById(id, 'marks') !== undefined)
        const sent = performance.now()
        await writer.createOrUpdateEntities([
          {
            ...(generateMark(1, change, 1) as unknown as StoredRecord),
            _id: id,
            _bookmark: bookmarkId,
            url: (generateBookmark(1, 0) as { url: string }).url,
          },
        ])
        await withTimeout(arrived, `live change ${change}`)
        latenciesMs.push(performance.now() - sent)
      }
      return { latenciesMs } satisfies LiveReport
    } finally {
      for (const channel of openChannels) {
        channel.disconnect()
      }
      await writer.close()
      await reader.close()
    }

    function seen(store: LocalStore, check: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        if (check()) {
          resolve()
          return
        }
        const stop = store.observe(() => {
          if (check()) {
            stop()
            resolve()
          }
        })
      })
    }
  },
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), LIVE_TIMEOUT_MS),
    ),
  ])
}

;(globalThis as SyncBenchGlobal).inkmarkSyncBench = api
