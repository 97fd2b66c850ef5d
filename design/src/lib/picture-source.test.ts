import { describe, expect, it } from 'vitest'
import { pictureSource } from './picture-source'

describe('pictureSource', () => {
  it('lets http(s) addresses and raster data pictures through', () => {
    expect(pictureSource(' https://example.com/a.png ')).toBe('https://example.com/a.png')
    expect(pictureSource('http://127.0.0.1:8080/x.jpg')).toBe('http://127.0.0.1:8080/x.jpg')
    expect(pictureSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })

  it('refuses scripts, SVG data, other schemes and nonsense', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'chrome-extension://abc/x.png',
      'not a url',
      '',
      undefined,
      null,
    ]) {
      expect(pictureSource(url), String(url)).toBeUndefined()
    }
  })
})
