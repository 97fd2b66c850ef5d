import { describe, expect, it } from 'vitest'
import { readTransferFixture } from './fixture-files'
import type { SkippedItem } from './import-result'
import { SkipReason } from './import-result'
import {
  dateNoticeReportLines,
  errorReportLines,
  reportLineText,
  reportText,
  skipReasonLabel,
  skippedHeading,
  skippedReportLines,
} from './import-report'
import { importPocketCsv } from './pocket-csv'

describe('the import report', () => {
  it('has words for every skip reason', () => {
    for (const reason of Object.values(SkipReason)) {
      expect(skipReasonLabel({ reason }, 'row')).toMatch(/^[A-Z]/)
    }
    expect(skipReasonLabel({ reason: 'duplicate-bookmark', firstLine: 2 }, 'row')).toBe(
      'Duplicate URL: the same page as row 2',
    )
    expect(skipReasonLabel({ reason: 'duplicate-bookmark' }, 'entry')).toBe(
      'Duplicate URL: the page is already in your library',
    )
  })

  it('names the place, the reason, the title and the URL of each item', () => {
    const skipped: SkippedItem[] = [
      { reason: 'javascript-url', line: 5, url: 'javascript:void(0)', title: 'Script' },
      { reason: 'missing-url', line: 4 },
      { reason: 'kindle-bookmark' },
    ]
    expect(skippedReportLines(skipped, 'row').map(reportLineText)).toEqual([
      'Row 5 · A javascript: link, not a page · Script · javascript:void(0)',
      'Row 4 · No URL',
      'Kindle reading position (no text)',
    ])
    expect(errorReportLines([{ message: 'bad', line: 2 }], 'entry').map(reportLineText)).toEqual([
      'Entry 2 · Not readable: bad',
    ])
    expect(
      dateNoticeReportLines(
        [{ reason: 'unreadable-date', value: 'soon', line: 3, url: 'https://a.example' }],
        'line',
      ).map(reportLineText),
    ).toEqual([
      'Line 3 · Unreadable date (soon): imported with the import date · https://a.example',
    ])
  })

  it('counts with proper plurals', () => {
    expect(skippedHeading(1, 'row')).toBe('1 skipped row')
    expect(skippedHeading(14, 'row')).toBe('14 skipped rows')
    expect(skippedHeading(2, 'entry')).toBe('2 skipped entries')
    expect(skippedHeading(1521, 'link')).toBe('1,521 skipped links')
  })

  it('reports the 7 duplicates of the real 1,535-row Pocket export, one line each', async () => {
    const result = await importPocketCsv(readTransferFixture('pocket/edh_part_000000.csv'), {
      now: Date.UTC(2026, 10, 26),
      createId: (() => {
        let next = 0
        return () => `id-${++next}`
      })(),
    })
    const lines = skippedReportLines(result.skipped, 'row')
    const text = reportText(skippedHeading(lines.length, 'row'), lines).split('\n')
    expect(text[0]).toBe('7 skipped rows')
    expect(text).toHaveLength(8)
    for (const line of text.slice(1)) {
      expect(line).toMatch(/^Row \d+ · Duplicate URL: the same page as row \d+ · .* · https?:\/\//)
    }
  }, 30_000)
})
