import { describe, expect, it } from 'vitest'
import {
  TRANSCRIPT_PARENT_TAG,
  highlightOfLine,
  isTranscriptMark,
  transcriptHighlightSource,
  transcriptSpanOf,
} from './transcript-mark'

const lines = [
  { text: 'citizens of the world welcome to this', offset: 0.56, duration: 5.799 },
  { text: 'Halloween Azure infrastructure', offset: 3.52, duration: 6.76 },
  { text: 'update a AER you think the cloud is your', offset: 6.359, duration: 7.721 },
]

describe('transcriptHighlightSource', () => {
  it('describes lines as the spec shape plus the time span', () => {
    const source = transcriptHighlightSource(lines.slice(1, 3), 1, 'eF8Qqp7rjDg', 'en')
    expect(source).toEqual({
      startMeta: { parentTagName: TRANSCRIPT_PARENT_TAG, parentIndex: 1, textOffset: 0 },
      endMeta: { parentTagName: TRANSCRIPT_PARENT_TAG, parentIndex: 2, textOffset: 40 },
      text: 'Halloween Azure infrastructure update a AER you think the cloud is your',
      youtube: {
        videoId: 'eF8Qqp7rjDg',
        languageCode: 'en',
        offset: 3.52,
        duration: 6.359 + 7.721 - 3.52,
        lastLineOffset: 6.359,
      },
    })
    expect(transcriptSpanOf(source)).toEqual(source.youtube)
    expect(isTranscriptMark({ highlightSource: source })).toBe(true)
  })

  it('refuses lines that are not there', () => {
    expect(() => transcriptHighlightSource([], 0, 'eF8Qqp7rjDg', 'en')).toThrow(RangeError)
    expect(() => transcriptHighlightSource(lines, -1, 'eF8Qqp7rjDg', 'en')).toThrow(RangeError)
  })
})

describe('transcriptSpanOf', () => {
  const source = transcriptHighlightSource(lines.slice(0, 1), 0, 'eF8Qqp7rjDg', 'en')

  it('is null for page highlights and damaged spans', () => {
    expect(transcriptSpanOf(undefined)).toBeNull()
    expect(
      transcriptSpanOf({ ...source, startMeta: { ...source.startMeta, parentTagName: 'P' } }),
    ).toBeNull()
    expect(transcriptSpanOf({ ...source, youtube: { ...source.youtube, offset: -1 } })).toBeNull()
    expect(transcriptSpanOf({ ...source, youtube: { ...source.youtube, videoId: 7 } })).toBeNull()
    expect(transcriptSpanOf({ ...source, youtube: undefined })).toBeNull()
    expect(isTranscriptMark({})).toBe(false)
  })
})

describe('highlightOfLine', () => {
  it('finds the highlight whose line starts span the line', () => {
    const first = { id: 'a', offset: 0.56, lastLineOffset: 0.56 }
    const span = { id: 'b', offset: 3.52, lastLineOffset: 6.359 }
    expect(highlightOfLine([first, span], 0.56)?.id).toBe('a')
    expect(highlightOfLine([first, span], 3.52)?.id).toBe('b')
    expect(highlightOfLine([first, span], 6.359)?.id).toBe('b')
    expect(highlightOfLine([first, span], 6.36)).toBeUndefined()
    expect(highlightOfLine([first, span], 10.28)).toBeUndefined()
  })
})
