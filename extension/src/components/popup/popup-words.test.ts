import { describe, expect, it } from 'vitest'
import { syncBadge } from './popup-words'

describe('the popup words', () => {
  it('names the sync state in a few words', () => {
    expect(syncBadge({ signedIn: false, state: 'SIGNED_OUT' })).toEqual({
      text: 'On this device only',
      tone: 'off',
    })
    expect(syncBadge({ signedIn: true, state: 'UP_TO_DATE' }).tone).toBe('ok')
    expect(syncBadge({ signedIn: true, state: 'UPDATING' }).text).toBe('Syncing…')
    expect(syncBadge({ signedIn: true, state: 'ALL_SERVERS_OFFLINE' })).toEqual({
      text: 'Server is not reachable',
      tone: 'warn',
    })
  })
})
