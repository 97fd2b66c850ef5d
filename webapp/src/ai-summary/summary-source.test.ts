import { createPageContent, createTranscript } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { chooseSummarySource, highlightsText, summarySourceLabel } from './summary-source'

const VIDEO = 'https://www.youtube.com/watch?v=eF8Qqp7rjDg'
const NOW = 1_700_000_000_000

describe('chooseSummarySource', () => {
  it("summarizes a video from its saved transcript's text", () => {
    const pageContent = createPageContent(
      {
        _id: 'pc1',
        url: VIDEO,
        youtubeTranscript: createTranscript({
          url: VIDEO,
          transcripts: [
            { text: 'Hello and welcome ', offset: 0, duration: 2 },
            { text: ' ', offset: 2, duration: 1 },
            { text: 'to the show.', offset: 3, duration: 2 },
          ],
        }),
      },
      NOW,
    )
    expect(chooseSummarySource({ url: VIDEO, pageContent, marks: [] })).toEqual({
      kind: 'transcript',
      text: 'Hello and welcome to the show.',
    })
  })

  it('falls back to the highlights and notes when nothing of the page is saved', () => {
    const marks = [{ text: ' First passage ', notes: 'why it matters' }, { text: 'Second' }, {}]
    expect(chooseSummarySource({ url: VIDEO, pageContent: undefined, marks })).toEqual({
      kind: 'highlights',
      text: 'First passage (Note: why it matters)\n\nSecond',
    })
    expect(highlightsText([])).toBe('')
  })

  it('offers nothing when there is nothing to summarize', () => {
    expect(
      chooseSummarySource({ url: 'https://example.com/a', pageContent: undefined, marks: [] }),
    ).toEqual({ kind: 'none', text: '' })
  })
})

describe('summarySourceLabel', () => {
  it('counts highlights with the right plural', () => {
    expect(summarySourceLabel('highlights', 1)).toBe(
      'Made from your 1 highlight (no saved copy of the page).',
    )
    expect(summarySourceLabel('highlights', 3)).toContain('3 highlights')
    expect(summarySourceLabel('transcript', 0)).toBe("Made from the video's transcript.")
  })
})
