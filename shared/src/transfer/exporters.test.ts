// The exporters: escaping, Markdown tags and front matter, Anki quoting, the JSON-LD shape, and a
// round trip of a Weava-shaped import through the exports.
import { describe, expect, it } from 'vitest'
import { createBookmark } from '../domain/entities/bookmark'
import { createMark } from '../domain/entities/mark'
import { ParserOptions } from '@fast-csv/parse/build/src/ParserOptions'
import { Parser } from '@fast-csv/parse/build/src/parser/Parser'
import { ANKI_CSV_HEADER, toAnkiCsv, toCsvField } from './export-anki-csv'
import { escapeHtml, toHtmlDocument } from './export-html'
import { MARKDOWN_COVER_IMAGE_WIDTH, markdownFileName, toMarkdown } from './export-markdown'
import { WEB_ANNOTATION_CONTEXT, toWebAnnotationCollection } from './export-web-annotations'
import { groupMarksByBookmark } from './export-library'
import { importWeavaCsv } from './weava-csv'

const NOW = Date.UTC(2025, 0, 1)
const XSS = '<img src=x onerror=alert(1)>'
const LONG_URL = `https://example.com/${'a'.repeat(120)}?q="x"&y=<z>`

const bookmark = createBookmark(
  {
    _id: 'b1',
    url: LONG_URL,
    title: `Title ${XSS}`,
    tags: ['web design', 'ux'],
    coverImageUrl: 'https://img.example/cover (1).png',
  },
  NOW,
)
const marks = [
  createMark(
    {
      _id: 'm1',
      _bookmark: 'b1',
      url: LONG_URL,
      text: 'He said, "hello"\nand left',
      notes: XSS,
      tags: ['deep work'],
      createdAt: NOW - 2,
      highlightSource: {
        startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 },
        endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 5 },
        selectors: [
          { type: 'TextQuoteSelector', exact: 'He said', prefix: '', suffix: ', "hello"' },
          { type: 'TextPositionSelector', start: 10, end: 17 },
          { type: 'TextPositionSelector', start: 9, end: 1 },
          { type: 'RangeSelector' },
        ],
      },
    },
    NOW,
  ),
  createMark(
    { _id: 'm2', _bookmark: 'b1', url: LONG_URL, notes: 'Only a note', createdAt: NOW - 1 },
    NOW,
  ),
  createMark({ _id: 'gone', _bookmark: 'b1', url: LONG_URL, text: 'deleted', deletedAt: NOW }, NOW),
]
const library = { bookmarks: [bookmark], marks }

describe('HTML export', () => {
  const html = toHtmlDocument(library, { now: NOW })

  it('is a standalone document where every user text stays text', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).not.toContain('<img src=x')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain(escapeHtml(XSS))
    expect(escapeHtml(XSS)).toBe('&#60;img src=x onerror=alert(1)&#62;')
    expect(html).not.toContain('deleted')
  })

  it('shows the URL cut at 80 characters and links the whole address', () => {
    const shown = />([^<]*)<\/a>/.exec(html)?.[1] ?? ''
    expect(shown).toHaveLength(80)
    expect(shown.endsWith('…')).toBe(true)
    expect(html).toContain(`href="${escapeHtml(LONG_URL)}"`)
  })

  it('does not link a javascript: address', () => {
    const evil = createBookmark({ _id: 'e', url: 'javascript:alert(1)', title: 'Evil' }, NOW)
    expect(toHtmlDocument({ bookmarks: [evil], marks: [] }, { now: NOW })).not.toContain(
      'href="javascript',
    )
  })
})

describe('Markdown export', () => {
  const [entry] = groupMarksByBookmark(library)
  const markdown = entry === undefined ? '' : toMarkdown(entry)

  it('starts with Obsidian front matter, tags with hyphens', () => {
    expect(markdown.split('\n').slice(0, 9)).toEqual([
      '---',
      `title: ${JSON.stringify(`Title ${XSS}`)}`,
      `url: ${JSON.stringify(LONG_URL)}`,
      'tags:',
      '  - "web-design"',
      '  - "ux"',
      `created: "2025-01-01T00:00:00.000Z"`,
      `updated: "2025-01-01T00:00:00.000Z"`,
      '---',
    ])
  })

  it('puts the cover at width 300, quotes the highlight, escapes markup and tags the mark', () => {
    expect(markdown).toContain(
      `|${MARKDOWN_COVER_IMAGE_WIDTH}](https://img.example/cover%20%281%29.png)`,
    )
    expect(markdown).toContain('> He said, "hello"\n> and left')
    expect(markdown).toContain('\\<img src=x onerror=alert(1)\\>')
    expect(markdown).toContain('#deep-work')
    expect(markdown).toContain('Only a note')
    expect(markdown.indexOf('He said')).toBeLessThan(markdown.indexOf('Only a note'))
  })

  it('names the file after the title without forbidden characters', () => {
    expect(markdownFileName({ _id: 'x', url: 'u', title: 'A/B: C? <D>' })).toBe('A B C D.md')
    expect(markdownFileName({ _id: 'x', url: 'u' })).toBe('x.md')
  })
})

describe('Anki CSV export', () => {
  it('quotes fields RFC 4180 style', () => {
    expect(toCsvField('plain')).toBe('plain')
    expect(toCsvField('a,b')).toBe('"a,b"')
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""')
    expect(toCsvField('two\nlines')).toBe('"two\nlines"')
  })

  it('writes front, back and tags of each text highlight, readable back by a CSV parser', () => {
    const csv = toAnkiCsv(library)
    const lines = csv.split('\n')
    expect(lines.slice(0, 3)).toEqual([...ANKI_CSV_HEADER])
    const rows = new Parser(new ParserOptions({ comment: '#' })).parse(csv, false).rows
    expect(rows).toEqual([
      [
        'He said, "hello"\nand left',
        `${XSS}\n\nTitle ${XSS}\n\n${LONG_URL}`,
        'web-design ux deep-work',
      ],
    ])
  })
})

describe('W3C Web Annotation export', () => {
  const collection = toWebAnnotationCollection(library, {
    id: 'urn:uuid:0b5e7c1e-5d1f-4c1b-9d1e-3f2a1b0c9d8e',
  })

  it('is an AnnotationCollection with one annotation per live mark', () => {
    expect(collection['@context']).toBe(WEB_ANNOTATION_CONTEXT)
    expect(collection.type).toBe('AnnotationCollection')
    expect(collection.id).toBe('urn:uuid:0b5e7c1e-5d1f-4c1b-9d1e-3f2a1b0c9d8e')
    expect(collection.first.id).toBe('urn:uuid:0b5e7c1e-5d1f-4c1b-9d1e-3f2a1b0c9d8e#page-1')
    expect(toWebAnnotationCollection(library).id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/)
    expect(collection.total).toBe(2)
    expect(collection.first.items).toHaveLength(2)
    expect(JSON.parse(JSON.stringify(collection))).toEqual(collection)
  })

  it('keeps the valid stored selectors, the note as comment and the tags as tagging bodies', () => {
    expect(collection.first.items[0]).toEqual({
      id: 'urn:inkmark:mark:m1',
      type: 'Annotation',
      motivation: 'highlighting',
      created: '2024-12-31T23:59:59.998Z',
      modified: '2025-01-01T00:00:00.000Z',
      body: [
        { type: 'TextualBody', value: XSS, purpose: 'commenting', format: 'text/plain' },
        { type: 'TextualBody', value: 'deep work', purpose: 'tagging' },
      ],
      stylesheet: {
        type: 'CssStylesheet',
        value: '.inkmark-color-fdffb4 { background-color: #fdffb4; }',
      },
      target: {
        source: LONG_URL,
        selector: [
          { type: 'TextQuoteSelector', exact: 'He said', prefix: '', suffix: ', "hello"' },
          { type: 'TextPositionSelector', start: 10, end: 17 },
        ],
        styleClass: 'inkmark-color-fdffb4',
      },
    })
    // A note without a selector targets the page's IRI itself (a Specific Resource needs one).
    expect(collection.first.items[1]).toMatchObject({ motivation: 'commenting', target: LONG_URL })
  })
})

describe('round trip', () => {
  it('a Weava import exports to Anki and JSON-LD with the same highlights', async () => {
    const csv = [
      'Date,Website Title,URL,Color Code,Color Name,Text,Note',
      '2024-03-01,Page,https://a.example/,#ffad2a,Orange,"One, two",Note 1',
      '2024-03-01,Page,https://a.example/,#ffad2a,Orange,Three,',
    ].join('\n')
    let next = 0
    const imported = await importWeavaCsv(csv, { now: NOW, createId: () => `r${++next}` })
    const rows = new Parser(new ParserOptions({ comment: '#' })).parse(
      toAnkiCsv(imported),
      false,
    ).rows
    expect(rows.map((row) => row[0])).toEqual(['One, two', 'Three'])
    const annotations = toWebAnnotationCollection(imported).first.items
    expect(
      annotations.map((annotation) =>
        typeof annotation.target === 'string' ? undefined : annotation.target.selector?.[0],
      ),
    ).toEqual([
      { type: 'TextQuoteSelector', exact: 'One, two' },
      { type: 'TextQuoteSelector', exact: 'Three' },
    ])
  })
})
