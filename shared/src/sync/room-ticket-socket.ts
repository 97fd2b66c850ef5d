// The live room's door on the client side. The relay opens a room only for a single-use ticket
// (POST /rooms/tickets with the bearer token), never for the login token in the URL. y-websocket
// opens its socket with `new WebSocketPolyfill(url)` on every (re)connect, always with the same
// URL, so this class stands in for WebSocket: each instance first asks for a fresh ticket, then
// opens the real socket with the ticket added to the URL and relays its events. A refused ticket
// (401: signed out, revoked, expired) ends as a close with ROOM_SESSION_ENDED_CLOSE_CODE, which
// y-websocket does not retry; an unreachable relay ends as an ordinary close, which it retries.
// A ticket refused with 402 (the plan no longer syncs) ends as ROOM_PREMIUM_REQUIRED_CLOSE_CODE,
// the code the relay closes an open room with when the plan stops allowing sync: not retried.

/** Close code of a room connection whose session ended: do not retry, sign in again. */
export const ROOM_SESSION_ENDED_CLOSE_CODE = 4401
/** Close code of a room the account's plan may not use (402 PREMIUM_REQUIRED): not retried. */
export const ROOM_PREMIUM_REQUIRED_CLOSE_CODE = 4402
/** Close code of a connection that got no ticket for another reason (retried with backoff). */
const NO_TICKET_CLOSE_CODE = 4500

/** A ticket request the relay refused with 401. */
export class RoomTicketRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RoomTicketRefusedError'
  }
}

/** What the socket class needs to get tickets. */
export interface RoomTicketOptions {
  /** The relay's HTTP origin, e.g. http://127.0.0.1:8787. */
  relayUrl: string
  getToken: () => string | undefined
  fetch?: typeof fetch
  /** The WebSocket class to open the real sockets with (Node tests pass `ws`'s). */
  WebSocket?: unknown
}

type Listener = ((event: unknown) => void) | null

interface SocketLike {
  binaryType: string
  readyState: number
  onopen: Listener
  onmessage: Listener
  onerror: Listener
  onclose: Listener
  send(data: unknown): void
  close(code?: number, reason?: string): void
}

type SocketClass = new (url: string, protocols?: string | string[]) => SocketLike

/** A ticket request the relay refused with 402: the account's plan does not include sync. */
export class RoomTicketPremiumRequiredError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RoomTicketPremiumRequiredError'
  }
}

/** Asks the relay for a ticket to the room `docName`; rejects RoomTicketRefusedError on 401. */
export async function fetchRoomTicket(
  options: RoomTicketOptions,
  docName: string,
): Promise<string> {
  const token = options.getToken()
  if (!token) {
    throw new RoomTicketRefusedError('Not signed in')
  }
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  const response = await fetchImpl(`${options.relayUrl.replace(/\/$/, '')}/rooms/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ docName }),
  })
  if (response.status === 401) {
    throw new RoomTicketRefusedError('The relay refused the login token')
  }
  if (response.status === 402) {
    throw new RoomTicketPremiumRequiredError('Sync is not included in this plan')
  }
  if (!response.ok) {
    throw new Error(`No room ticket: HTTP ${response.status}`)
  }
  const { ticket } = (await response.json()) as { ticket?: unknown }
  if (typeof ticket !== 'string') {
    throw new Error('No room ticket in the answer')
  }
  return ticket
}

/** A WebSocket class for y-websocket's `WebSocketPolyfill` that connects with fresh tickets. */
export function createRoomTicketSocketClass(options: RoomTicketOptions): typeof WebSocket {
  const Base = (options.WebSocket ?? globalThis.WebSocket) as SocketClass

  class RoomTicketSocket implements SocketLike {
    static readonly CONNECTING = 0
    static readonly OPEN = 1
    static readonly CLOSING = 2
    static readonly CLOSED = 3
    readonly CONNECTING = 0
    readonly OPEN = 1
    readonly CLOSING = 2
    readonly CLOSED = 3
    binaryType = 'arraybuffer'
    onopen: Listener = null
    onmessage: Listener = null
    onerror: Listener = null
    onclose: Listener = null
    private inner: SocketLike | undefined
    private closed = false

    constructor(url: string, protocols?: string | string[]) {
      const path = new URL(url).pathname
      const docName = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
      fetchRoomTicket(options, docName).then(
        (ticket) => {
          if (this.closed) {
            return
          }
          const separator = url.includes('?') ? '&' : '?'
          const socket = new Base(
            `${url}${separator}ticket=${encodeURIComponent(ticket)}`,
            protocols,
          )
          socket.binaryType = this.binaryType
          socket.onopen = (event) => this.onopen?.(event)
          socket.onmessage = (event) => this.onmessage?.(event)
          socket.onerror = (event) => this.onerror?.(event)
          socket.onclose = (event) => {
            this.closed = true
            this.onclose?.(event)
          }
          this.inner = socket
        },
        (error: unknown) => {
          if (this.closed) {
            return
          }
          this.closed = true
          const ended = error instanceof RoomTicketRefusedError
          const code = ended
            ? ROOM_SESSION_ENDED_CLOSE_CODE
            : error instanceof RoomTicketPremiumRequiredError
              ? ROOM_PREMIUM_REQUIRED_CLOSE_CODE
              : NO_TICKET_CLOSE_CODE
          this.onclose?.({
            code,
            reason: error instanceof Error ? error.message : 'No room ticket',
            wasClean: false,
          })
        },
      )
    }

    get readyState(): number {
      return this.inner?.readyState ?? (this.closed ? this.CLOSED : this.CONNECTING)
    }

    send(data: unknown): void {
      this.inner?.send(data)
    }

    close(code?: number, reason?: string): void {
      this.closed = true
      this.inner?.close(code, reason)
    }
  }
  return RoomTicketSocket as unknown as typeof WebSocket
}
