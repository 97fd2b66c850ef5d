import { describe, expect, it } from 'vitest'
import { countOf, syncBadge } from './popup-words'

describe('the popup words', () => {
  it('counts with proper plurals', () => {
    expect(countOf(0, 'highlight')).toBe('No highlights')
    expect(countOf(1, 'highlight')).toBe('1 highlight')
    expect(countOf(3, 'highlight')).toBe('3 highlights')
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies')
  })

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
