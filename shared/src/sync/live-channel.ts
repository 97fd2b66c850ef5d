// The live half of sync: while online and signed in, the library doc is connected to the user's
// live room on the relay (y-websocket protocol), so a change on one device reaches the others
// within a second. What arrives through the room is marked synced by the store; whatever the room
// missed (offline periods, body docs, deletions confirmed by REST) the REST sync catches up, and
// every time the room (re)connects the channel asks for one. Each (re)connect carries a fresh
// single-use room ticket, never the login token (room-ticket-socket.ts); a room closed because
// the session ended (signed out everywhere, password changed, account deleted) is not retried,
// and the app signs out with the spec's message. A room the relay closes for a limit (too many
// messages or sockets, a full account: codes y-websocket does not retry by itself) is joined
// again after the reason's Retry-After or an exponential back-off with jitter. A room closed or
// refused because the plan does not sync (4402) stays closed until the app connects again.
import { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'
import { Message } from '../domain/messages'
import {
  ROOM_PREMIUM_REQUIRED_CLOSE_CODE,
  ROOM_SESSION_ENDED_CLOSE_CODE,
  createRoomTicketSocketClass,
} from './room-ticket-socket'
import {
  Backoff,
  QUOTA_BACKOFF_BASE_MS,
  QUOTA_BACKOFF_MAX_MS,
  SyncPauseReason,
} from './sync-backoff'
import type { SyncPause } from './sync-backoff'

/** What the channel needs of the store (`LocalStore` has it). */
export interface RoomSharedStore {
  readonly doc: Y.Doc
  shareWithRoom(): () => void
}

/** The doc name of the library's room on the relay. */
export const LIBRARY_ROOM_NAME = 'library'
/** Longest pause between reconnection attempts. */
export const LIVE_MAX_BACKOFF_MS = 10_000
/** The relay's room close codes for its limits (relay/src/limits/room-limits.ts). */
export const RoomCloseCode = {
  RATE_LIMITED: 4429,
  TOO_MANY_SOCKETS: 4430,
  QUOTA_EXCEEDED: 4413,
} as const
const LIMIT_CLOSE_CODES: ReadonlySet<number> = new Set(Object.values(RoomCloseCode))

/** The least wait a limit's close asks for: `retry after N s` in its reason. */
function retryAfterOfReason(reason: string): number | undefined {
  const match = /retry after (\d+) s/.exec(reason)
  return match ? Number(match[1]) * 1000 : undefined
}

/** When to join a room again after the relay closed it for a limit. */
export class RoomRejoinPolicy {
  private readonly backoff: Backoff
  private readonly quotaBackoff: Backoff

  constructor(random?: () => number) {
    this.backoff = new Backoff({ ...(random ? { random } : {}) })
    this.quotaBackoff = new Backoff({
      baseMs: QUOTA_BACKOFF_BASE_MS,
      maxMs: QUOTA_BACKOFF_MAX_MS,
      ...(random ? { random } : {}),
    })
  }

  /** The pause after a close, or undefined when the code is not one of the limits'. */
  pauseFor(code: number, reason: string, now: number): SyncPause | undefined {
    if (!LIMIT_CLOSE_CODES.has(code)) {
      return undefined
    }
    if (code === RoomCloseCode.QUOTA_EXCEEDED) {
      return { reason: SyncPauseReason.QUOTA_EXCEEDED, retryAt: now + this.quotaBackoff.next() }
    }
    const reasonKind =
      code === RoomCloseCode.RATE_LIMITED ? SyncPauseReason.RATE_LIMITED : SyncPauseReason.FAILED
    return { reason: reasonKind, retryAt: now + this.backoff.next(retryAfterOfReason(reason)) }
  }

  /** The room synced: the next close starts from the base delay again. */
  reset(): void {
    this.backoff.reset()
    this.quotaBackoff.reset()
  }
}

/** Close code of a room closed for good because the account was deleted. */
const ROOM_CLOSED_CLOSE_CODE = 4403

export interface LiveChannelOptions {
  /** The relay's HTTP origin, e.g. http://127.0.0.1:8787. */
  relayUrl: string
  getToken: () => string | undefined
  /** A WebSocket class for runtimes without one (Node tests). */
  WebSocketPolyfill?: unknown
  /** The fetch that asks for room tickets (the global one by default). */
  fetch?: typeof fetch
  /** Called with the spec's message when the relay ended the session (the app signs out). */
  onAuthExpired?: (message: string) => void
  /** Called each time the room has synced (connect and reconnect). */
  onSynced?: () => void
  /** Called when the connection state changes. */
  onStatus?: (connected: boolean) => void
  /** Called when the relay closed or refused the room because the plan does not include sync. */
  onPremiumRequired?: () => void
  /** Called when the relay closed the room for a limit, with when it is joined again. */
  onPaused?: (pause: SyncPause) => void
  /** Timers and clock (tests pass fakes). */
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  now?: () => number
  random?: () => number
}

/** The websocket URL of the relay's rooms. */
export function roomsUrl(relayUrl: string): string {
  return `${relayUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/rooms`
}

/** One device's live connection of its library doc. */
export class LiveChannel {
  private provider: WebsocketProvider | undefined
  private unshare: (() => void) | undefined
  private rejoinTimer: unknown
  private readonly rejoin: RoomRejoinPolicy

  constructor(private readonly options: LiveChannelOptions) {
    this.rejoin = new RoomRejoinPolicy(options.random)
  }

  /** Connects the store's library doc to the user's room (reconnecting with the current token). */
  connect(store: RoomSharedStore): void {
    this.disconnect()
    const token = this.options.getToken()
    if (!token) {
      return
    }
    const doc = store.doc
    this.unshare = store.shareWithRoom()
    // The token the last ticket was asked for with: a refusal of an older token than the current
    // one (replaced meanwhile) is no reason to sign out.
    let ticketToken: string | undefined
    const getToken = () => {
      ticketToken = this.options.getToken()
      return ticketToken
    }
    const provider = new WebsocketProvider(
      roomsUrl(this.options.relayUrl),
      LIBRARY_ROOM_NAME,
      doc,
      {
        disableBc: true,
        maxBackoffTime: LIVE_MAX_BACKOFF_MS,
        WebSocketPolyfill: createRoomTicketSocketClass({
          relayUrl: this.options.relayUrl,
          getToken,
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          ...(this.options.WebSocketPolyfill ? { WebSocket: this.options.WebSocketPolyfill } : {}),
        }),
      },
    )
    // A session that ended may have been replaced already (changing the password gives this
    // device a new token while the relay closes the old session's socket): try once more with a
    // ticket of the current token, and sign out only if that is refused too.
    let retriedSinceConnected = false
    // Closes in 4400-4499 end y-websocket's reconnecting: a session that ended signs out (after
    // the one retry above), and the limits' closes are joined again after their pause.
    provider.on('closed', ({ code, reason }: { code: number; reason: string }) => {
      if (this.provider !== provider) {
        return
      }
      if (code === ROOM_PREMIUM_REQUIRED_CLOSE_CODE) {
        this.options.onPremiumRequired?.()
        return
      }
      if (code === ROOM_SESSION_ENDED_CLOSE_CODE || code === ROOM_CLOSED_CLOSE_CODE) {
        const replaced = this.options.getToken() !== ticketToken
        if (code === ROOM_SESSION_ENDED_CLOSE_CODE && (!retriedSinceConnected || replaced)) {
          retriedSinceConnected = true
          provider.connect()
        } else {
          this.options.onAuthExpired?.(Message.TOKEN_EXPIRED)
        }
        return
      }
      this.rejoinAfterLimit(provider, code, reason)
    })
    provider.on('sync', (synced: boolean) => {
      if (synced) {
        this.rejoin.reset()
        this.options.onSynced?.()
      }
    })
    provider.on('status', ({ status }: { status: string }) => {
      if (status === 'connected') {
        retriedSinceConnected = false
      }
      this.options.onStatus?.(status === 'connected')
    })
    this.provider = provider
  }

  /** Joins the room again after the pause a limit's close asks for (none for other closes). */
  private rejoinAfterLimit(provider: WebsocketProvider, code: number, reason: string): void {
    const now = this.options.now ?? Date.now
    const pause = this.rejoin.pauseFor(code, reason, now())
    if (!pause) {
      return
    }
    this.options.onPaused?.(pause)
    this.clearRejoin()
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.rejoinTimer = setTimer(
      () => {
        this.rejoinTimer = undefined
        if (this.provider === provider) {
          provider.connect()
        }
      },
      Math.max(0, pause.retryAt - now()),
    )
  }

  private clearRejoin(): void {
    if (this.rejoinTimer !== undefined) {
      const clearTimer =
        this.options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
      clearTimer(this.rejoinTimer)
      this.rejoinTimer = undefined
    }
  }

  /** Whether the room is connected and synced. */
  get synced(): boolean {
    return this.provider?.synced === true
  }

  /** Disconnects (sign-out, going offline on purpose, closing). */
  disconnect(): void {
    this.clearRejoin()
    this.provider?.destroy()
    this.provider = undefined
    this.unshare?.()
    this.unshare = undefined
  }
}
