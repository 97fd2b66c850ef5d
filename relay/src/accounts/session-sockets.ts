// The room sockets of each session, so that ending a session ends its live connections too: a
// socket opened with a ticket lives only as long as the token the ticket was issued for. Revoking
// sessions on this relay closes the user's sockets at once; other instances sharing PostgreSQL hear
// of it on the cluster bus and check that user's sockets against the account (ADR 085), and all of
// them once the bus was away. A periodic sweep closes sockets whose token expired. Close codes
// follow y-websocket's rule: 4400-4499 is "do not reconnect", anything else is retried (ADR 029).
import type { WebSocket } from 'ws'
import type { RelayStorage } from '../storage/relay-storage'

/** The session was revoked or the account is gone: clients must sign in again, not retry. */
export const SESSION_REVOKED_CLOSE_CODE = 4401
/** The token behind the socket expired: a client with a renewed token reconnects (new ticket). */
export const SESSION_EXPIRED_CLOSE_CODE = 4001
/** How often sockets are checked against their token's expiry and the account. */
export const SESSION_SWEEP_INTERVAL_MS = 10_000

interface TrackedSocket {
  socket: WebSocket
  sessionVersion: number
  expiresAt: number
}

/** The open room sockets of this relay, by user. */
export class SessionSockets {
  private readonly byUser = new Map<string, Set<TrackedSocket>>()
  private readonly timer: ReturnType<typeof setInterval>

  constructor(
    private readonly storage: RelayStorage,
    private readonly now: () => number,
  ) {
    this.timer = setInterval(() => this.sweep(), SESSION_SWEEP_INTERVAL_MS)
    this.timer.unref()
  }

  /** Follows `socket` of `userId`'s session until it closes. */
  track(socket: WebSocket, userId: string, sessionVersion: number, expiresAt: number): void {
    let sockets = this.byUser.get(userId)
    if (!sockets) {
      sockets = new Set()
      this.byUser.set(userId, sockets)
    }
    const tracked = { socket, sessionVersion, expiresAt }
    sockets.add(tracked)
    socket.once('close', () => {
      sockets.delete(tracked)
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) {
        this.byUser.delete(userId)
      }
    })
  }

  /** Closes every socket of `userId` (their sessions were revoked). */
  revoke(userId: string): void {
    for (const tracked of this.byUser.get(userId) ?? []) {
      tracked.socket.close(SESSION_REVOKED_CLOSE_CODE, 'Session ended')
    }
  }

  /** Closes every socket of `userId` (the account was deleted, here or on another instance). */
  closeUser(userId: string): void {
    this.revoke(userId)
  }

  /** Closes `userId`'s sockets whose session is no longer the account's (revoked elsewhere). */
  async recheck(userId: string): Promise<void> {
    const sockets = this.byUser.get(userId)
    if (!sockets) {
      return
    }
    const user = await this.storage.findUserById(userId)
    for (const tracked of sockets) {
      if (!user || user.sessionVersion !== tracked.sessionVersion) {
        tracked.socket.close(SESSION_REVOKED_CLOSE_CODE, 'Session ended')
      }
    }
  }

  /** Checks every user's sockets (announcements may have been missed while the bus was away). */
  async recheckAll(): Promise<void> {
    for (const userId of [...this.byUser.keys()]) {
      // One user's failed read does not leave the others unchecked.
      await this.recheck(userId).catch(() => undefined)
    }
  }

  /** Closes the sockets whose token expired. */
  sweep(): void {
    const now = this.now()
    for (const sockets of this.byUser.values()) {
      for (const tracked of sockets) {
        if (tracked.expiresAt <= now) {
          tracked.socket.close(SESSION_EXPIRED_CLOSE_CODE, 'Session token expired')
        }
      }
    }
  }

  /** Stops the sweep (the relay is closing). */
  close(): void {
    clearInterval(this.timer)
  }
}
