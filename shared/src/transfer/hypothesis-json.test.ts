// The Hypothesis importer: the real annotations of the fixtures folder keep every selector (and
// anchor by them on their saved page, see anchoring/hypothesis-fixture.test.ts), the client's
// export and a bare list read the same, page notes become notes and replies are reported.
import { describe, expect, it } from 'vitest'
import { pageSelectorsOf } from '../reader/reader-selectors'
import { readTransferFixture } from './fixture-files'
import { ImportFormat, detectImportFormat } from './import-formats'
import { SkipReason } from './import-result'
import { importHypothesisJson } from './hypothesis-json'
import { skipReasonLabel } from './import-report'

const NOW = Date.UTC(2025, 0, 1)
const FIXTURE = readTransferFixture('hypothesis/wikipedia-regression-testing.json')
const ROWS = (JSON.parse(FIXTURE) as { rows: Record<string, unknown>[] }).rows

function options() {
  let next = 0
  return { now: NOW, createId: () => `id-${++next}` }
}

describe('Hypothesis import', () => {
  it('keeps every selector of the real annotations, their notes, dates and page', async () => {
    const result = await importHypothesisJson(FIXTURE, options())
    expect(result.bookmarks).toHaveLength(1)
    expect(result.bookmarks[0]).toMatchObject({
      url: 'https://en.wikipedia.org/wiki/Regression_testing',
      title: 'Regression testing - Wikipedia',
      createdAt: Date.parse('2016-12-16T11:20:43.422Z'),
    })
    expect(result.marks).toHaveLength(5)
    for (const [index, row] of ROWS.entries()) {
      const mark = result.marks[index]!
      const target = (row.target as { selector: Record<string, unknown>[] }[])[0]!
      const quote = target.selector.find((selector) => selector.type === 'TextQuoteSelector')!
      const position = target.selector.find((selector) => selector.type === 'TextPositionSelector')!
      // All three selectors, RangeSelector's XPaths included, as Hypothesis wrote them.
      expect(mark.highlightSource?.selectors).toEqual(target.selector)
      expect(mark.highlightSource).toMatchObject({
        startMeta: { parentTagName: 'BODY', parentIndex: 0, textOffset: position.start },
        endMeta: { parentTagName: 'BODY', parentIndex: 0, textOffset: position.end },
        text: quote.exact,
      })
      expect(mark.text).toBe(quote.exact)
      expect(mark.notes).toBe(row.text)
      expect(mark.createdAt).toBe(Date.parse(row.created as string))
      // What the highlighter anchors by on the live page: the quote with context and the position.
      expect(pageSelectorsOf(mark)).toMatchObject({ quote, position })
    }
  })

  it('reads the client export and a bare list the same as the API answer', async () => {
    const api = await importHypothesisJson(FIXTURE, options())
    const exported = JSON.stringify({
      export_date: '2024-05-01T10:00:00.000Z',
      export_userid: 'acct:mark@localhost',
      client_version: '1.1500.0',
      annotations: ROWS,
    })
    expect(detectImportFormat('hypothesis-export.json', exported)).toBe(
      ImportFormat.HYPOTHESIS_JSON,
    )
    expect(detectImportFormat('list.json', JSON.stringify(ROWS))).toBe(ImportFormat.HYPOTHESIS_JSON)
    expect(await importHypothesisJson(exported, options())).toEqual(api)
    expect(await importHypothesisJson(JSON.stringify(ROWS), options())).toEqual(api)
  })

  it('makes a page note a note on the page and reports a reply instead of losing it', async () => {
    const pageNote = {
      ...ROWS[0],
      id: 'note1',
      text: 'A note on the whole page',
      tags: ['testing', ' qa  notes '],
      target: [{ source: 'https://en.wikipedia.org/wiki/Regression_testing' }],
    }
    const reply = { ...ROWS[1], id: 'reply1', text: 'Agreed', references: [ROWS[1]!.id] }
    const result = await importHypothesisJson(JSON.stringify([...ROWS, pageNote, reply]), options())
    expect(result.marks).toHaveLength(6)
    const note = result.marks[5]!
    expect(note).toMatchObject({ notes: 'A note on the whole page', tags: ['testing', 'qa notes'] })
    expect(note.text).toBeUndefined()
    expect(note.highlightSource).toBeUndefined()
    expect(result.skipped).toEqual([
      {
        reason: SkipReason.REPLY,
        line: 7,
        url: 'https://en.wikipedia.org/wiki/Regression_testing',
        title: 'Regression testing - Wikipedia',
      },
    ])
    expect(skipReasonLabel(result.skipped[0]!, 'entry')).toBe(
      'Reply to another annotation (Inkmark keeps no discussion threads)',
    )
  })

  it("refuses JSON that is not Hypothesis's with the spec's message", async () => {
    await expect(importHypothesisJson('[{"url":"https://a.example/"}]', options())).rejects.toThrow(
      'Invalid file. Try to upload a JSON file from Hypothesis',
    )
    await expect(importHypothesisJson('{"rows": [', options())).rejects.toThrow(
      'Could not parse given JSON content',
    )
  })
})

describe('selectors a file brings', () => {
  it('keeps unknown kinds as they came but leaves out a quote or position that is not valid', async () => {
    const { selectorListOf } = await import('./imported-anchors')
    const range = { type: 'RangeSelector', startContainer: '/p[1]', startOffset: 0 }
    expect(
      selectorListOf([
        range,
        { type: 'TextQuoteSelector', exact: { toString: 'x' } },
        { type: 'TextPositionSelector', start: -1, end: 4 },
        { type: 'TextQuoteSelector', exact: 'kept' },
        'not a selector',
        null,
      ]),
    ).toEqual([range, { type: 'TextQuoteSelector', exact: 'kept' }])
    expect(selectorListOf({ type: 'TextPositionSelector', start: 1, end: 2 })).toHaveLength(1)
  })
})
