import { describe, expect, it } from 'vitest'
import { isYoutubeSiteUrl } from './youtube-site'

describe('isYoutubeSiteUrl', () => {
  it.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=eF8Qqp7rjDg',
    'http://www.youtube.com/feed/subscriptions',
    'https://m.youtube.com/watch?v=eF8Qqp7rjDg',
    'https://youtube.com/@inkmark',
  ])('accepts %s', (url) => {
    expect(isYoutubeSiteUrl(url)).toBe(true)
  })

  it.each([
    'https://youtu.be/eF8Qqp7rjDg',
    'https://www.youtube.com.evil.io/watch?v=eF8Qqp7rjDg',
    'https://studio.youtube.com/',
    'https://www.youtube.com:8443/',
    'ftp://www.youtube.com/',
    'https://example.com/watch?v=eF8Qqp7rjDg',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isYoutubeSiteUrl(url)).toBe(false)
  })
})
