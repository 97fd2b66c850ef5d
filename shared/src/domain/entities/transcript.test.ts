import { describe, expect, it } from 'vitest'
import { TranscriptSchema, createTranscript, transcriptText } from './transcript'

const URL_ = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'

describe('Transcript', () => {
  it('starts with no segments and no languages', () => {
    expect(createTranscript({ url: URL_ })).toEqual({
      url: URL_,
      transcripts: [],
      availableLanguages: [],
    })
  })

  it('joins the segment texts, skipping blank ones', () => {
    const transcript = createTranscript({
      url: URL_,
      transcripts: [
        { text: ' Never gonna ', duration: 2, offset: 0 },
        { text: ' ', duration: 1, offset: 2 },
        { text: 'give you up', duration: 2, offset: 3 },
      ],
      availableLanguages: ['en', 'de'],
    })
    expect(transcriptText(transcript)).toBe('Never gonna give you up')
  })

  it('accepts its defaults, keeps unknown keys, and rejects wrong types', () => {
    const transcript = createTranscript({ url: URL_ })
    expect(TranscriptSchema.parse(transcript)).toEqual(transcript)
    expect(TranscriptSchema.parse({ ...transcript, title: 'x' }).title).toBe('x')
    expect(TranscriptSchema.safeParse({ url: 1 }).success).toBe(false)
    expect(
      TranscriptSchema.safeParse({
        url: URL_,
        transcripts: [{ text: 'a', duration: '1', offset: 0 }],
      }).success,
    ).toBe(false)
    expect(
      TranscriptSchema.parse({
        url: URL_,
        transcripts: [{ text: 'a', duration: 1, offset: 0, lang: 'en' }],
      }).transcripts[0]?.lang,
    ).toBe('en')
  })
})
