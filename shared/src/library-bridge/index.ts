// The slim door of `@inkmark/shared/library-bridge` for the bridge content script: the bridge's
// messages, their validation and the allowed origins. No Yjs, no store.
export { checkRelayAddress } from '../domain/relay-address'
export {
  DEVELOPMENT_WEBAPP_ORIGIN,
  LIBRARY_BRIDGE_ORIGINS,
  PRODUCTION_WEBAPP_ORIGIN,
  isLibraryBridgeOrigin,
  matchPatternOf,
  originOfUrl,
} from './origins'
export {
  BridgeHandshake,
  LIBRARY_BRIDGE_PORT,
  MAX_SYNCED_ENTRIES,
  MAX_UPDATE_CHARS,
  base64ToBytes,
  bytesToBase64,
  isHello,
  parseBridgeMessage,
} from './protocol'
export type { BridgeMessage, SyncedEntry } from './protocol'
