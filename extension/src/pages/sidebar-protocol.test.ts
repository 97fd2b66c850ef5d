import { describe, expect, it } from 'vitest'
import {
  isOpenReaderMessage,
  isOpenSidebarMessage,
  pageUrlFromSearch,
  sidebarPagePath,
} from './sidebar-protocol'

describe('the other sidebar messages and addresses', () => {
  it('recognises the open requests only by their channel', () => {
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
