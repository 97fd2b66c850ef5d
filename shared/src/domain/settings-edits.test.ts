import { describe, expect, it } from 'vitest'
import {
  MAX_OWN_BLACKLIST_ENTRIES,
  addBlacklistEntry,
  checkBlacklistEntry,
  isOnBuiltInBlacklist,
  removeBlacklistEntry,
  sidebarWidthSetting,
} from './settings-edits'
import { isBlacklisted } from './blacklist'

describe('checkBlacklistEntry', () => {
  it('accepts a host, an address prefix and a wildcard pattern, as the matcher reads them', () => {
    for (const typed of [
      'example.com',
      'example.com/private',
      '*://*.example.com/*',
      'localhost:8080',
    ]) {
      const check = checkBlacklistEntry(typed, [])
      expect(check).toEqual({ ok: true, entry: typed })
    }
    const host = checkBlacklistEntry('  News.Example.COM/Path?A=1#top ', [])
    expect(host).toEqual({ ok: true, entry: 'news.example.com/Path?A=1' })
    expect(isBlacklisted('https://news.example.com/Path?A=1', [host.ok ? host.entry : ''])).toBe(
      true,
    )
  })

  it('refuses what is not a site, with a message saying what to type', () => {
    expect(checkBlacklistEntry('', [])).toEqual({
      ok: false,
      error: 'Enter a site, such as example.com.',
    })
    for (const typed of [
      'hello',
      'exa mple.com',
      'http//x',
      'example..com',
      'ex_ample.com',
      ':80',
      'a.com:port',
    ]) {
      const check = checkBlacklistEntry(typed, [])
      expect(check.ok, typed).toBe(false)
    }
    expect(checkBlacklistEntry('x'.repeat(501) + '.com', [])).toMatchObject({ ok: false })
  })

  it('refuses duplicates of the own list and of the built-in list', () => {
    expect(checkBlacklistEntry('Example.com', ['example.com'])).toEqual({
      ok: false,
      error: 'example.com is already on your list.',
    })
    expect(checkBlacklistEntry('*://mail.google.com/*', [])).toEqual({
      ok: false,
      error: "*://mail.google.com/* is already on Inkmark's built-in list.",
    })
  })

  it('refuses an entry when the own list is full', () => {
    const full = Array.from({ length: MAX_OWN_BLACKLIST_ENTRIES }, (_, index) => `site${index}.com`)
    expect(checkBlacklistEntry('one-more.com', full)).toMatchObject({ ok: false })
  })
})

describe('own blacklist edits', () => {
  it('adds once and removes exactly the entry', () => {
    const list = addBlacklistEntry(['a.com'], 'b.com')
    expect(list).toEqual(['a.com', 'b.com'])
    expect(addBlacklistEntry(list, 'B.com')).toEqual(['a.com', 'b.com'])
    expect(removeBlacklistEntry(list, 'a.com')).toEqual(['b.com'])
  })

  it('tells a built-in site', () => {
    expect(isOnBuiltInBlacklist('https://mail.google.com/mail/u/0')).toBe(true)
    expect(isOnBuiltInBlacklist('https://example.com/')).toBe(false)
  })
})

describe('sidebarWidthSetting', () => {
  it('keeps whole pixels from the spec minimum, and refuses what is not a number', () => {
    expect(sidebarWidthSetting(512.4)).toBe(512)
    expect(sidebarWidthSetting(100)).toBe(340)
    expect(sidebarWidthSetting(99999)).toBe(2000)
    expect(sidebarWidthSetting(Number.NaN)).toBeNull()
  })
})
