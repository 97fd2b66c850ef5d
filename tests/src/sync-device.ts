// A device for sync tests: its own local store (its own IndexedDB databases), its own relay
// client, sync engine and live channel, signed in as a user of the relay under test.
import {
  LiveChannel,
  RelayClient,
  SyncEngine,
  decodeTokenPayload,
  openLocalStore,
  type LocalStore,
  type PlanUser,
  type SyncNotice,
} from '@inkmark/shared'
import WebSocket from 'ws'

let deviceCounter = 0

export interface SyncDevice {
  name: string
  store: LocalStore
  engine: SyncEngine
  live: LiveChannel
  notices: SyncNotice[]
  /** Servers the client tries, main first (tests can point the main one elsewhere). */
  servers: string[]
  token: string | undefined
  signOut(): void
  close(): Promise<void>
}

/** Registers an account on the relay and returns its token. */
export async function registerAccount(
  relayUrl: string,
  email: string,
  password = 'correct horse battery',
): Promise<string> {
  const response = await fetch(`${relayUrl}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) {
    throw new Error(`register failed: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { token: string }).token
}

/** Opens a device signed in with `token` against the relay at `relayUrl`. */
export async function openDevice(
  relayUrl: string,
  token: string,
  name = `device-${++deviceCounter}`,
): Promise<SyncDevice> {
  const store = await openLocalStore({
    databaseName: `inkmark-${name}-${Math.random().toString(36).slice(2, 8)}`,
    quotaPlan: () => 'ULTIMATE',
  })
  const device: SyncDevice = {
    name,
    store,
    notices: [],
    servers: [relayUrl],
    token,
    engine: undefined as unknown as SyncEngine,
    live: undefined as unknown as LiveChannel,
    signOut: () => {
      device.token = undefined
      device.live.disconnect()
    },
    close: async () => {
      device.live.disconnect()
      await store.close()
    },
  }
  const client = new RelayClient({
    servers: () => device.servers,
    getToken: () => device.token,
    browserType: 'chrome',
    appType: 'test',
    timeZone: () => 'UTC',
  })
  device.engine = new SyncEngine({
    store,
    client,
    session: {
      getUser: () => (device.token ? (decodeTokenPayload(device.token) as PlanUser | null) : null),
      onAuthExpired: () => device.signOut(),
    },
    onNotice: (notice) => device.notices.push(notice),
  })
  device.live = new LiveChannel({
    relayUrl,
    getToken: () => device.token,
    WebSocketPolyfill: WebSocket,
  })
  return device
}
