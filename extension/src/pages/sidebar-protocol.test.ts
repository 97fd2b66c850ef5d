import { describe, expect, it } from 'vitest'
import {
  isOpenReaderMessage,
  isOpenSidebarMessage,
  isSidebarCloseMessage,
  pageUrlFromSearch,
  sidebarPagePath,
  sidebarUnplacedMessage,
  unplacedIdsOf,
} from './sidebar-protocol'

describe('what the page may tell the sidebar', () => {
  it('takes the ids of a well-formed message, as a copy', () => {
    const message = sidebarUnplacedMessage(new Set(['a', 'b']))
    expect(message).toEqual({ channel: 'inkmark:sidebar', unplaced: ['a', 'b'] })
    const ids = unplacedIdsOf(message)
    expect(ids).toEqual(['a', 'b'])
    expect(ids).not.toBe(message.unplaced)
    expect(unplacedIdsOf({ channel: 'inkmark:sidebar', unplaced: [] })).toEqual([])
  })

  it('ignores anything else the page might post', () => {
    for (const data of [
      null,
      undefined,
      'inkmark:sidebar',
      ['a'],
      { unplaced: ['a'] },
      { channel: 'inkmark:other', unplaced: ['a'] },
      { channel: 'inkmark:sidebar' },
      { channel: 'inkmark:sidebar', unplaced: 'a' },
      { channel: 'inkmark:sidebar', unplaced: ['a', 1] },
      { channel: 'inkmark:sidebar', unplaced: ['a', { toString: () => 'b' }] },
      { channel: 'inkmark:sidebar', unplaced: [''] },
      { channel: 'inkmark:sidebar', unplaced: ['x'.repeat(257)] },
      { channel: 'inkmark:sidebar', unplaced: Array.from({ length: 10_001 }, () => 'a') },
    ]) {
      expect(unplacedIdsOf(data)).toBeUndefined()
    }
  })

  it('keeps nothing but the ids', () => {
    const ids = unplacedIdsOf({
      channel: 'inkmark:sidebar',
      unplaced: ['a'],
      html: '<img src=x onerror=alert(1)>',
    })
    expect(ids).toEqual(['a'])
  })
})

describe('the other sidebar messages and addresses', () => {
  it('recognises the close and open requests only by their channel', () => {
    expect(isSidebarCloseMessage({ channel: 'inkmark:sidebar-close' })).toBe(true)
    expect(isSidebarCloseMessage({ channel: 'inkmark:sidebar' })).toBe(false)
    expect(isSidebarCloseMessage(null)).toBe(false)
    expect(isOpenSidebarMessage({ channel: 'inkmark:open-sidebar' })).toBe(true)
    expect(isOpenSidebarMessage('inkmark:open-sidebar')).toBe(false)
    expect(isOpenReaderMessage({ channel: 'inkmark:open-reader' })).toBe(true)
    expect(isOpenReaderMessage({ channel: 'inkmark:open-sidebar' })).toBe(false)
    expect(isOpenReaderMessage(undefined)).toBe(false)
  })

  it('carries the page URL to the sidebar page and back, encoded', () => {
    const url = 'https://example.com/a b?x=1&y=2#frag'
    const path = sidebarPagePath(url)
    expect(path).toBe(`tabs/sidebar.html?url=${encodeURIComponent(url)}`)
    expect(pageUrlFromSearch(path.slice(path.indexOf('?')))).toBe(url)
    expect(pageUrlFromSearch('')).toBe('')
  })
})
