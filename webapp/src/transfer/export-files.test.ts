import { createBookmark, createMark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { EXPORT_FORMATS, toExportFile } from './export-files'

const NOW = Date.UTC(2026, 10, 22)
const bookmark = createBookmark({ _id: 'b1', url: 'https://example.com/a', title: 'A page' }, NOW)
const mark = createMark(
  { _id: 'm1', _bookmark: 'b1', url: bookmark.url, title: 'A page', text: 'Quoted words' },
  NOW,
)
const library = { bookmarks: [bookmark], marks: [mark] }

describe('toExportFile', () => {
  it('names every file with the day and keeps the highlight text', () => {
    for (const format of EXPORT_FORMATS) {
      const file = toExportFile(format, library, NOW)
      expect(file.fileName).toContain('2026-11-22')
      expect(file.text).toContain('Quoted words')
    }
  })

  it('gives JSON-LD as parseable JSON', () => {
    const file = toExportFile('json-ld', library, NOW)
    expect(JSON.parse(file.text)).toMatchObject({ type: 'AnnotationCollection', total: 1 })
  })
})
