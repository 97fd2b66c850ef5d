import { describe, expect, it } from 'vitest'
import {
  YOUTUBE_HOSTS,
  YOUTUBE_ID_PATH_PREFIXES,
  YOUTUBE_VIDEO_ID_LENGTH,
  YOUTU_BE_HOSTS,
  isYoutubeVideoId,
  isYoutubeVideoUrl,
  parseYoutubeVideoId,
  toYoutubeWatchUrl,
} from './youtube'

const ID = 'dQw4w9WgXcQ'

describe('parseYoutubeVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RD1`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s#comments`,
    `https://www.youtube.com/watch/?v=${ID}`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `https://www.youtube.com:443/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc&t=10`,
    `https://www.youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://m.youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://www.youtube.com/v/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])('finds the id in %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBe(ID)
    expect(isYoutubeVideoUrl(url)).toBe(true)
  })

  it('keeps the id exactly as written, including - and _', () => {
    expect(parseYoutubeVideoId('https://youtu.be/a-b_C9d0E1f')).toBe('a-b_C9d0E1f')
  })

  it.each([
    ['not a YouTube host', `https://vimeo.com/watch?v=${ID}`],
    ['look-alike host', `https://youtube.com.evil.io/watch?v=${ID}`],
    ['look-alike host', `https://notyoutube.com/watch?v=${ID}`],
    ['other YouTube subdomain', `https://studio.youtube.com/watch?v=${ID}`],
    ['id too short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['id too long', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['invalid character', 'https://www.youtube.com/watch?v=dQw4w9WgX.Q'],
    ['no id', 'https://www.youtube.com/watch'],
    ['empty id', 'https://www.youtube.com/watch?v='],
    ['channel page', 'https://www.youtube.com/@inkmark'],
    ['home page', 'https://www.youtube.com/'],
    ['playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['v on another path', `https://www.youtube.com/results?v=${ID}`],
    ['watch below another path', `https://www.youtube.com/watch/other?v=${ID}`],
    ['embed without id', 'https://www.youtube.com/embed/'],
    ['youtu.be without id', 'https://youtu.be/'],
    ['youtu.be with a long segment', `https://youtu.be/${ID}x`],
    ['short link path on youtube.com', `https://www.youtube.com/${ID}`],
    ['watch on youtu.be', `https://youtu.be/watch?v=${ID}`],
    ['other scheme', `ftp://www.youtube.com/watch?v=${ID}`],
    ['other port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['not a URL', `www.youtube.com/watch?v=${ID}`],
    ['empty', ''],
  ])('returns null for %s: %s', (_reason, url) => {
    expect(parseYoutubeVideoId(url)).toBeNull()
    expect(isYoutubeVideoUrl(url)).toBe(false)
  })

  it('uses the named hosts and path prefixes', () => {
    expect(YOUTUBE_HOSTS).toEqual([
      'youtube.com',
      'www.youtube.com',
      'm.youtube.com',
      'music.youtube.com',
      'youtube-nocookie.com',
      'www.youtube-nocookie.com',
    ])
    expect(YOUTU_BE_HOSTS).toContain('youtu.be')
    expect(YOUTUBE_ID_PATH_PREFIXES).toEqual(['embed', 'shorts', 'live', 'v'])
  })
})

describe('isYoutubeVideoId', () => {
  it('accepts exactly 11 characters of [A-Za-z0-9_-]', () => {
    expect(YOUTUBE_VIDEO_ID_LENGTH).toBe(11)
    expect(isYoutubeVideoId(ID)).toBe(true)
    expect(isYoutubeVideoId('___________')).toBe(true)
    expect(isYoutubeVideoId('dQw4w9WgXc')).toBe(false)
    expect(isYoutubeVideoId('dQw4w9WgXcQ1')).toBe(false)
    expect(isYoutubeVideoId('dQw4w9WgXc=')).toBe(false)
    expect(isYoutubeVideoId(`${ID}\n`)).toBe(false)
  })
})

describe('toYoutubeWatchUrl', () => {
  it('builds the canonical watch URL, which parses back to the id', () => {
    expect(toYoutubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`)
    expect(parseYoutubeVideoId(toYoutubeWatchUrl(ID))).toBe(ID)
  })
})
