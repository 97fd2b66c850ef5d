// The messages of the library bridge (ADR 035): the Yjs sync protocol between the web app's
// library doc and the extension's, plus this browser's sync bookkeeping (lastSync), so that the
// two behave as one device towards the relay. Every message is validated on arrival, by the
// content script in the middle and by both ends: a shape we do not know, a field of the wrong
// type or a payload over the caps is dropped. Updates travel as base64 text, because extension
// ports serialise messages as JSON.

/** The name of the extension port between the bridge content script and the background. */
export const LIBRARY_BRIDGE_PORT = 'inkmark:library-bridge'

/** What the page and the content script say on `window.postMessage` to hand over the port. */
export const BridgeHandshake = {
  /** The page asks for a port (again). */
  HELLO: 'inkmark:library-bridge:hello',
  /** The content script is there (it loaded after the page said hello). */
  PRESENT: 'inkmark:library-bridge:present',
  /** The content script hands the page its end of a MessageChannel. */
  PORT: 'inkmark:library-bridge:port',
} as const

/** The largest update (base64 characters) a message may carry: 48 MiB, under Chrome's 64 MiB. */
export const MAX_UPDATE_CHARS = 48 * 1024 * 1024
/** The most lastSync entries one message may carry (a whole library's, on connect). */
export const MAX_SYNCED_ENTRIES = 500_000
/** The longest key (`store/id`) of a lastSync entry. */
export const MAX_SYNCED_KEY_LENGTH = 256

/** One entity's lastSync: its key in the device state (`store/id`) and the time. */
export type SyncedEntry = readonly [key: string, lastSync: number]

/** A message between the two ends of the bridge. */
export type BridgeMessage =
  /** Sync step 1: my state vector, and what I know is synced. Answer with `sync2`. */
  | { t: 'sync1'; stateVector: string; synced: SyncedEntry[] }
  /** Sync step 2: what you lack, from your state vector. */
  | { t: 'sync2'; update: string }
  /** A change since: an update, lastSync entries, or both. */
  | { t: 'update'; update?: string; synced?: SyncedEntry[] }
  /** From the content script to the page: the extension is (again) at the other end; start over. */
  | { t: 'connected' }

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const STORES = ['marks', 'bookmarks', 'chromesettings', 'pagecontents', 'aichats']

function isBase64(value: unknown, required: boolean): value is string {
  if (value === undefined) {
    return !required
  }
  return (
    typeof value === 'string' &&
    value.length <= MAX_UPDATE_CHARS &&
    value.length % 4 === 0 &&
    BASE64.test(value)
  )
}

function isSyncedEntry(value: unknown): value is SyncedEntry {
  if (!Array.isArray(value) || value.length !== 2) {
    return false
  }
  const [key, lastSync] = value as unknown[]
  if (typeof key !== 'string' || key.length > MAX_SYNCED_KEY_LENGTH) {
    return false
  }
  const slash = key.indexOf('/')
  return (
    slash > 0 &&
    slash < key.length - 1 &&
    STORES.includes(key.slice(0, slash)) &&
    typeof lastSync === 'number' &&
    Number.isFinite(lastSync) &&
    lastSync >= 0
  )
}

function isSyncedList(value: unknown, required: boolean): value is SyncedEntry[] {
  if (value === undefined) {
    return !required
  }
  return Array.isArray(value) && value.length <= MAX_SYNCED_ENTRIES && value.every(isSyncedEntry)
}

/** The message, if `data` is a well-formed bridge message within the caps; else null. */
export function parseBridgeMessage(data: unknown): BridgeMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return null
  }
  const message = data as Record<string, unknown>
  const keys = Object.keys(message)
  const only = (...allowed: string[]) => keys.every((key) => allowed.includes(key))
  switch (message.t) {
    case 'sync1':
      return only('t', 'stateVector', 'synced') &&
        isBase64(message.stateVector, true) &&
        isSyncedList(message.synced, true)
        ? (message as BridgeMessage)
        : null
    case 'sync2':
      return only('t', 'update') && isBase64(message.update, true)
        ? (message as BridgeMessage)
        : null
    case 'update':
      return only('t', 'update', 'synced') &&
        isBase64(message.update, false) &&
        isSyncedList(message.synced, false) &&
        (message.update !== undefined || message.synced !== undefined)
        ? (message as BridgeMessage)
        : null
    case 'connected':
      return only('t') ? { t: 'connected' } : null
    default:
      return null
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const LOOKUP = new Uint8Array(128)
for (let i = 0; i < ALPHABET.length; i++) {
  LOOKUP[ALPHABET.charCodeAt(i)] = i
}

/** Base64 of bytes (standard alphabet, padded). */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = []
  let chunk = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!
    const b = bytes[i + 1]
    const c = bytes[i + 2]
    chunk +=
      ALPHABET[a >> 2]! +
      ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]! +
      (b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!) +
      (c === undefined ? '=' : ALPHABET[c & 63]!)
    if (chunk.length >= 8192) {
      parts.push(chunk)
      chunk = ''
    }
  }
  parts.push(chunk)
  return parts.join('')
}

/** The bytes of base64 text already checked by `parseBridgeMessage`. */
export function base64ToBytes(text: string): Uint8Array {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  const bytes = new Uint8Array((text.length / 4) * 3 - padding)
  let out = 0
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (LOOKUP[text.charCodeAt(i)]! << 18) |
      (LOOKUP[text.charCodeAt(i + 1)]! << 12) |
      (LOOKUP[text.charCodeAt(i + 2)]! << 6) |
      LOOKUP[text.charCodeAt(i + 3)]!
    for (const byte of [n >> 16, (n >> 8) & 255, n & 255]) {
      if (out < bytes.length) {
        bytes[out++] = byte
      }
    }
  }
  return bytes
}

/** Whether `data` is the page's request for a port. */
export function isHello(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === BridgeHandshake.HELLO
  )
}
