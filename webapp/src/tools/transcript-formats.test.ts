import { describe, expect, it } from 'vitest'
import {
  srtTimestamp,
  transcriptFileName,
  transcriptTimestamp,
  transcriptToSrt,
  transcriptToText,
} from './transcript-formats'

const lines = [
  { text: 'Hello and welcome', offset: 0.08, duration: 3.2 },
  { text: '   ', offset: 3.3, duration: 1 },
  { text: 'to this week’s\nupdate', offset: 62.5, duration: 2.25 },
  { text: 'an hour in', offset: 3723.9994, duration: 1 },
]

describe('the transcript formats', () => {
  it('shows timestamps as mm:ss, with hours past the first', () => {
    expect(transcriptTimestamp(0)).toBe('00:00')
    expect(transcriptTimestamp(3.9)).toBe('00:03')
    expect(transcriptTimestamp(725)).toBe('12:05')
    expect(transcriptTimestamp(3723)).toBe('1:02:03')
    expect(transcriptTimestamp(Number.NaN)).toBe('00:00')
    expect(transcriptTimestamp(-4)).toBe('00:00')
  })

  it('writes SubRip times with milliseconds', () => {
    expect(srtTimestamp(0)).toBe('00:00:00,000')
    expect(srtTimestamp(62.5)).toBe('00:01:02,500')
    expect(srtTimestamp(3723.9994)).toBe('01:02:03,999')
    expect(srtTimestamp(0.0005)).toBe('00:00:00,001')
  })

  it('writes numbered SubRip cues, one line of text each, skipping empty ones', () => {
    expect(transcriptToSrt(lines)).toBe(
      [
        '1\n00:00:00,080 --> 00:00:03,280\nHello and welcome\n',
        '2\n00:01:02,500 --> 00:01:04,750\nto this week’s update\n',
        '3\n01:02:03,999 --> 01:02:04,999\nan hour in\n',
      ].join('\n'),
    )
  })

  it('writes plain text with a timestamp per line', () => {
    expect(transcriptToText(lines)).toBe(
      '[00:00] Hello and welcome\n[01:02] to this week’s update\n[1:02:03] an hour in',
    )
    expect(transcriptToText([])).toBe('')
  })

  it('names the file after the video, without path or reserved characters', () => {
    expect(transcriptFileName('Halloween Update - 27th October', 'srt')).toBe(
      'Halloween Update - 27th October.srt',
    )
    expect(transcriptFileName('../../etc/passwd', 'txt')).toBe('etc passwd.txt')
    expect(transcriptFileName('a: b? <c>|"d"\u0007', 'txt')).toBe('a b c d.txt')
    expect(transcriptFileName('   ', 'srt')).toBe('Transcript.srt')
    expect(transcriptFileName('x'.repeat(300), 'txt')).toBe(`${'x'.repeat(120)}.txt`)
  })
})
