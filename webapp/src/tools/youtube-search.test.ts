import { describe, expect, it } from 'vitest'
import { isSummarizeFlag, parseYoutubeSearch, videoIdOf } from './youtube-search'

describe('the /youtube parameters', () => {
  it('keeps short strings and the summarize flag', () => {
    expect(parseYoutubeSearch({ url: ' https://youtu.be/dQw4w9WgXcQ ', summarize: 1 })).toEqual({
      url: 'https://youtu.be/dQw4w9WgXcQ',
      summarize: true,
    })
    expect(parseYoutubeSearch({ v: 'dQw4w9WgXcQ', summarize: '0' })).toEqual({ v: 'dQw4w9WgXcQ' })
    expect(parseYoutubeSearch({ url: 42, v: ['x'], summarize: 'yes' })).toEqual({})
    expect(parseYoutubeSearch({ url: 'x'.repeat(3000) })).toEqual({})
    expect([1, '1', true, 'true'].every(isSummarizeFlag)).toBe(true)
    expect([0, '0', false, undefined, 'on'].some(isSummarizeFlag)).toBe(false)
  })

  it('finds the video by the shared URL rules, an id in v or url, or none', () => {
    expect(videoIdOf({ v: 'dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ')
    expect(videoIdOf({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s' })).toBe(
      'dQw4w9WgXcQ',
    )
    expect(videoIdOf({ url: 'youtu.be/dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ')
    expect(videoIdOf({ url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ')
    expect(videoIdOf({ url: 'dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ')
    expect(videoIdOf({ v: 'short', url: 'https://youtu.be/dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ')
    expect(videoIdOf({ url: 'https://example.org/watch?v=dQw4w9WgXcQ' })).toBeNull()
    expect(videoIdOf({ url: 'javascript:alert(1)' })).toBeNull()
    expect(videoIdOf({})).toBeNull()
  })
})
