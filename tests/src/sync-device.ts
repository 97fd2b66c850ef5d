// A device for sync tests: its own local store (its own IndexedDB databases), its own relay
// client, sync engine and live channel, signed in as a user of the relay under test.
import { request } from 'node:http'
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
let registrationCounter = 0

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

export interface DeviceOptions {
  /** The fetch of the device's relay client (tests wrap it to watch or break calls). */
  fetch?: typeof fetch
  /** The servers to start with (default: the relay only). */
  servers?: string[]
  /** The WebSocket class of the device's live room (default: `ws`'s). */
  WebSocket?: typeof WebSocket
}

/** POSTs JSON from the loopback address `localAddress` (undefined: the default one). */
function postJson(
  url: string,
  body: unknown,
  localAddress: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const call = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        ...(localAddress ? { localAddress } : {}),
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
        response.on('error', reject)
      },
    )
    call.on('error', reject)
    call.end(payload)
  })
}

/**
 * Registers an account on the relay and returns its token. The relay allows 20 account calls per
 * minute per address; on Linux all of 127.0.0.0/8 is loopback, so each registration comes from an
 * address of its own and a test may open hundreds of accounts (elsewhere it falls back to the
 * default address).
 */
export async function registerAccount(
  relayUrl: string,
  email: string,
  password = 'correct horse battery',
): Promise<string> {
  const n = registrationCounter++
  const localAddress = `127.77.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`
  let answer: { status: number; text: string }
  try {
    answer = await postJson(`${relayUrl}/users/register`, { email, password }, localAddress)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRNOTAVAIL') {
      throw error
    }
    answer = await postJson(`${relayUrl}/users/register`, { email, password }, undefined)
  }
  if (answer.status !== 200) {
    throw new Error(`register failed: ${answer.status} ${answer.text}`)
  }
  return (JSON.parse(answer.text) as { token: string }).token
}

/** Opens a device signed in with `token` against the relay at `relayUrl`. */
export async function openDevice(
  relayUrl: string,
  token: string,
  name = `device-${++deviceCounter}`,
  options: DeviceOptions = {},
): Promise<SyncDevice> {
  const store = await openLocalStore({
    databaseName: `inkmark-${name}-${Math.random().toString(36).slice(2, 8)}`,
    quotaPlan: () => 'ULTIMATE',
  })
  const device: SyncDevice = {
    name,
    store,
    notices: [],
    servers: options.servers ?? [relayUrl],
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
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
    WebSocketPolyfill: options.WebSocket ?? WebSocket,
    onAuthExpired: () => device.signOut(),
  })
  return device
}
