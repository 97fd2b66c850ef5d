import { describe, expect, it } from 'vitest'
import { RoomCloseCode, RoomRejoinPolicy } from './live-channel'
import { QUOTA_BACKOFF_BASE_MS, SyncPauseReason } from './sync-backoff'

describe('RoomRejoinPolicy', () => {
  const now = 5_000_000

  it('waits for the Retry-After a rate-limit close gives, and backs off for a socket cap', () => {
    const policy = new RoomRejoinPolicy(() => 0)
    expect(
      policy.pauseFor(
        RoomCloseCode.RATE_LIMITED,
        'RATE_LIMITED: too many messages, retry after 7 s',
        now,
      ),
    ).toEqual({ reason: SyncPauseReason.RATE_LIMITED, retryAt: now + 7000 })
    policy.reset()
    const first = policy.pauseFor(RoomCloseCode.TOO_MANY_SOCKETS, 'TOO_MANY_SOCKETS', now)
    const second = policy.pauseFor(RoomCloseCode.TOO_MANY_SOCKETS, 'TOO_MANY_SOCKETS', now)
    expect(second!.retryAt - now).toBe(2 * (first!.retryAt - now))
    policy.reset()
    expect(policy.pauseFor(RoomCloseCode.TOO_MANY_SOCKETS, '', now)).toEqual(first)
  })

  it('waits long for a full account, and leaves other closes to y-websocket', () => {
    const policy = new RoomRejoinPolicy(() => 0)
    expect(policy.pauseFor(RoomCloseCode.QUOTA_EXCEEDED, 'QUOTA_EXCEEDED', now)).toEqual({
      reason: SyncPauseReason.QUOTA_EXCEEDED,
      retryAt: now + QUOTA_BACKOFF_BASE_MS / 2,
    })
    expect(policy.pauseFor(4403, 'Room closed', now)).toBeUndefined()
    expect(policy.pauseFor(1006, '', now)).toBeUndefined()
  })
})
