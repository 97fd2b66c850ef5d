import { describe, expect, it } from 'vitest'
import {
  MAX_PORT,
  SPECIAL_SCHEME_DEFAULT_PORTS,
  getDefaultPort,
  getHostWithPort,
  getQueryParam,
  getQueryParams,
  parseQueryString,
  parseUrl,
  percentDecode,
  stripLeadingWww,
} from './url-parts'

function mustParse(text: string) {
  const parts = parseUrl(text)
  if (parts === null) {
    throw new Error(`expected ${text} to parse`)
  }
  return parts
}

describe('parseUrl', () => {
  it('splits a web URL into its parts', () => {
    expect(parseUrl('https://user:pw@Sub.Example.COM:8080/a/b.html?x=1&y=two#frag')).toEqual({
      protocol: 'https',
      host: 'sub.example.com',
      port: '8080',
      pathname: '/a/b.html',
      search: [
        ['x', '1'],
        ['y', 'two'],
      ],
      query: 'x=1&y=two',
      hash: 'frag',
      hasAuthority: true,
    })
  })

  it('lowercases the scheme and host but keeps the path case', () => {
    const parts = mustParse('HTTPS://WWW.Example.com/Some/Path')
    expect(parts.protocol).toBe('https')
    expect(parts.host).toBe('www.example.com')
    expect(parts.pathname).toBe('/Some/Path')
  })

  it('gives web URLs without a path the root path', () => {
    expect(mustParse('https://example.com').pathname).toBe('/')
    expect(mustParse('https://example.com?q=1').pathname).toBe('/')
    expect(mustParse('https://example.com#top').pathname).toBe('/')
  })

  it('drops default ports and leading zeros of ports', () => {
    expect(mustParse('https://example.com:443/').port).toBe('')
    expect(mustParse('http://example.com:80/').port).toBe('')
    expect(mustParse('ftp://example.com:21/').port).toBe('')
    expect(mustParse('http://example.com:443/').port).toBe('443')
    expect(mustParse('http://localhost:05173/').port).toBe('5173')
    expect(SPECIAL_SCHEME_DEFAULT_PORTS.https).toBe('443')
  })

  it('rejects malformed ports', () => {
    expect(parseUrl('https://example.com:abc/')).toBeNull()
    expect(parseUrl(`https://example.com:${MAX_PORT + 1}/`)).toBeNull()
    expect(mustParse(`https://example.com:${MAX_PORT}/`).port).toBe(String(MAX_PORT))
  })

  it('keeps an empty port as no port', () => {
    expect(mustParse('https://example.com:/a').port).toBe('')
  })

  it('parses bracketed IPv6 hosts', () => {
    const parts = mustParse('http://[::1]:3000/x')
    expect(parts.host).toBe('[::1]')
    expect(parts.port).toBe('3000')
    expect(mustParse('http://[FE80::1]/').host).toBe('[fe80::1]')
    expect(parseUrl('http://[::1/x')).toBeNull()
    expect(parseUrl('http://[::1]x/')).toBeNull()
  })

  it('rejects hosts with forbidden characters and web URLs without a host', () => {
    expect(parseUrl('https://exa mple.com/')).toBeNull()
    expect(parseUrl('https://a<b.com/')).toBeNull()
    expect(parseUrl('https://a|b/')).toBeNull()
    expect(parseUrl('https://')).toBeNull()
    expect(parseUrl('https:///')).toBeNull()
  })

  it('does not mistake inherited object keys for special schemes', () => {
    expect(mustParse('constructor:x')).toMatchObject({ protocol: 'constructor', pathname: 'x' })
    expect(mustParse('toString://h:80/')).toMatchObject({ host: 'h', port: '80' })
  })

  it('returns null for text without a scheme', () => {
    expect(parseUrl('')).toBeNull()
    expect(parseUrl('example.com/a')).toBeNull()
    expect(parseUrl('//example.com/a')).toBeNull()
    expect(parseUrl('/relative/path')).toBeNull()
    expect(parseUrl('1http://x.com')).toBeNull()
  })

  it('trims surrounding whitespace and controls and removes tabs and newlines', () => {
    expect(mustParse('  \u0000https://example.com/a \n').pathname).toBe('/a')
    const parts = mustParse('ht\ttps://exa\nmple.com/p\rath')
    expect(parts.protocol).toBe('https')
    expect(parts.host).toBe('example.com')
    expect(parts.pathname).toBe('/path')
  })

  it('reads backslashes as slashes and tolerates missing or extra slashes in web URLs', () => {
    expect(mustParse('https:\\\\example.com\\a\\b').pathname).toBe('/a/b')
    expect(mustParse('https:example.com/a').host).toBe('example.com')
    expect(mustParse('https:/example.com/a').host).toBe('example.com')
    expect(mustParse('https:////example.com/a').host).toBe('example.com')
  })

  it('resolves dot segments', () => {
    expect(mustParse('https://x.com/a/b/../c').pathname).toBe('/a/c')
    expect(mustParse('https://x.com/a/./b').pathname).toBe('/a/b')
    expect(mustParse('https://x.com/a/..').pathname).toBe('/')
    expect(mustParse('https://x.com/a/.').pathname).toBe('/a/')
    expect(mustParse('https://x.com/../../a').pathname).toBe('/a')
  })

  it('parses file URLs with and without a host, and Windows drive letters', () => {
    expect(mustParse('file:///home/me/Doc%20A.pdf')).toMatchObject({
      protocol: 'file',
      host: '',
      pathname: '/home/me/Doc%20A.pdf',
      hasAuthority: true,
    })
    expect(mustParse('file://server/share/a.pdf')).toMatchObject({
      host: 'server',
      pathname: '/share/a.pdf',
    })
    expect(mustParse('file:/tmp/a.pdf')).toMatchObject({ host: '', pathname: '/tmp/a.pdf' })
    expect(mustParse('file://C:/Users/a.pdf')).toMatchObject({
      host: '',
      pathname: '/C:/Users/a.pdf',
    })
    expect(mustParse('FILE:///C:/Users/a.pdf').pathname).toBe('/C:/Users/a.pdf')
    expect(mustParse('file://server').pathname).toBe('/')
  })

  it('parses extension and other non-special URLs with an authority', () => {
    const parts = mustParse('chrome-extension://ABCdef/viewer.html?file=x#page=2')
    expect(parts).toMatchObject({
      protocol: 'chrome-extension',
      host: 'abcdef',
      pathname: '/viewer.html',
      hash: 'page=2',
      hasAuthority: true,
    })
    expect(mustParse('moz-extension://id').pathname).toBe('')
    expect(mustParse('foo://host/a\\b').pathname).toBe('/a\\b')
    expect(parseUrl('foo://a\\b/')).toBeNull()
  })

  it('parses opaque URLs without an authority', () => {
    expect(mustParse('mailto:Someone@Example.com?subject=Hi%20there')).toEqual({
      protocol: 'mailto',
      host: '',
      port: '',
      pathname: 'Someone@Example.com',
      search: [['subject', 'Hi there']],
      query: 'subject=Hi%20there',
      hash: '',
      hasAuthority: false,
    })
    expect(mustParse('about:blank').pathname).toBe('blank')
    expect(mustParse('javascript:alert(1)').protocol).toBe('javascript')
  })

  it('takes the first # as the fragment start and keeps ? inside the fragment', () => {
    const parts = mustParse('https://app.x.com/#/epubreader?bookguid=abc#more')
    expect(parts.pathname).toBe('/')
    expect(parts.query).toBe('')
    expect(parts.search).toEqual([])
    expect(parts.hash).toBe('/epubreader?bookguid=abc#more')
  })
})

describe('percentDecode', () => {
  it('decodes UTF-8 escapes', () => {
    expect(percentDecode('caf%C3%A9')).toBe('café')
    expect(percentDecode('%F0%9F%98%80')).toBe('😀')
    expect(percentDecode('https%3A%2F%2Fx.com%2Fa.pdf')).toBe('https://x.com/a.pdf')
    expect(percentDecode('%e2%82%ac')).toBe('€')
  })

  it('returns text without escapes unchanged', () => {
    expect(percentDecode('plain text')).toBe('plain text')
  })

  it('keeps malformed escapes as written', () => {
    expect(percentDecode('100%')).toBe('100%')
    expect(percentDecode('%zz%4')).toBe('%zz%4')
    expect(percentDecode('a%2')).toBe('a%2')
    expect(percentDecode('%%41')).toBe('%A')
  })

  it('turns invalid UTF-8 into U+FFFD like the WHATWG decoder', () => {
    expect(percentDecode('%FF')).toBe('\ufffd')
    expect(percentDecode('%C3')).toBe('\ufffd')
    expect(percentDecode('%C3x')).toBe('\ufffdx')
    expect(percentDecode('%C3%28')).toBe('\ufffd(')
    expect(percentDecode('%E0%80%80')).toBe('\ufffd\ufffd\ufffd')
    expect(percentDecode('%ED%A0%80')).toBe('\ufffd\ufffd\ufffd')
    expect(percentDecode('%F0%80%80%80')).toBe('\ufffd\ufffd\ufffd\ufffd')
    expect(percentDecode('%F4%90%80%80')).toBe('\ufffd\ufffd\ufffd\ufffd')
    expect(percentDecode('%E2%82')).toBe('\ufffd')
    expect(percentDecode('%C0%AF')).toBe('\ufffd\ufffd')
  })
})

describe('parseQueryString', () => {
  it('keeps order, duplicates and empty values', () => {
    expect(parseQueryString('?a=1&b&a=2&c=')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['a', '2'],
      ['c', ''],
    ])
  })

  it('reads + as a space and decodes names and values', () => {
    expect(parseQueryString('q=hello+world&na%6De=v%3D1')).toEqual([
      ['q', 'hello world'],
      ['name', 'v=1'],
    ])
  })

  it('skips empty pieces and keeps = inside values', () => {
    expect(parseQueryString('&&a=b=c&')).toEqual([['a', 'b=c']])
    expect(parseQueryString('')).toEqual([])
  })

  it('tolerates malformed escapes', () => {
    expect(parseQueryString('a=%E0%A4%A&b=%')).toEqual([
      ['a', '\ufffd%A'],
      ['b', '%'],
    ])
  })
})

describe('query, host helpers', () => {
  const parts = mustParse('https://www.x.com:8443/?a=1&a=2&B=3')

  it('getQueryParam returns the first value or null, case-sensitively', () => {
    expect(getQueryParam(parts, 'a')).toBe('1')
    expect(getQueryParam(parts, 'b')).toBeNull()
    expect(getQueryParam(parts, 'B')).toBe('3')
  })

  it('getQueryParams returns every value', () => {
    expect(getQueryParams(parts, 'a')).toEqual(['1', '2'])
    expect(getQueryParams(parts, 'z')).toEqual([])
  })

  it('getHostWithPort adds the port only when there is one', () => {
    expect(getHostWithPort(parts)).toBe('www.x.com:8443')
    expect(getHostWithPort(mustParse('https://x.com:443/'))).toBe('x.com')
  })

  it('getDefaultPort knows the special schemes only', () => {
    expect(getDefaultPort('https')).toBe('443')
    expect(getDefaultPort('http')).toBe('80')
    expect(getDefaultPort('file')).toBe('')
    expect(getDefaultPort('chrome-extension')).toBe('')
    expect(getDefaultPort('constructor')).toBe('')
  })

  it('stripLeadingWww removes one leading www label', () => {
    expect(stripLeadingWww('www.example.com')).toBe('example.com')
    expect(stripLeadingWww('www.www.example.com')).toBe('www.example.com')
    expect(stripLeadingWww('wwwexample.com')).toBe('wwwexample.com')
    expect(stripLeadingWww('example.com')).toBe('example.com')
  })
})
