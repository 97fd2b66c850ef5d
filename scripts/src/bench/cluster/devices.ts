// The simulated devices. Every account has REST devices, which POST /sync small batches (a new
// bookmark and a highlight on it, the store benchmark's entities), and live devices, which hold
// the library doc in the user's live room (the apps' y-websocket WebsocketProvider on the `ws`
// package, a fresh single-use room ticket per (re)connect through the shared ticket socket class,
// and the apps' reconnect back-off). Each account has an address of its own, sent as
// X-Forwarded-For (the relays trust loopback proxies in this benchmark, as a relay behind a proxy
// must): the relay limits registrations and room tickets per address, and real users do not share
// one. A live device reports when a bookmark first appears in its doc, which is how propagation
// is timed.
import {
  LIBRARY_ROOM_NAME,
  LIVE_MAX_BACKOFF_MS,
  ObjectStore,
  createRoomTicketSocketClass,
  entityMap,
  roomsUrl,
} from '@inkmark/shared'
import { Agent } from 'node:http'
import { WebSocket } from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { generateBookmark, generateMark } from '../store/generate'
import { send } from '../relay/http-client'

/** A password long enough for the relay. */
const PASSWORD = 'correct horse battery staple'
/** A request with no answer after this long is an error. */
export const REQUEST_TIMEOUT_MS = 30_000

export interface Account {
  index: number
  token: string
  /** The address the account's devices are seen from (198.18.0.0/15, the benchmarking range). */
  address: string
  seed: number
  /** Batches made so far: the next batch's index. */
  batches: number
  /** Bookmarks the relay answered as stored. */
  stored: Set<string>
}

/** Account `index`'s address. */
function addressOf(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Registers `count` accounts, `concurrency` at a time (each is an scrypt hash on a relay),
 * spread over `origins` in turn. A failed registration throws: the load needs every account.
 */
export async function registerAccounts(
  origins: readonly string[],
  count: number,
  concurrency: number,
  seed: number,
): Promise<Account[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const accounts: Account[] = []
  let next = 0
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) {
          const index = next
          next += 1
          const address = addressOf(index)
          const response = await send({
            agent,
            origin: new URL(origins[index % origins.length]!),
            method: 'POST',
            path: '/users/register',
            headers: { 'x-forwarded-for': address },
            body: Buffer.from(
              JSON.stringify({ email: `cluster-bench-${index}@example.com`, password: PASSWORD }),
            ),
            timeoutMs: 120_000,
          })
          const text = response.body.toString('utf8')
          if (response.status !== 200) {
            throw new Error(`POST /users/register: ${response.status} ${text.slice(0, 200)}`)
          }
          accounts[index] = {
            index,
            token: (JSON.parse(text) as { token: string }).token,
            address,
            seed: (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0,
            batches: 0,
            stored: new Set(),
          }
        }
      }),
    )
    return accounts
  } finally {
    agent.destroy()
  }
}

/** One POST /sync body: a new bookmark and a highlight on it. */
export interface SyncBatch {
  body: Buffer
  bookmarkId: string
  ids: string[]
}

/** The account's next batch (each device of an account writes new entities). */
export function nextBatch(account: Account): SyncBatch {
  const index = account.batches
  account.batches += 1
  const bookmark = generateBookmark(account.seed, index)
  // generateMark hangs mark `index` on bookmark `index` when there are `index + 1` bookmarks.
  const mark = generateMark(account.seed, index, index + 1)
  return {
    body: Buffer.from(JSON.stringify({ entities: [bookmark, mark] })),
    bookmarkId: String(bookmark._id),
    ids: [String(bookmark._id), String(mark._id)],
  }
}

/** A device that syncs over REST, on a keep-alive connection of its own. */
export class RestDevice {
  /** Idle connections are closed after 8 s, before HAProxy's 10 s keep-alive timeout can race a request. */
  readonly agent = new Agent({ keepAlive: true, maxSockets: 4, maxFreeSockets: 4, timeout: 8_000 })

  constructor(
    readonly account: Account,
    /** Where it sends: an instance, or HAProxy. */
    public origin: URL,
    public viaProxy: boolean,
    /** The live device that times the propagation of this device's writes, if any. */
    public watcher?: LiveDevice,
  ) {}

  /** POST /sync of `batch`: its latency, or what went wrong. */
  async post(batch: SyncBatch): Promise<{ ms: number; error?: string }> {
    try {
      const response = await send({
        agent: this.agent,
        origin: this.origin,
        method: 'POST',
        path: '/sync',
        headers: {
          authorization: `Bearer ${this.account.token}`,
          'x-forwarded-for': this.account.address,
        },
        body: batch.body,
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
      const text = response.body.toString('utf8')
      if (response.status !== 200) {
        return { ms: response.ms, error: `${response.status} ${text.slice(0, 200)}` }
      }
      const stored = (JSON.parse(text) as { stored?: string[] }).stored ?? []
      if (batch.ids.some((id) => !stored.includes(id))) {
        return { ms: response.ms, error: `not everything stored: ${text.slice(0, 200)}` }
      }
      this.account.stored.add(batch.bookmarkId)
      return { ms: response.ms }
    } catch (error) {
      return { ms: Number.NaN, error: messageOf(error) }
    }
  }

  close(): void {
    this.agent.destroy()
  }
}

/** Messages and bytes the live devices received, over every socket. */
export const roomTraffic = { messages: 0, bytes: 0 }

/** `ws`'s WebSocket seen from `address` (the X-Forwarded-For a proxy would add). */
function socketFrom(address: string): unknown {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { 'x-forwarded-for': address } })
      this.on('message', (data: { byteLength: number }) => {
        roomTraffic.messages += 1
        roomTraffic.bytes += data.byteLength
      })
    }
  }
}

/** A device holding the library doc in the account's live room. */
export class LiveDevice {
  readonly doc = new Y.Doc()
  private provider: WebsocketProvider | undefined
  /** Bookmarks being waited for: id to the callback that gets the time it appeared. */
  private readonly watched = new Map<string, (at: number) => void>()
  /** performance.now() of each disconnect and each completed sync. */
  readonly disconnects: number[] = []
  readonly syncs: number[] = []

  constructor(
    readonly account: Account,
    /** The relay it connects to: an instance's own address, or HAProxy's. */
    readonly relayUrl: string,
    readonly viaProxy: boolean,
    /** The instance it is pinned to (undefined through HAProxy). */
    readonly instance: number | undefined,
  ) {
    entityMap(this.doc, ObjectStore.BOOKMARKS).observe((event) => {
      if (this.watched.size === 0) {
        return
      }
      const at = performance.now()
      for (const key of event.keysChanged as Set<string>) {
        const seen = this.watched.get(key)
        if (seen) {
          this.watched.delete(key)
          seen(at)
        }
      }
    })
  }

  /** Connects; resolves once the room has synced, rejects after `limitMs`. */
  open(limitMs: number): Promise<void> {
    const { address, token } = this.account
    const provider = new WebsocketProvider(roomsUrl(this.relayUrl), LIBRARY_ROOM_NAME, this.doc, {
      disableBc: true,
      maxBackoffTime: LIVE_MAX_BACKOFF_MS,
      WebSocketPolyfill: createRoomTicketSocketClass({
        relayUrl: this.relayUrl,
        getToken: () => token,
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': address },
          }),
        WebSocket: socketFrom(address),
      }),
    })
    this.provider = provider
    provider.on('status', ({ status }: { status: string }) => {
      if (status === 'disconnected') {
        this.disconnects.push(performance.now())
      }
    })
    provider.on('sync', (synced: boolean) => {
      if (synced) {
        this.syncs.push(performance.now())
      }
    })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        provider.off('sync', onSync)
        reject(new Error(`account ${this.account.index}: the room did not sync in ${limitMs} ms`))
      }, limitMs)
      const onSync = (synced: boolean) => {
        if (synced) {
          clearTimeout(timer)
          provider.off('sync', onSync)
          resolve()
        }
      }
      provider.on('sync', onSync)
    })
  }

  get synced(): boolean {
    return this.provider?.synced ?? false
  }

  /** Calls `seen` with the time bookmark `id` appears in the doc (at once if it is there). */
  watch(id: string, seen: (at: number) => void): void {
    if (this.has(id)) {
      seen(performance.now())
    } else {
      this.watched.set(id, seen)
    }
  }

  unwatch(id: string): void {
    this.watched.delete(id)
  }

  has(id: string): boolean {
    return entityMap(this.doc, ObjectStore.BOOKMARKS).has(id)
  }

  close(): void {
    this.provider?.destroy()
    this.doc.destroy()
  }
}
