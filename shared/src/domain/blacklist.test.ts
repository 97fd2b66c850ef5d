import { describe, expect, it } from 'vitest'
import {
  ALL_URLS_PATTERN,
  BlacklistCategory,
  DEFAULT_BLACKLIST,
  DEFAULT_BLACKLIST_BY_CATEGORY,
  HIGHLIGHTABLE_PROTOCOLS,
  INKMARK_APP_HOSTS,
  isBlacklisted,
  matchesBlacklistEntry,
  matchesWildcardPattern,
} from './blacklist'

describe('DEFAULT_BLACKLIST', () => {
  it('covers search, docs, mail, calendar, payment, chat and adult sites', () => {
    expect(Object.keys(DEFAULT_BLACKLIST_BY_CATEGORY)).toEqual(Object.values(BlacklistCategory))
    for (const patterns of Object.values(DEFAULT_BLACKLIST_BY_CATEGORY)) {
      expect(patterns.length).toBeGreaterThan(0)
    }
    expect(DEFAULT_BLACKLIST).toEqual(
      expect.arrayContaining([
        '*://*.google.com/search*',
        '*://mail.google.com/*',
        '*://docs.google.com/*',
        '*://calendar.google.com/*',
        '*://outlook.live.com/*',
        '*://*.paypal.com/*',
        '*://checkout.stripe.com/*',
        '*://app.slack.com/*',
        '*://web.whatsapp.com/*',
        '*://*.discord.com/channels/*',
        '*://*.messenger.com/*',
        '*://teams.microsoft.com/*',
        '*://*.pornhub.com/*',
      ]),
    )
  })

  it('contains only well-formed patterns without duplicates', () => {
    expect(new Set(DEFAULT_BLACKLIST).size).toBe(DEFAULT_BLACKLIST.length)
    for (const pattern of DEFAULT_BLACKLIST) {
      expect(pattern).toMatch(/^\*:\/\/[^/]+\/.*$/)
    }
  })

  it.each([
    ['https://www.google.com/search?q=inkmark', BlacklistCategory.SEARCH],
    ['https://www.google.co.uk/search?q=inkmark', BlacklistCategory.SEARCH],
    ['https://google.com/search?q=x', BlacklistCategory.SEARCH],
    ['https://www.bing.com/search?q=x', BlacklistCategory.SEARCH],
    ['https://duckduckgo.com/?q=x', BlacklistCategory.SEARCH],
    ['https://www.baidu.com/s?wd=x', BlacklistCategory.SEARCH],
    ['https://docs.google.com/document/d/1/edit', BlacklistCategory.DOCS],
    ['https://mail.google.com/mail/u/0/#inbox', BlacklistCategory.MAIL],
    ['https://outlook.office.com/mail/', BlacklistCategory.MAIL],
    ['https://www.icloud.com/mail/', BlacklistCategory.MAIL],
    ['https://calendar.google.com/calendar/r', BlacklistCategory.CALENDAR],
    ['https://www.paypal.com/checkoutnow?token=1', BlacklistCategory.PAYMENT],
    ['https://checkout.stripe.com/c/pay/cs_1', BlacklistCategory.PAYMENT],
    ['https://secure.chase.com/web/auth', BlacklistCategory.PAYMENT],
    ['https://www.hsbc.co.uk/login', BlacklistCategory.PAYMENT],
    ['https://app.slack.com/client/T1/C1', BlacklistCategory.CHAT],
    ['https://web.whatsapp.com/', BlacklistCategory.CHAT],
    ['https://discord.com/channels/1/2', BlacklistCategory.CHAT],
    ['https://www.messenger.com/t/1', BlacklistCategory.CHAT],
    ['https://teams.microsoft.com/_#/conversations', BlacklistCategory.CHAT],
    ['https://www.pornhub.com/view_video.php?viewkey=1', BlacklistCategory.ADULT],
    ['https://xhamster.com/', BlacklistCategory.ADULT],
  ])('blocks %s (%s)', (url, category) => {
    expect(isBlacklisted(url, [])).toBe(true)
    const patterns = DEFAULT_BLACKLIST_BY_CATEGORY[category]
    expect(patterns.some((pattern) => matchesWildcardPattern(url, pattern))).toBe(true)
  })

  it.each([
    'https://www.google.com/maps/place/x',
    'https://www.bing.com/maps',
    'https://en.wikipedia.org/wiki/Search_engine',
    'https://example.com/research/search-engines',
    'https://developer.paypal.dev/docs',
    'https://stripe.com/docs/payments',
    'https://slack.com/intl/en-gb/features',
    'https://discord.com/safety',
    'https://blog.google/products/gmail/',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'file:///home/me/paper.pdf',
  ])('leaves %s highlightable', (url) => {
    expect(isBlacklisted(url, [])).toBe(false)
  })
})

describe('isBlacklisted', () => {
  it('adds the user list to the default list', () => {
    expect(isBlacklisted('https://news.example.com/a', ['example.com'])).toBe(true)
    expect(isBlacklisted('https://news.example.com/a', ['other.com'])).toBe(false)
    expect(isBlacklisted('https://news.example.com/a', ['*://news.example.com/*'])).toBe(true)
  })

  it('never blacklists the app and reader hosts', () => {
    expect(INKMARK_APP_HOSTS).toEqual(['app.inkmark.app', 'reader.inkmark.app', 'localhost:5173'])
    expect(isBlacklisted('https://app.inkmark.app/page/1', ['*://*/*'])).toBe(false)
    expect(isBlacklisted('https://reader.inkmark.app/reader?url=x', ['inkmark.app'])).toBe(false)
    expect(isBlacklisted('http://localhost:5173/', [ALL_URLS_PATTERN])).toBe(false)
    expect(isBlacklisted('http://localhost:3000/', [ALL_URLS_PATTERN])).toBe(true)
    expect(isBlacklisted('https://inkmark.app/', ['inkmark.app'])).toBe(true)
  })

  it('exempts the app host even when it shows a PDF from a blacklisted site', () => {
    const viewer = 'https://app.inkmark.app/viewer?file=https%3A%2F%2Fdocs.google.com%2Fa.pdf'
    expect(isBlacklisted(viewer, [])).toBe(false)
  })

  it('takes exempt hosts from the options, replacing the default list', () => {
    const ownExtension = 'chrome-extension://inkmarkid/reader.html?url=https%3A%2F%2Fx.com'
    expect(isBlacklisted(ownExtension, [])).toBe(true)
    expect(isBlacklisted(ownExtension, [], { exemptHosts: ['InkmarkId'] })).toBe(false)
    expect(
      isBlacklisted('https://app.inkmark.app/', ['app.inkmark.app'], { exemptHosts: [] }),
    ).toBe(true)
    expect(isBlacklisted('https://x.com/', ['x.com'], { exemptHosts: ['', '  '] })).toBe(true)
  })

  it('judges PDF viewer URLs by the PDF they show', () => {
    const viewerOf = (pdf: string) =>
      `chrome-extension://otherid/viewer.html?file=${encodeURIComponent(pdf)}`
    expect(isBlacklisted(viewerOf('https://x.com/a.pdf'), [])).toBe(false)
    expect(isBlacklisted(viewerOf('https://x.com/a.pdf'), ['x.com'])).toBe(true)
    expect(isBlacklisted(viewerOf('https://drive.google.com/a.pdf'), [])).toBe(true)
    expect(isBlacklisted(viewerOf('file:///home/me/a.pdf'), [])).toBe(false)
  })

  it('treats unparseable URLs and schemes other than http, https and file as not highlightable', () => {
    expect(HIGHLIGHTABLE_PROTOCOLS).toEqual(['http', 'https', 'file'])
    for (const url of [
      'not a url',
      '',
      'about:blank',
      'chrome://settings',
      'edge://newtab',
      'javascript:alert(1)',
      'data:text/html,<p>x</p>',
      'view-source:https://x.com',
      'chrome-extension://otherid/options.html',
      'ftp://files.example.com/a.txt',
    ]) {
      expect(isBlacklisted(url, []), url).toBe(true)
    }
    expect(isBlacklisted('http://example.com/', [])).toBe(false)
    expect(isBlacklisted('https://example.com/', [])).toBe(false)
  })
})

describe('matchesBlacklistEntry', () => {
  const url = 'https://www.Example.com/Docs/Guide?id=7#part'

  it('reads a plain host as the host and its subdomains on any scheme and path', () => {
    expect(matchesBlacklistEntry(url, 'example.com')).toBe(true)
    expect(matchesBlacklistEntry(url, 'www.example.com')).toBe(true)
    expect(matchesBlacklistEntry(url, 'EXAMPLE.COM')).toBe(true)
    expect(matchesBlacklistEntry('http://a.b.example.com/', 'example.com')).toBe(true)
    expect(matchesBlacklistEntry('https://notexample.com/', 'example.com')).toBe(false)
    expect(matchesBlacklistEntry('https://example.com.evil.io/', 'example.com')).toBe(false)
    expect(matchesBlacklistEntry('https://example.org/', 'example.com')).toBe(false)
  })

  it('reads a plain URL as a prefix at a path boundary, ignoring scheme, www and case', () => {
    expect(matchesBlacklistEntry(url, 'example.com/docs')).toBe(true)
    expect(matchesBlacklistEntry(url, 'https://example.com/docs/')).toBe(true)
    expect(matchesBlacklistEntry(url, 'http://www.example.com/docs/guide')).toBe(true)
    expect(matchesBlacklistEntry(url, 'example.com/docs/guide?id=7')).toBe(true)
    expect(matchesBlacklistEntry(url, 'example.com/docs/guide#other')).toBe(true)
    expect(matchesBlacklistEntry(url, 'example.com/doc')).toBe(false)
    expect(matchesBlacklistEntry(url, 'example.com/docs/guide?id=70')).toBe(false)
    expect(matchesBlacklistEntry(url, 'example.com/blog')).toBe(false)
    expect(matchesBlacklistEntry('https://x.com/a?b=1&c=2', 'x.com/a?b=1')).toBe(true)
    expect(matchesBlacklistEntry('https://x.com/a/', 'x.com/a')).toBe(true)
  })

  it('compares ports when the entry has one', () => {
    expect(matchesBlacklistEntry('http://localhost:8080/a', 'localhost:8080')).toBe(true)
    expect(matchesBlacklistEntry('http://localhost:3000/a', 'localhost:8080')).toBe(false)
    expect(matchesBlacklistEntry('https://x.com/', 'x.com:443')).toBe(true)
    expect(matchesBlacklistEntry('http://localhost:3000/', 'localhost')).toBe(true)
  })

  it('matches local files by a host-less prefix', () => {
    expect(matchesBlacklistEntry('file:///home/me/secret/a.pdf', 'file:///home/me/secret')).toBe(
      true,
    )
    expect(matchesBlacklistEntry('file:///home/me/public/a.pdf', 'file:///home/me/secret')).toBe(
      false,
    )
    expect(matchesBlacklistEntry('https://x.com./home/me/secret', 'file:///home/me/secret')).toBe(
      false,
    )
  })

  it('reads entries with * as wildcard patterns, adding *:// when the scheme is missing', () => {
    expect(matchesBlacklistEntry(url, '*://*.example.com/*')).toBe(true)
    expect(matchesBlacklistEntry(url, '*.example.com')).toBe(true)
    expect(matchesBlacklistEntry(url, 'www.example.com/docs/*')).toBe(true)
    expect(matchesBlacklistEntry(url, 'example.com/docs/*')).toBe(false)
    expect(matchesBlacklistEntry(url, '*')).toBe(true)
    expect(matchesBlacklistEntry(url, ALL_URLS_PATTERN)).toBe(true)
  })

  it('ignores blank entries and unparseable URLs', () => {
    expect(matchesBlacklistEntry(url, '')).toBe(false)
    expect(matchesBlacklistEntry(url, '   ')).toBe(false)
    expect(matchesBlacklistEntry('not a url', 'example.com')).toBe(false)
  })
})

describe('matchesWildcardPattern', () => {
  it('matches any scheme with *, or the given scheme only', () => {
    expect(matchesWildcardPattern('http://x.com/a', '*://x.com/*')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/a', 'https://x.com/*')).toBe(true)
    expect(matchesWildcardPattern('http://x.com/a', 'https://x.com/*')).toBe(false)
    expect(matchesWildcardPattern('file:///a/b.pdf', 'file:///a/*')).toBe(true)
  })

  it('reads *.host as the host or any subdomain', () => {
    const pattern = '*://*.google.com/search*'
    expect(matchesWildcardPattern('https://www.google.com/search?q=1', pattern)).toBe(true)
    expect(matchesWildcardPattern('https://google.com/search', pattern)).toBe(true)
    expect(matchesWildcardPattern('https://evilgoogle.com/search', pattern)).toBe(false)
    expect(matchesWildcardPattern('https://www.google.com/maps', pattern)).toBe(false)
  })

  it('reads other * as any text, in host and path', () => {
    expect(matchesWildcardPattern('https://www.google.de/search', '*://*.google.*/search*')).toBe(
      true,
    )
    expect(matchesWildcardPattern('https://x.com/a/b/c.pdf', '*://*/*.pdf')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/a/b/c.html', '*://*/*.pdf')).toBe(false)
    expect(matchesWildcardPattern('https://x.com/a-b-c', '*://x.com/a*b*c')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/a-b-d', '*://x.com/a*b*c')).toBe(false)
    expect(matchesWildcardPattern('https://x.com/abc', '*://x.com/abc**')).toBe(true)
  })

  it('matches the path pattern against path and query, ignoring case, but not the fragment', () => {
    expect(matchesWildcardPattern('https://x.com/S?Q=1', '*://x.com/s?q=*')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/s#q=1', '*://x.com/s?q=*')).toBe(false)
    expect(matchesWildcardPattern('https://x.com/s', '*://x.com/s')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/s/t', '*://x.com/s')).toBe(false)
  })

  it('reads a missing path as any path', () => {
    expect(matchesWildcardPattern('https://x.com/deep/page?x=1', '*://x.com')).toBe(true)
  })

  it('compares ports when the pattern has one', () => {
    expect(matchesWildcardPattern('http://localhost:5173/', '*://localhost:5173/*')).toBe(true)
    expect(matchesWildcardPattern('http://localhost:3000/', '*://localhost:5173/*')).toBe(false)
    expect(matchesWildcardPattern('http://localhost:3000/', '*://localhost:*/*')).toBe(true)
    expect(matchesWildcardPattern('https://x.com/', '*://x.com:443/*')).toBe(true)
    expect(matchesWildcardPattern('http://[::1]:8080/', '*://[::1]:8080/*')).toBe(true)
    expect(matchesWildcardPattern('http://[::1]:8080/', '*://[::1]/*')).toBe(true)
    expect(matchesWildcardPattern('chrome-extension://id/x', '*://id:1/*')).toBe(false)
    expect(matchesWildcardPattern('chrome-extension://id:1/x', '*://id:1/*')).toBe(true)
  })

  it('matches everything with <all_urls> and nothing with malformed patterns', () => {
    expect(matchesWildcardPattern('https://x.com/', ALL_URLS_PATTERN)).toBe(true)
    expect(matchesWildcardPattern('https://x.com/', 'x.com/*')).toBe(false)
    expect(matchesWildcardPattern('https://x.com/', '')).toBe(false)
    expect(matchesWildcardPattern('not a url', '*://*/*')).toBe(false)
  })

  it('stays fast on hostile patterns', () => {
    const text = `https://x.com/${'a'.repeat(5000)}`
    const pattern = `*://x.com/${'*a'.repeat(200)}b`
    expect(matchesWildcardPattern(text, pattern)).toBe(false)
  })
})
