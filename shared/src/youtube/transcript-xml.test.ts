import { describe, expect, it } from 'vitest'
import { readYoutubeFixture } from './fixture-files'
import {
  TranscriptFormatError,
  cueText,
  decodeEntities,
  parseTranscriptXml,
} from './transcript-xml'

describe('parseTranscriptXml on the captured eF8Qqp7rjDg transcript', () => {
  const xml = readYoutubeFixture('eF8Qqp7rjDg_transcript.xml')
  const lines = parseTranscriptXml(xml)

  it('reads every cue with its offset and duration in seconds', () => {
    expect(lines).toHaveLength((xml.match(/<text /g) ?? []).length)
    expect(lines[0]).toEqual({
      text: 'citizens of the world welcome to this',
      offset: 0.56,
      duration: 5.799,
    })
    expect(lines[1]).toEqual({
      text: 'Halloween Azure infrastructure',
      offset: 3.52,
      duration: 6.76,
    })
    expect(lines.at(-1)!.offset).toBe(400.24)
  })

  it('keeps the cues in offset order, even where they overlap', () => {
    const offsets = lines.map((line) => line.offset)
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
    expect(lines[0]!.offset + lines[0]!.duration).toBeGreaterThan(lines[1]!.offset)
  })

  it('decodes the doubly escaped apostrophes as text', () => {
    const line = lines.find((candidate) => candidate.text.startsWith('videos on to what'))
    expect(line?.text).toBe("videos on to what's new so the free")
    expect(lines.some((candidate) => candidate.text.includes('&'))).toBe(false)
    expect(lines.some((candidate) => /&#|&amp;/.test(candidate.text))).toBe(false)
  })
})

describe('parseTranscriptXml on youtube-transcript-api test transcript', () => {
  it('drops the empty cue and the escaped <i> tag, keeping its text', () => {
    expect(parseTranscriptXml(readYoutubeFixture('jdepoix_transcript.xml'))).toEqual([
      { text: 'Hey, this is just a test', offset: 0, duration: 1.54 },
      { text: 'this is not the original transcript', offset: 1.54, duration: 4.16 },
      { text: 'just something shorter, I made up for testing', offset: 5.7, duration: 3.239 },
    ])
  })
})

describe('parseTranscriptXml on bad input', () => {
  it('refuses what is not a transcript', () => {
    expect(() => parseTranscriptXml('<html><body>Sorry</body></html>')).toThrow(
      TranscriptFormatError,
    )
    expect(() => parseTranscriptXml('')).toThrow('This is not a YouTube transcript.')
  })

  it('skips cues without a valid start and reads a missing duration as 0', () => {
    const xml =
      '<transcript><text dur="1">no start</text><text start="-1" dur="1">negative</text>' +
      '<text start="abc">not a number</text><text start="2.5">kept</text><text start="3" /></transcript>'
    expect(parseTranscriptXml(xml)).toEqual([{ text: 'kept', offset: 2.5, duration: 0 }])
  })

  it('is empty for a transcript without cues', () => {
    expect(parseTranscriptXml('<?xml version="1.0"?><transcript></transcript>')).toEqual([])
  })
})

describe('decodeEntities and cueText', () => {
  it('decodes named, decimal and hex entities and leaves unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot;q&quot; &#39;s &#x1F680; &bogus; &#0;')).toBe(
      '<b> & "q" \'s 🚀 &bogus; &#0;',
    )
  })

  it('drops tags but keeps text that only looks like a tag, and collapses spaces', () => {
    expect(cueText('<i>not</i>  really\n<3 &lt;script&gt;')).toBe('not really <3 <script>')
    expect(cueText('<script>alert(1)</script>')).toBe('alert(1)')
  })
})
