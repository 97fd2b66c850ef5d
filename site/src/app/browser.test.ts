import { describe, expect, it } from 'vitest'
import { browserOfUserAgent, toInstallBrowser } from './browser'
import { installLabel } from './InstallButton'
import { isCrawler } from './crawler'
import { isPlainClick } from './Link'

describe('install buttons', () => {
  it("read 'Add to {Browser} Browser - it's free' and default to Chrome", () => {
    expect(installLabel('edge')).toBe("Add to Edge Browser - it's free")
    expect(toInstallBrowser('safari')).toBe('chrome')
    expect(toInstallBrowser(undefined)).toBe('chrome')
    expect(toInstallBrowser('firefox')).toBe('firefox')
  })

  it("find the visitor's browser", () => {
    expect(
      browserOfUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('firefox')
    expect(
      browserOfUserAgent(
        'Mozilla/5.0 AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('edge')
    expect(
      browserOfUserAgent('Mozilla/5.0 AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15'),
    ).toBe('chrome')
  })
})

describe('crawlers', () => {
  it('knows the common ones, not browsers', () => {
    expect(
      isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe(true)
    expect(
      isCrawler('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'),
    ).toBe(true)
    expect(
      isCrawler(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe(false)
  })
})

describe('Link clicks', () => {
  const click = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
  }

  it('takes over plain left clicks only', () => {
    expect(isPlainClick(click)).toBe(true)
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false)
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false)
    expect(isPlainClick({ ...click, button: 1 })).toBe(false)
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false)
  })
})
