// The live half of sync: while online and signed in, the library doc is connected to the user's
// live room on the relay (y-websocket protocol), so a change on one device reaches the others
// within a second. What arrives through the room is marked synced by the store; whatever the room
// missed (offline periods, body docs, deletions confirmed by REST) the REST sync catches up, and
// every time the room (re)connects the channel asks for one.
import { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'

/** What the channel needs of the store (`LocalStore` has it). */
export interface RoomSharedStore {
  readonly doc: Y.Doc
  shareWithRoom(): () => void
}

/** The doc name of the library's room on the relay. */
export const LIBRARY_ROOM_NAME = 'library'
/** Longest pause between reconnection attempts. */
export const LIVE_MAX_BACKOFF_MS = 10_000

export interface LiveChannelOptions {
  /** The relay's HTTP origin, e.g. http://127.0.0.1:8787. */
  relayUrl: string
  getToken: () => string | undefined
  /** A WebSocket class for runtimes without one (Node tests). */
  WebSocketPolyfill?: unknown
  /** Called each time the room has synced (connect and reconnect). */
  onSynced?: () => void
  /** Called when the connection state changes. */
  onStatus?: (connected: boolean) => void
}

/** The websocket URL of the relay's rooms. */
export function roomsUrl(relayUrl: string): string {
  return `${relayUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/rooms`
}

/** One device's live connection of its library doc. */
export class LiveChannel {
  private provider: WebsocketProvider | undefined
  private unshare: (() => void) | undefined

  constructor(private readonly options: LiveChannelOptions) {}

  /** Connects the store's library doc to the user's room (reconnecting with the current token). */
  connect(store: RoomSharedStore): void {
    this.disconnect()
    const token = this.options.getToken()
    if (!token) {
      return
    }
    const doc = store.doc
    this.unshare = store.shareWithRoom()
    const provider = new WebsocketProvider(
      roomsUrl(this.options.relayUrl),
      LIBRARY_ROOM_NAME,
      doc,
      {
        params: { token },
        disableBc: true,
        maxBackoffTime: LIVE_MAX_BACKOFF_MS,
        ...(this.options.WebSocketPolyfill
          ? { WebSocketPolyfill: this.options.WebSocketPolyfill as typeof WebSocket }
          : {}),
      },
    )
    provider.on('sync', (synced: boolean) => {
      if (synced) {
        this.options.onSynced?.()
      }
    })
    provider.on('status', ({ status }: { status: string }) => {
      this.options.onStatus?.(status === 'connected')
    })
    this.provider = provider
  }

  /** Whether the room is connected and synced. */
  get synced(): boolean {
    return this.provider?.synced === true
  }

  /** Disconnects (sign-out, going offline on purpose, closing). */
  disconnect(): void {
    this.provider?.destroy()
    this.provider = undefined
    this.unshare?.()
    this.unshare = undefined
  }
}
