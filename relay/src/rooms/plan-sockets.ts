// The plan gate of open room sockets. A ticket is only issued to a plan that may sync, but a socket
// can stay open for hours: the trial ends, a subscription is refunded. Each message is checked
// against the account as last read (so an expiry by the clock closes the socket at its next
// message), the account is read again from storage at most once per PLAN_RECHECK_INTERVAL_MS, and
// `recheck(userId)` (called where a plan changes) reads it at once. A socket whose plan stopped
// allowing sync is closed with ROOM_PREMIUM_REQUIRED_CLOSE_CODE, which clients do not retry.
import type { WebSocket } from 'ws'
import type { RelayConfig } from '../config'
import { accountMaySync } from '../plans/sync-plan'
import type { RelayStorage, StoredUser } from '../storage/relay-storage'

/** Close code of a room socket whose account's plan no longer includes sync. */
export const ROOM_PREMIUM_REQUIRED_CLOSE_CODE = 4402
/** Close reason sent with it. */
export const ROOM_PREMIUM_REQUIRED_REASON = 'PREMIUM_REQUIRED: the plan no longer includes sync'
/** Longest time an open socket goes on with an account read from storage before reading it again. */
export const PLAN_RECHECK_INTERVAL_MS = 60_000

interface Watched {
  socket: WebSocket
  account: StoredUser
  readAt: number
  reading: boolean
}

/** The open room sockets of each account, closed when the account's plan stops allowing sync. */
export class PlanSockets {
  private readonly byUser = new Map<string, Set<Watched>>()

  constructor(
    private readonly storage: RelayStorage,
    private readonly config: RelayConfig,
    private readonly now: () => number,
  ) {}

  /** Watches `socket` of `account`; the gate answers false (and closes it) once sync is over. */
  watch(account: StoredUser, socket: WebSocket): (data: Uint8Array) => boolean {
    const watched: Watched = { socket, account, readAt: this.now(), reading: false }
    let sockets = this.byUser.get(account.id)
    if (!sockets) {
      sockets = new Set()
      this.byUser.set(account.id, sockets)
    }
    sockets.add(watched)
    socket.once('close', () => {
      sockets.delete(watched)
      if (sockets.size === 0 && this.byUser.get(account.id) === sockets) {
        this.byUser.delete(account.id)
      }
    })
    return () => {
      if (!this.allows(watched)) {
        return false
      }
      if (!watched.reading && this.now() - watched.readAt >= PLAN_RECHECK_INTERVAL_MS) {
        void this.reread(watched)
      }
      return true
    }
  }

  /** Reads the account again and closes its sockets if its plan no longer allows sync. */
  async recheck(userId: string): Promise<void> {
    const sockets = [...(this.byUser.get(userId) ?? [])]
    await Promise.all(sockets.map((watched) => this.reread(watched)))
  }

  private async reread(watched: Watched): Promise<void> {
    watched.reading = true
    try {
      const account = await this.storage.findUserById(watched.account.id)
      watched.readAt = this.now()
      if (!account) {
        // A deleted account's sockets are closed by the session sockets (ADR 029).
        return
      }
      watched.account = account
      this.allows(watched)
    } finally {
      watched.reading = false
    }
  }

  /** Whether the socket may go on; closes it when not. */
  private allows(watched: Watched): boolean {
    if (accountMaySync(watched.account, { config: this.config }, this.now())) {
      return true
    }
    if (watched.socket.readyState === watched.socket.OPEN) {
      // A paused socket would not read the client's answer to the close.
      watched.socket.resume()
      watched.socket.close(ROOM_PREMIUM_REQUIRED_CLOSE_CODE, ROOM_PREMIUM_REQUIRED_REASON)
    }
    return false
  }
}
