// Just enough HTML reading for export files (browser bookmarks, Pocket's list, Kindle notebooks,
// Diigo's highlight snippets) without a DOM: these importers run in the store's context and in
// tests, and the files are machine-written, flat and regular. Entities are decoded with the common
// named ones (Latin-1, typographic punctuation) and every numeric form.

// prettier-ignore
const LATIN1_NAMES = [
  'nbsp', 'iexcl', 'cent', 'pound', 'curren', 'yen', 'brvbar', 'sect', 'uml', 'copy', 'ordf',
  'laquo', 'not', 'shy', 'reg', 'macr', 'deg', 'plusmn', 'sup2', 'sup3', 'acute', 'micro', 'para',
  'middot', 'cedil', 'sup1', 'ordm', 'raquo', 'frac14', 'frac12', 'frac34', 'iquest', 'Agrave',
  'Aacute', 'Acirc', 'Atilde', 'Auml', 'Aring', 'AElig', 'Ccedil', 'Egrave', 'Eacute', 'Ecirc',
  'Euml', 'Igrave', 'Iacute', 'Icirc', 'Iuml', 'ETH', 'Ntilde', 'Ograve', 'Oacute', 'Ocirc',
  'Otilde', 'Ouml', 'times', 'Oslash', 'Ugrave', 'Uacute', 'Ucirc', 'Uuml', 'Yacute', 'THORN',
  'szlig', 'agrave', 'aacute', 'acirc', 'atilde', 'auml', 'aring', 'aelig', 'ccedil', 'egrave',
  'eacute', 'ecirc', 'euml', 'igrave', 'iacute', 'icirc', 'iuml', 'eth', 'ntilde', 'ograve',
  'oacute', 'ocirc', 'otilde', 'ouml', 'divide', 'oslash', 'ugrave', 'uacute', 'ucirc', 'uuml',
  'yacute', 'thorn', 'yuml',
]
const LATIN1_FIRST_CODE = 0xa0

const NAMED_CHARACTERS = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ...LATIN1_NAMES.map((name, offset): [string, string] => [
    name,
    String.fromCharCode(LATIN1_FIRST_CODE + offset),
  ]),
  ...Object.entries({
    ndash: '\u2013',
    mdash: '\u2014',
    lsquo: '\u2018',
    rsquo: '\u2019',
    sbquo: '\u201a',
    ldquo: '\u201c',
    rdquo: '\u201d',
    bdquo: '\u201e',
    hellip: '\u2026',
    bull: '\u2022',
    larr: '\u2190',
    uarr: '\u2191',
    rarr: '\u2192',
    darr: '\u2193',
    harr: '\u2194',
    euro: '\u20ac',
    trade: '\u2122',
    dagger: '\u2020',
    Dagger: '\u2021',
    permil: '\u2030',
    lsaquo: '\u2039',
    rsaquo: '\u203a',
    OElig: '\u0152',
    oelig: '\u0153',
    Scaron: '\u0160',
    scaron: '\u0161',
    Yuml: '\u0178',
    fnof: '\u0192',
    circ: '\u02c6',
    tilde: '\u02dc',
    ensp: '\u2002',
    emsp: '\u2003',
    thinsp: '\u2009',
    zwnj: '\u200c',
    zwj: '\u200d',
    lrm: '\u200e',
    rlm: '\u200f',
    prime: '\u2032',
    Prime: '\u2033',
    minus: '\u2212',
  }),
])

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g
const MAX_CODE_POINT = 0x10ffff

/** Text with HTML character references decoded (unknown names are left as written). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) {
      return NAMED_CHARACTERS.get(name) ?? whole
    }
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16)
    return code > 0 && code <= MAX_CODE_POINT && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : '\ufffd'
  })
}

/** The text of an HTML fragment: tags dropped (<br> and block ends as line breaks), entities decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
  return decodeHtmlEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The attributes of an opening tag (`<a href="x" TAGS=y>`), names lowercased, values decoded. */
export function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  const body = tag.replace(/^<\s*[\w:-]+/, '').replace(/\/?>$/, '')
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
  for (const match of body.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase()
    if (!attributes.has(name)) {
      attributes.set(name, decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? ''))
    }
  }
  return attributes
}
