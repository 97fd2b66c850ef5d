import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SITE_URL,
  STORE_PAGES,
  ratingStoreUrl,
  shareLinks,
  toSiteUrl,
  upgradeDeal,
} from './prompt-links'

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const EDGE_UA = `${CHROME_UA} Edg/131.0.2903.86`
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

describe('toSiteUrl', () => {
  it('keeps an http(s) origin without its trailing slash', () => {
    expect(toSiteUrl('https://example.org/')).toBe('https://example.org')
    expect(toSiteUrl(' http://127.0.0.1:4000 ')).toBe('http://127.0.0.1:4000')
  })
  it('falls back to the product site for blank or other schemes', () => {
    expect(toSiteUrl(undefined)).toBe(DEFAULT_SITE_URL)
    expect(toSiteUrl('  ')).toBe(DEFAULT_SITE_URL)
    expect(toSiteUrl('javascript:alert(1)')).toBe(DEFAULT_SITE_URL)
  })
})

describe('ratingStoreUrl', () => {
  it("opens the store of the person's browser", () => {
    expect(ratingStoreUrl(CHROME_UA)).toBe(STORE_PAGES.chrome)
    expect(ratingStoreUrl(EDGE_UA)).toBe(STORE_PAGES.edge)
    expect(ratingStoreUrl(FIREFOX_UA)).toBe(STORE_PAGES.firefox)
    expect(ratingStoreUrl('')).toBe(STORE_PAGES.chrome)
  })
})

describe('upgradeDeal', () => {
  it('offers Black Friday from 23 to 30 November (UTC)', () => {
    expect(upgradeDeal(Date.UTC(2026, 10, 23), 'https://site.test')).toEqual({
      code: 'BLACKFRIDAY',
      percentOff: 40,
      pricingUrl: 'https://site.test/pricing?discountCode=BLACKFRIDAY',
    })
    expect(upgradeDeal(Date.UTC(2026, 10, 30, 23, 59), 'https://site.test').code).toBe(
      'BLACKFRIDAY',
    )
  })
  it('offers SPECIAL20 on other days', () => {
    expect(upgradeDeal(Date.UTC(2026, 10, 22), 'https://site.test')).toEqual({
      code: 'SPECIAL20',
      percentOff: 20,
      pricingUrl: 'https://site.test/pricing?discountCode=SPECIAL20',
    })
    expect(upgradeDeal(Date.UTC(2026, 11, 1), 'https://site.test').code).toBe('SPECIAL20')
  })
})

describe('shareLinks', () => {
  it('encodes the site address into every link, all https or mailto', () => {
    const links = shareLinks('https://site.test/?a=1&b=2')
    expect(links.map((link) => link.label)).toEqual([
      'Share on X',
      'Share on Facebook',
      'Share on LinkedIn',
      'Share on Reddit',
      'Share by email',
    ])
    for (const link of links) {
      expect(link.href).toContain(encodeURIComponent('https://site.test/?a=1&b=2'))
      expect(new URL(link.href).protocol).toMatch(/^(https|mailto):$/)
    }
  })
})
