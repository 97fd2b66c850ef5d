// The limits of live rooms, per account over every socket of that account: at most N open
// sockets, a token bucket of messages, and the storage quotas on updates. A socket over a limit is
// closed with a code of its own rather than having messages dropped: a dropped Yjs update would
// leave client and relay apart without either knowing, while after a close the client's next
// join resends whatever the relay lacks (docs/adr/030-relay-limits.md). The codes sit in the
// 4400-4499 range, where y-websocket clients do not reconnect on their own, so a stock client
// stops instead of hammering; Inkmark's clients come back after the delay the reason gives.
import type { WebSocket } from 'ws'
import type { AccountUsage } from './account-usage'
import type { RelayLimits } from './limits-config'
import { TokenBuckets, retryAfterSeconds } from './token-buckets'

/** Too many messages from the account: the reason says `retry after N s`. */
export const ROOM_RATE_LIMITED_CLOSE_CODE = 4429
/** The account has its most sockets open already. */
export const ROOM_TOO_MANY_SOCKETS_CLOSE_CODE = 4430
/** An update would take the account past its storage or page-content quota. */
export const ROOM_QUOTA_EXCEEDED_CLOSE_CODE = 4413

const MESSAGE_SYNC = 0
const SYNC_STEP_2 = 1
const SYNC_UPDATE = 2

/** Decides for one socket's message whether the room may handle it. */
export type MessageGate = (data: Uint8Array) => boolean

/** Whether a y-websocket message carries doc content (sync step 2 or an update). */
function carriesUpdate(data: Uint8Array): boolean {
  return data[0] === MESSAGE_SYNC && (data[1] === SYNC_STEP_2 || data[1] === SYNC_UPDATE)
}

/** The sockets and message buckets of every account with a room open. */
export class RoomLimits {
  private readonly sockets = new Map<string, Set<WebSocket>>()
  private readonly messages: TokenBuckets

  constructor(
    private readonly limits: RelayLimits,
    private readonly usage: AccountUsage,
    now: () => number,
  ) {
    this.messages = new TokenBuckets(limits.roomMessagesPerAccount, now)
  }

  /** Open sockets of an account. */
  openSockets(userId: string): number {
    return this.sockets.get(userId)?.size ?? 0
  }

  /**
   * Admits a new socket of `userId` to `docName`: the gate for its messages, or undefined when
   * the account has too many sockets open (the socket is closed with the code that says so).
   */
  admit(userId: string, docName: string, socket: WebSocket): MessageGate | undefined {
    const open = this.sockets.get(userId) ?? new Set<WebSocket>()
    if (open.size >= this.limits.socketsPerAccount) {
      socket.close(
        ROOM_TOO_MANY_SOCKETS_CLOSE_CODE,
        `TOO_MANY_SOCKETS: at most ${this.limits.socketsPerAccount} open connections per account`,
      )
      return undefined
    }
    open.add(socket)
    this.sockets.set(userId, open)
    this.usage.watch(userId)
    socket.on('close', () => {
      open.delete(socket)
      if (open.size === 0 && this.sockets.get(userId) === open) {
        this.sockets.delete(userId)
        this.usage.unwatch(userId)
      }
    })
    return (data) => {
      if (socket.readyState !== socket.OPEN) {
        return false
      }
      const taken = this.messages.take(userId)
      if (!taken.ok) {
        socket.close(
          ROOM_RATE_LIMITED_CLOSE_CODE,
          `RATE_LIMITED: too many messages, retry after ${retryAfterSeconds(taken.retryAfterMs)} s`,
        )
        return false
      }
      if (carriesUpdate(data)) {
        const refusal = this.usage.admitRoomBytes(userId, docName, data.length)
        if (refusal) {
          socket.close(
            ROOM_QUOTA_EXCEEDED_CLOSE_CODE,
            `QUOTA_EXCEEDED: ${refusal.usedBytes} of ${refusal.quotaBytes} bytes used`,
          )
          return false
        }
      }
      return true
    }
  }
}
