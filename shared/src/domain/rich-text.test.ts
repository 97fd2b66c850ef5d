import { describe, expect, it } from 'vitest'
import {
  COLOR_ATTRIBUTES,
  MAX_HEADER_LEVEL,
  MAX_INDENT,
  MIN_HEADER_LEVEL,
  MIN_INDENT,
  SAFE_LINK_PREFIXES,
  UNSAFE_LINK_PREFIX,
  URL_EMBED_KEYS,
  clampHeaderLevel,
  clampIndent,
  sanitizeLinkUrl,
  sanitizeRichText,
} from './rich-text'

describe('sanitizeLinkUrl', () => {
  it('uses the spec list of safe prefixes', () => {
    expect(SAFE_LINK_PREFIXES).toEqual([
      'http:',
      'https:',
      'ftp:',
      'sftp:',
      'file:',
      'blob:',
      'mailto:',
      'tel:',
      '#',
      '/',
      'data:image/',
    ])
    expect(UNSAFE_LINK_PREFIX).toBe('unsafe:')
  })

  it.each([
    'http://example.com',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'ftp://files.example.com/a.txt',
    'sftp://host/path',
    'file:///home/me/a.pdf',
    'blob:https://example.com/0f3c',
    'mailto:someone@example.com',
    'MailTo:someone@example.com',
    'tel:+441234567',
    '#section-2',
    '/relative/path',
    '//example.com/protocol-relative',
    'data:image/png;base64,iVBORw0KGgo=',
    'DATA:IMAGE/gif;base64,R0lGOD',
  ])('keeps %s', (url) => {
    expect(sanitizeLinkUrl(url)).toBe(url)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image',
    'data:,hello',
    'httpx://example.com',
    'https//example.com',
    'example.com',
    'relative/path',
    '?query=1',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    '\\\\evil.com',
    'chrome://settings',
    'ht\u0000tps://example.com',
    '',
  ])('prefixes %j with unsafe:', (url) => {
    expect(sanitizeLinkUrl(url)).toBe(`unsafe:${url}`)
  })

  it('does not let leading blanks or control characters hide a scheme', () => {
    for (const url of [
      ' javascript:alert(1)',
      '\tjavascript:alert(1)',
      '\n\rjavascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u001fjavascript:alert(1)',
      '\u00a0javascript:alert(1)',
      '\u200bjavascript:alert(1)',
      '\ufeffjavascript:alert(1)',
      '\u2028javascript:alert(1)',
      '\u3000javascript:alert(1)',
    ]) {
      expect(sanitizeLinkUrl(url), JSON.stringify(url)).toBe(`unsafe:${url}`)
    }
  })

  it('removes tabs and newlines inside the scheme before checking it', () => {
    for (const url of ['java\tscript:alert(1)', 'java\nscript:alert(1)', 'j\ra\tv\na:x']) {
      expect(sanitizeLinkUrl(url)).toBe(`unsafe:${url}`)
    }
    expect(sanitizeLinkUrl('ht\ttps://example.com')).toBe('https://example.com')
  })

  it('returns a safe link without its leading blanks', () => {
    expect(sanitizeLinkUrl('  https://example.com')).toBe('https://example.com')
    expect(sanitizeLinkUrl('\u200b#anchor')).toBe('#anchor')
  })

  it('is idempotent', () => {
    for (const url of ['javascript:alert(1)', ' https://x.com', 'plain', 'UNSAFE:x']) {
      const once = sanitizeLinkUrl(url)
      expect(sanitizeLinkUrl(once)).toBe(once)
    }
  })
})

describe('clampHeaderLevel', () => {
  it('keeps levels 1 to 6 and caps higher levels at 6', () => {
    expect(MIN_HEADER_LEVEL).toBe(1)
    expect(MAX_HEADER_LEVEL).toBe(6)
    expect(clampHeaderLevel(1)).toBe(1)
    expect(clampHeaderLevel(6)).toBe(6)
    expect(clampHeaderLevel(7)).toBe(6)
    expect(clampHeaderLevel(1e9)).toBe(6)
    expect(clampHeaderLevel(2.7)).toBe(2)
    expect(clampHeaderLevel('3')).toBe(3)
    expect(clampHeaderLevel(' 9 ')).toBe(6)
  })

  it('returns null for what is not a level', () => {
    for (const value of [0, -1, 0.5, Number.NaN, Infinity, -Infinity, '', 'h1', '1e3', false]) {
      expect(clampHeaderLevel(value), String(value)).toBeNull()
    }
    for (const value of [true, null, undefined, {}, [2], () => 2]) {
      expect(clampHeaderLevel(value)).toBeNull()
    }
  })
})

describe('clampIndent', () => {
  it('keeps indents 1 to 30 and caps higher ones at 30', () => {
    expect(MIN_INDENT).toBe(1)
    expect(MAX_INDENT).toBe(30)
    expect(clampIndent(1)).toBe(1)
    expect(clampIndent(30)).toBe(30)
    expect(clampIndent(31)).toBe(30)
    expect(clampIndent(Number.MAX_SAFE_INTEGER)).toBe(30)
    expect(clampIndent('12')).toBe(12)
  })

  it('returns null for no indent and for what is not an indent', () => {
    for (const value of [0, -3, '-3', 'x', null, undefined, Infinity, { indent: 2 }]) {
      expect(clampIndent(value)).toBeNull()
    }
  })
})

describe('sanitizeRichText', () => {
  it('keeps well-formed operations unchanged', () => {
    const ops = [
      { insert: 'Title' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'bold', attributes: { bold: true, color: '#fdffb4' } },
      { insert: 'link', attributes: { link: 'https://example.com', underline: false } },
      { insert: '\n', attributes: { list: 'bullet', indent: 1, align: null } },
      { insert: { image: 'https://example.com/a.png' } },
      { insert: { image: 'data:image/png;base64,AAAA' }, attributes: { width: 300 } },
    ]
    expect(sanitizeRichText(ops)).toEqual(ops)
  })

  it('sanitizes links', () => {
    expect(
      sanitizeRichText([
        { insert: 'x', attributes: { link: 'javascript:alert(document.cookie)' } },
        { insert: 'y', attributes: { link: ' java\tscript:alert(1)' } },
        { insert: 'z', attributes: { link: '  https://ok.com' } },
      ]),
    ).toEqual([
      { insert: 'x', attributes: { link: 'unsafe:javascript:alert(document.cookie)' } },
      { insert: 'y', attributes: { link: 'unsafe: java\tscript:alert(1)' } },
      { insert: 'z', attributes: { link: 'https://ok.com' } },
    ])
  })

  it('drops links that are not strings', () => {
    const link = { toString: () => 'javascript:alert(1)' }
    expect(sanitizeRichText([{ insert: 'x', attributes: { link, bold: true } }])).toEqual([
      { insert: 'x', attributes: { bold: true } },
    ])
    expect(sanitizeRichText([{ insert: 'x', attributes: { link: 42 } }])).toEqual([{ insert: 'x' }])
  })

  it('clamps header and indent, dropping values that are not levels', () => {
    expect(
      sanitizeRichText([
        { insert: '\n', attributes: { header: 99, indent: 1000 } },
        { insert: '\n', attributes: { header: '4', indent: '2' } },
        { insert: '\n', attributes: { header: 0, indent: -1 } },
        { insert: '\n', attributes: { header: { level: 1 }, indent: [3] } },
      ]),
    ).toEqual([
      { insert: '\n', attributes: { header: MAX_HEADER_LEVEL, indent: MAX_INDENT } },
      { insert: '\n', attributes: { header: 4, indent: 2 } },
      { insert: '\n' },
      { insert: '\n' },
    ])
  })

  it('keeps colours only when they look like CSS colours', () => {
    expect(COLOR_ATTRIBUTES).toEqual(['color', 'background'])
    expect(
      sanitizeRichText([
        { insert: 'a', attributes: { color: ' rgb(1, 2, 3) ', background: 'yellow' } },
        { insert: 'b', attributes: { color: 'hsla(10, 50%, 50%, 0.5)', background: '#abc' } },
        { insert: 'c', attributes: { color: 'red; background: url(javascript:alert(1))' } },
        { insert: 'd', attributes: { background: 'expression(alert(1))' } },
        { insert: 'e', attributes: { color: 12 } },
      ]),
    ).toEqual([
      { insert: 'a', attributes: { color: 'rgb(1, 2, 3)', background: 'yellow' } },
      { insert: 'b', attributes: { color: 'hsla(10, 50%, 50%, 0.5)', background: '#abc' } },
      { insert: 'c' },
      { insert: 'd' },
      { insert: 'e', attributes: { color: 12 } },
    ])
  })

  it('drops unknown attributes whose values are not plain', () => {
    expect(
      sanitizeRichText([
        {
          insert: 'x',
          attributes: {
            bold: true,
            size: 'large',
            weight: 700,
            code: null,
            nested: { link: 'javascript:alert(1)' },
            list: ['a'],
            fn: () => 1,
            missing: undefined,
            big: Number.POSITIVE_INFINITY,
            nan: Number.NaN,
            sym: Symbol('x'),
            huge: BigInt(1),
          },
        },
      ]),
    ).toEqual([{ insert: 'x', attributes: { bold: true, size: 'large', weight: 700, code: null } }])
  })

  it('drops prototype-polluting keys', () => {
    const hostile = JSON.parse(
      '[{"insert":"x","attributes":{"__proto__":{"polluted":true},"constructor":"c","prototype":1,"italic":true}},' +
        '{"insert":{"__proto__":{"polluted":true},"image":"https://x.com/a.png"}}]',
    ) as unknown
    const result = sanitizeRichText(hostile)
    expect(result).toEqual([
      { insert: 'x', attributes: { italic: true } },
      { insert: { image: 'https://x.com/a.png' } },
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(result[0]?.attributes)).toBe(Object.prototype)
  })

  it('reduces embeds to plain values and sanitizes URL embeds', () => {
    expect(URL_EMBED_KEYS).toEqual(['image', 'video'])
    expect(
      sanitizeRichText([
        { insert: { image: 'javascript:alert(1)' } },
        { insert: { video: ' vbscript:x', alt: 'clip', meta: { a: 1 } } },
        { insert: { formula: 'e=mc^2', image: 42 } },
        { insert: { nested: { deep: true } } },
        { insert: {} },
      ]),
    ).toEqual([
      { insert: { image: 'unsafe:javascript:alert(1)' } },
      { insert: { video: 'unsafe: vbscript:x', alt: 'clip' } },
      { insert: { formula: 'e=mc^2', image: 42 } },
    ])
  })

  it('drops operations that are not inserts and ignores malformed attributes', () => {
    expect(
      sanitizeRichText([
        null,
        undefined,
        'text',
        42,
        [],
        ['insert', 'x'],
        {},
        { retain: 5 },
        { delete: 2 },
        { insert: '' },
        { insert: 7 },
        { insert: null },
        { insert: ['x'] },
        { insert: 'kept', attributes: null, retain: 3, extra: 'dropped' },
        { insert: 'also kept', attributes: ['bold'] },
        { insert: 'and this', attributes: 'bold' },
        { insert: 'empty attrs', attributes: {} },
      ]),
    ).toEqual([
      { insert: 'kept' },
      { insert: 'also kept' },
      { insert: 'and this' },
      { insert: 'empty attrs' },
    ])
  })

  it('returns an empty list for anything that is not a list', () => {
    for (const value of [null, undefined, 'ops', 1, { ops: [] }, { insert: 'x' }]) {
      expect(sanitizeRichText(value)).toEqual([])
    }
  })

  it('does not modify its input', () => {
    const ops = [{ insert: 'x', attributes: { link: 'javascript:1', header: 9 } }]
    const copy = JSON.parse(JSON.stringify(ops)) as unknown
    sanitizeRichText(ops)
    expect(ops).toEqual(copy)
  })

  it('is idempotent', () => {
    const once = sanitizeRichText([
      { insert: 'x', attributes: { link: 'javascript:1', header: 9, indent: 99, color: 'red' } },
      { insert: { image: 'javascript:2' } },
    ])
    expect(sanitizeRichText(once)).toEqual(once)
  })
})
