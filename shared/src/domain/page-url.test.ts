import { describe, expect, it } from 'vitest'
import {
  EXACT_MATCH_HASH_ROUTES,
  EXACT_MATCH_PATH_MARKERS,
  EXTENSION_PROTOCOLS,
  IDENTIFYING_QUERY_PARAMS,
  SITE_TRACKING_QUERY_PARAMS,
  TRACKING_QUERY_PARAMS,
  TRACKING_QUERY_PARAM_PREFIXES,
  PDF_FILE_PARAM,
  PDF_SOURCE_PROTOCOLS,
  PDF_VIEWER_PAGE_NAMES,
  getPdfFileUrl,
  isMarkOfMergedPage,
  isTrackingQueryParam,
  marksShownOnPage,
  markUrlFor,
  normalizePageUrl,
  normalizePageUrlBySpec,
  pageUrlsMatch,
  requiresExactPageMatch,
} from './page-url'

const PDF = 'https://x.com/a.pdf'
const ENCODED_PDF = 'https%3A%2F%2Fx.com%2Fa.pdf'

// [a, b, expected, rule]
const CASES: ReadonlyArray<[string, string, boolean, string]> = [
  // identity
  ['https://example.com/a', 'https://example.com/a', true, 'identical'],
  // protocol ignored
  ['http://example.com/a', 'https://example.com/a', true, 'protocol ignored'],
  ['https://example.com/a', 'https://example.org/a', false, 'different host'],
  ['HTTPS://EXAMPLE.com/a', 'https://example.com/a', true, 'scheme and host case ignored'],
  ['https://example.com/A', 'https://example.com/a', false, 'path case kept'],
  // leading www ignored
  ['https://www.example.com/a', 'https://example.com/a', true, 'leading www ignored'],
  ['http://www.example.com/a/', 'https://example.com/a', true, 'www, protocol and slash'],
  ['https://www2.example.com/a', 'https://example.com/a', false, 'other subdomain kept'],
  ['https://blog.example.com/a', 'https://example.com/a', false, 'subdomain kept'],
  // port
  ['https://example.com:443/a', 'https://example.com/a', true, 'default port'],
  ['https://example.com:8443/a', 'https://example.com/a', false, 'other port'],
  // trailing slash
  ['https://example.com/a/', 'https://example.com/a', true, 'trailing slash ignored'],
  ['https://example.com/', 'https://example.com', true, 'root slash ignored'],
  ['https://example.com/a/b', 'https://example.com/a', false, 'longer path'],
  // fragment
  ['https://example.com/a#section-2', 'https://example.com/a', true, 'fragment ignored'],
  ['https://example.com/a#x', 'https://example.com/a#y', true, 'fragments ignored'],
  // query parameters identify unless they track (ADR 069)
  ['https://example.com/a?utm_source=x', 'https://example.com/a', true, 'utm ignored'],
  ['https://example.com/a?utm_source=x&gclid=y', 'https://example.com/a?fbclid=z', true, 'ignored'],
  ['https://example.com/a?UTM_Medium=x', 'https://example.com/a', true, 'tracking name any case'],
  ['https://example.com/a?page=2', 'https://example.com/a?page=2&utm_id=1', true, 'id param equal'],
  ['https://news.ycombinator.com/item?id=1', 'https://news.ycombinator.com/item?id=2', false, 'HN'],
  ['https://news.ycombinator.com/item?id=1', 'https://news.ycombinator.com/item', false, 'HN root'],
  ['https://blog.example.com/?p=12', 'https://blog.example.com/?p=13', false, 'blog post'],
  ['https://blog.example.com/?p=12', 'https://blog.example.com/', false, 'post vs home'],
  ['https://blog.example.com/?p=12&utm_source=rss', 'https://blog.example.com/?p=12', true, 'utm'],
  ['https://f.com/t?a=1&b=2', 'https://f.com/t?b=2&a=1', true, 'parameter order free'],
  ['https://f.com/t?a=1&a=2', 'https://f.com/t?a=2&a=1', false, 'repeated values keep order'],
  ['https://f.com/t?a=1', 'https://f.com/t?A=1', false, 'kept names case-sensitive'],
  ['https://f.com/t?ref=hn', 'https://f.com/t', true, 'ref is a referrer tag'],
  ['https://f.com/t?ref_=nav', 'https://f.com/t', false, 'the spec ref_ identifies'],
  [
    'https://forum.org/showthread.php?t=1&highlight=x',
    'https://forum.org/showthread.php?t=1',
    true,
    'h',
  ],
  [
    'https://forum.org/showthread.php?t=1',
    'https://forum.org/showthread.php?t=2',
    false,
    'threads',
  ],
  ['https://x.com/a/status/1?s=20&t=abc', 'https://twitter.com/a/status/1', false, 'other host'],
  ['https://x.com/a/status/1?s=20&t=abc', 'https://x.com/a/status/1', true, 'X share tags'],
  ['https://www.nytimes.com/a.html?_r=0', 'https://nytimes.com/a.html?_r=1&smid=fb', true, 'NYT'],
  ['https://parenting.nytimes.com/a?smid=ig', 'https://parenting.nytimes.com/a', true, 'subdomain'],
  ['https://f.com/a.html?_r=0', 'https://f.com/a.html', false, 'site tags only on their site'],
  ['https://medium.com/p/abc?source=rss', 'https://medium.com/p/abc', true, 'Medium feed tag'],
  ['https://f.com/t?id=1&mc_eid=2&igshid=3', 'https://f.com/t?msclkid=4&id=1', true, 'click ids'],
  ['https://example.com/a?page=2', 'https://example.com/a?page=3', false, 'id param differs'],
  ['https://example.com/a?page=2', 'https://example.com/a', false, 'id param on one side'],
  ['https://example.com/a?page=', 'https://example.com/a', false, 'empty id param is present'],
  ['https://x.com/v?jk=1&vjk=2', 'https://x.com/v?vjk=2&jk=1', true, 'id param order free'],
  ['https://x.com/v?jk=1&jk=2', 'https://x.com/v?jk=1', false, 'repeated id param'],
  ['https://x.com/p?pageId=7', 'https://x.com/p?pageid=7', false, 'param names case-sensitive'],
  ['https://x.com/p?url=https%3A%2F%2Fy.com', 'https://x.com/p?url=https://y.com', true, 'decoded'],
  ['https://x.com/p?term=a+b', 'https://x.com/p?term=a%20b', true, 'plus is space'],
  ['https://x.com/p/?guid=1#top', 'http://www.x.com/p?guid=1&_gl=2', true, 'all rules at once'],
  // /watch and /search only by full equality
  ['https://www.youtube.com/watch?v=abc', 'https://youtube.com/watch?v=abc', false, '/watch'],
  ['https://youtube.com/watch?v=abc', 'https://youtube.com/watch?v=abc&t=1', false, '/watch'],
  ['https://youtube.com/watch?v=abc#t', 'https://youtube.com/watch?v=abc', false, '/watch'],
  ['https://google.com/search?q=a', 'https://google.com/search?q=a#x', false, '/search'],
  ['https://google.com/search?q=a', 'https://google.com/search?q=a', true, '/search equal'],
  ['https://youtube.com/watch?v=abc', 'https://youtube.com/watch?v=abc&utm_source=x', false, 'w'],
  ['https://youtube.com/watch?v=a', 'https://youtube.com/watch?v=b', false, '/watch ids'],
  ['https://google.com/search?q=a&fbclid=1', 'https://google.com/search?q=a', false, '/search'],
  // exact hash routes
  ['https://r.com/#/epubreader?bookguid=1', 'https://r.com/#/epubreader?bookguid=2', false, 'epub'],
  ['https://r.com/#/epubreader?bookguid=1', 'https://r.com/', false, 'epub vs root'],
  ['https://r.com/#/notes/1', 'https://r.com/#/notes/2', false, 'notes'],
  ['https://r.com/#/notes/1', 'http://r.com/#/notes/1', false, 'notes, protocol'],
  ['https://r.com/#/lessons/1', 'https://r.com/#/lessons/1', true, 'lessons equal'],
  ['https://r.com/#/lessons/1', 'https://r.com/#/lessons/2', false, 'lessons'],
  ['https://r.com/#/other/1', 'https://r.com/#/other/2', true, 'other hash routes ignored'],
  // PDF viewers compare by the file parameter
  [`chrome-extension://abc/viewer.html?file=${ENCODED_PDF}`, PDF, true, 'viewer vs PDF'],
  [`moz-extension://abc/viewer.html?file=${ENCODED_PDF}`, PDF, true, 'firefox viewer vs PDF'],
  [
    `chrome-extension://abc/viewer.html?file=${ENCODED_PDF}`,
    `moz-extension://def/web/viewer.html?file=${PDF}#page=3`,
    true,
    'two viewers of one PDF',
  ],
  [`https://app.inkmark.app/viewer?file=${ENCODED_PDF}`, PDF, true, 'web app viewer vs PDF'],
  [`https://app.inkmark.app/viewer?file=${ENCODED_PDF}`, 'http://www.x.com/a.pdf', true, 'www'],
  [
    `chrome-extension://abc/viewer.html?file=${ENCODED_PDF}`,
    'chrome-extension://abc/viewer.html?file=https%3A%2F%2Fx.com%2Fb.pdf',
    false,
    'viewers of two PDFs',
  ],
  [`chrome-extension://abc/viewer.html?file=${ENCODED_PDF}`, 'https://x.com/b.pdf', false, 'pdf'],
  [
    'chrome-extension://abc/viewer.html?file=https%3A%2F%2Fx.com%2Fsearch%2Fa.pdf',
    'https://x.com/search/a.pdf',
    true,
    'the file rule comes before the /search rule',
  ],
  ['https://s.com/viewer?file=a.pdf', 'https://t.com/viewer?file=a.pdf', false, 'relative file'],
  ['https://s.com/viewer?file=a.pdf', 'https://s.com/viewer/?file=a.pdf', true, 'plain web rules'],
  // local files by file name
  ['file:///home/me/a.pdf', 'file:///C:/Users/me/a.pdf', true, 'same file name'],
  ['file:///home/me/a.pdf', 'file:///home/me/b.pdf', false, 'other file name'],
  ['file:///home/me/My%20Doc.pdf', 'file:///tmp/My Doc.pdf', true, 'decoded file name'],
  ['file:///home/me/a.pdf', 'https://x.com/home/me/a.pdf', false, 'file vs web'],
  ['file:///home/me/a.PDF', 'file:///home/me/a.pdf', false, 'file name case kept'],
  [
    `chrome-extension://i/viewer.html?file=file%3A%2F%2F%2Fa%2Fb.pdf`,
    'file:///c/b.pdf',
    true,
    'lf',
  ],
  // opaque URLs keep their scheme
  ['mailto:a@b.com', 'mailto:a@b.com?subject=hi', true, 'opaque, query ignored'],
  ['mailto:a@b.com', 'tel:a@b.com', false, 'opaque, scheme kept'],
  ['about:blank', 'about:blank#x', true, 'opaque fragment'],
  // unparseable input falls back to exact string equality
  ['not a url', 'not a url', true, 'unparseable equal'],
  ['not a url', 'not a url ', false, 'unparseable differs'],
  ['example.com/a', 'https://example.com/a', false, 'no scheme'],
  ['', 'https://example.com', false, 'empty'],
]

describe('pageUrlsMatch', () => {
  it.each(CASES)('%s vs %s -> %s (%s)', (a, b, expected) => {
    expect(pageUrlsMatch(a, b)).toBe(expected)
  })

  it.each(CASES)('is symmetric: %s vs %s', (a, b) => {
    expect(pageUrlsMatch(b, a)).toBe(pageUrlsMatch(a, b))
  })

  it('is reflexive for every URL of the table', () => {
    for (const [a, b] of CASES) {
      expect(pageUrlsMatch(a, a)).toBe(true)
      expect(pageUrlsMatch(b, b)).toBe(true)
    }
  })

  // Some 30,000 comparisons, each parsing two URLs: seconds on a loaded machine.
  it('is transitive over the table', () => {
    const urls = [...new Set(CASES.flatMap(([a, b]) => [a, b]))]
    const matches = urls.map((a) => urls.map((b) => pageUrlsMatch(a, b)))
    const failures: string[] = []
    // Only matching pairs need a third URL: the table has few of them.
    urls.forEach((a, i) => {
      urls.forEach((b, j) => {
        if (matches[i]?.[j] !== true) {
          return
        }
        urls.forEach((c, k) => {
          if (matches[j]?.[k] === true && matches[i]?.[k] !== true) {
            failures.push(`${a} ~ ${b} ~ ${c}`)
          }
        })
      })
    })
    expect(failures).toEqual([])
  }, 30_000)

  it('uses the spec list of identifying parameters', () => {
    expect(IDENTIFYING_QUERY_PARAMS).toEqual([
      'guid',
      'bookguid',
      'openid.claimed_id',
      'ref_',
      'page',
      'jk',
      'vjk',
      'file',
      'uri',
      'pageId',
      'pageid',
      'url',
      'term',
    ])
    for (const name of IDENTIFYING_QUERY_PARAMS) {
      const base = 'https://example.com/p'
      expect(pageUrlsMatch(`${base}?${name}=1`, `${base}?${name}=1`), name).toBe(true)
      expect(pageUrlsMatch(`${base}?${name}=1&utm_source=1`, `${base}?${name}=1`), name).toBe(true)
      expect(pageUrlsMatch(`${base}?${name}=1`, `${base}?${name}=2`), name).toBe(false)
      expect(pageUrlsMatch(`${base}?${name}=1`, base), name).toBe(false)
    }
  })
})

describe('normalizePageUrl', () => {
  it('gives matching URLs of the table the same key and others different keys', () => {
    for (const [a, b, expected] of CASES) {
      expect(normalizePageUrl(a) === normalizePageUrl(b), `${a} vs ${b}`).toBe(expected)
    }
  })

  it('keeps host without www, port, path without trailing slash and identifying parameters', () => {
    expect(
      normalizePageUrl(
        'http://www.Example.com:8080/a/b/?utm_source=1&term=x y&page=2&fbclid=3#top',
      ),
    ).toBe('//example.com:8080/a/b?page=2&term=x%20y')
    expect(normalizePageUrl('https://news.ycombinator.com/item?id=1&utm_source=x')).toBe(
      '//news.ycombinator.com/item?id=1',
    )
    expect(normalizePageUrl('https://f.com/t?z=1&a=2&a=1&m=%26')).toBe(
      '//f.com/t?a=2&a=1&m=%26&z=1',
    )
    expect(normalizePageUrl('https://example.com/')).toBe('//example.com')
  })

  it('keys local files by file name and viewers by their PDF', () => {
    expect(normalizePageUrl('file:///C:/Docs/Report%202024.pdf')).toBe('file:Report 2024.pdf')
    expect(normalizePageUrl('file:///')).toBe('file:/')
    expect(normalizePageUrl(`chrome-extension://id/viewer.html?file=${ENCODED_PDF}`)).toBe(
      '//x.com/a.pdf',
    )
  })

  it('keeps opaque URLs with their scheme', () => {
    expect(normalizePageUrl('mailto:a@b.com?subject=x#y')).toBe('mailto:a@b.com')
  })

  it('returns exact-only URLs and text that is not a URL as given', () => {
    expect(normalizePageUrl('https://youtube.com/watch?v=abc#t')).toBe(
      'https://youtube.com/watch?v=abc#t',
    )
    expect(normalizePageUrl('https://r.com/#/notes/1')).toBe('https://r.com/#/notes/1')
    expect(normalizePageUrl('not a url')).toBe('not a url')
  })
})

describe('getPdfFileUrl', () => {
  it('reads the decoded file parameter of extension pages and viewer pages', () => {
    expect(getPdfFileUrl(`chrome-extension://id/viewer.html?file=${ENCODED_PDF}`)).toBe(PDF)
    expect(getPdfFileUrl(`moz-extension://id/pdf/index.html?file=${ENCODED_PDF}`)).toBe(PDF)
    expect(getPdfFileUrl(`safari-web-extension://id/v.html?file=${ENCODED_PDF}`)).toBe(PDF)
    expect(getPdfFileUrl(`https://app.inkmark.app/viewer?file=${ENCODED_PDF}`)).toBe(PDF)
    expect(getPdfFileUrl(`https://mozilla.github.io/pdf.js/web/viewer.html?file=${PDF}`)).toBe(PDF)
    expect(getPdfFileUrl('chrome-extension://id/viewer.html?file=file%3A%2F%2F%2Fa.pdf')).toBe(
      'file:///a.pdf',
    )
  })

  it('returns null for pages that are not viewers or whose file is not a PDF address', () => {
    expect(getPdfFileUrl(PDF)).toBeNull()
    expect(getPdfFileUrl(`https://x.com/other?file=${ENCODED_PDF}`)).toBeNull()
    expect(getPdfFileUrl('chrome-extension://id/viewer.html')).toBeNull()
    expect(getPdfFileUrl('chrome-extension://id/viewer.html?file=a.pdf')).toBeNull()
    expect(getPdfFileUrl('chrome-extension://id/viewer.html?file=javascript%3Aalert(1)')).toBeNull()
    expect(getPdfFileUrl('https://x.com/viewer?file=data%3Aapplication%2Fpdf')).toBeNull()
    expect(getPdfFileUrl('not a url')).toBeNull()
  })

  it('uses the named constants', () => {
    expect(PDF_FILE_PARAM).toBe('file')
    expect(EXTENSION_PROTOCOLS).toContain('chrome-extension')
    expect(EXTENSION_PROTOCOLS).toContain('moz-extension')
    expect(PDF_VIEWER_PAGE_NAMES).toEqual(['viewer', 'viewer.html'])
    expect(PDF_SOURCE_PROTOCOLS).toEqual(['http', 'https', 'file'])
  })
})

describe('requiresExactPageMatch', () => {
  it('flags /watch, /search and the exact hash routes', () => {
    expect(EXACT_MATCH_PATH_MARKERS).toEqual(['/watch', '/search'])
    expect(EXACT_MATCH_HASH_ROUTES).toEqual(['#/epubreader?bookguid=', '#/notes/', '#/lessons/'])
    expect(requiresExactPageMatch('https://youtube.com/watch?v=1')).toBe(true)
    expect(requiresExactPageMatch('https://x.com/search?q=1')).toBe(true)
    expect(requiresExactPageMatch('https://x.com/#/epubreader?bookguid=1')).toBe(true)
    expect(requiresExactPageMatch('https://x.com/#/notes/1')).toBe(true)
    expect(requiresExactPageMatch('https://x.com/#/lessons/1')).toBe(true)
    expect(requiresExactPageMatch('https://x.com/research')).toBe(false)
    expect(requiresExactPageMatch('https://x.com/#/epubreader')).toBe(false)
  })
})

describe('tracking parameters', () => {
  it('lists click, campaign and e-mail ids, in lower case, none of them identifying by the spec', () => {
    for (const name of TRACKING_QUERY_PARAMS) {
      expect(name, name).toBe(name.toLowerCase())
      expect(IDENTIFYING_QUERY_PARAMS as readonly string[]).not.toContain(name)
      expect(isTrackingQueryParam(name), name).toBe(true)
    }
    expect(TRACKING_QUERY_PARAM_PREFIXES).toEqual(['utm_'])
    for (const [site, names] of Object.entries(SITE_TRACKING_QUERY_PARAMS)) {
      for (const name of names) {
        expect(name, `${site} ${name}`).toBe(name.toLowerCase())
        expect(IDENTIFYING_QUERY_PARAMS as readonly string[]).not.toContain(name)
        expect(isTrackingQueryParam(name, site), name).toBe(true)
      }
    }
    for (const name of ['fbclid', 'gclid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', '_ga', '_gl']) {
      expect(isTrackingQueryParam(name), name).toBe(true)
    }
    for (const name of ['igshid', 'yclid', 'utm_source', 'utm_campaign', 'hsCtaTracking']) {
      expect(isTrackingQueryParam(name), name).toBe(true)
    }
    for (const name of ['id', 'p', 'ref_', 'source', 'cid', 's', 't', 'v', 'q', 'utm', 'page']) {
      expect(isTrackingQueryParam(name), name).toBe(false)
    }
    expect(isTrackingQueryParam('ref')).toBe(true)
    expect(isTrackingQueryParam('WT.mc_id')).toBe(true)
    expect(isTrackingQueryParam('s', 'x.com')).toBe(true)
    expect(isTrackingQueryParam('s', 'box.com')).toBe(false)
    expect(isTrackingQueryParam('source', 'blog.medium.com')).toBe(true)
  })
})

describe('normalizePageUrlBySpec', () => {
  it('keeps only the spec list of identifying parameters, as before ADR 069', () => {
    expect(normalizePageUrlBySpec('https://news.ycombinator.com/item?id=1')).toBe(
      '//news.ycombinator.com/item',
    )
    expect(normalizePageUrlBySpec('https://x.com/p?term=b&page=2&z=1')).toBe(
      '//x.com/p?page=2&term=b',
    )
    expect(normalizePageUrlBySpec('https://youtube.com/watch?v=a')).toBe(
      'https://youtube.com/watch?v=a',
    )
  })
})

describe('marksShownOnPage', () => {
  const thread1 = 'https://news.ycombinator.com/item?id=1'
  const thread2 = 'https://news.ycombinator.com/item?id=2'

  it('leaves out highlights of another page the spec rule had merged into this bookmark', () => {
    expect(isMarkOfMergedPage(thread2, thread1)).toBe(true)
    expect(isMarkOfMergedPage(`${thread1}&utm_source=x`, thread1)).toBe(false)
    expect(isMarkOfMergedPage(thread1, thread1)).toBe(false)
    const marks = [
      { id: 'a', url: thread1 },
      { id: 'b', url: thread2 },
      { id: 'c', url: `${thread1}#reply` },
    ]
    expect(marksShownOnPage(marks, thread1).map((mark) => mark.id)).toEqual(['a', 'c'])
    expect(marksShownOnPage(marks, thread2).map((mark) => mark.id)).toEqual(['b'])
  })

  it('keeps highlights whose address the spec rule never merged (a PDF, another site)', () => {
    const pdf = 'https://x.com/a.pdf'
    const viewer = `chrome-extension://abc/viewer.html?file=${ENCODED_PDF}`
    expect(marksShownOnPage([{ url: viewer }, { url: 'file:///a.pdf' }], pdf)).toHaveLength(2)
  })
})

describe('markUrlFor', () => {
  it('records the bookmark address, or the page when the bookmark names another page', () => {
    const thread1 = 'https://news.ycombinator.com/item?id=1'
    expect(markUrlFor(thread1, `${thread1}&utm_source=x#c`)).toBe(thread1)
    expect(markUrlFor(thread1, 'https://news.ycombinator.com/item?id=2')).toBe(
      'https://news.ycombinator.com/item?id=2',
    )
  })
})
