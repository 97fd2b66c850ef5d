import { describe, expect, it } from 'vitest'
import { toImageSource, toWebUrl } from './safe-url'

describe('toWebUrl', () => {
  it('keeps web addresses only', () => {
    expect(toWebUrl('https://a.com/x?y#z')).toBe('https://a.com/x?y#z')
    expect(toWebUrl('http://a.com')).toBe('http://a.com/')
    expect(toWebUrl('javascript:alert(1)')).toBeUndefined()
    expect(toWebUrl(' JavaScript:alert(1)')).toBeUndefined()
    expect(toWebUrl('data:text/html,<b>x</b>')).toBeUndefined()
    expect(toWebUrl('not a url')).toBeUndefined()
    expect(toWebUrl(undefined)).toBeUndefined()
  })

  it('lets inline images through as image sources, nothing else', () => {
    expect(toImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(toImageSource('data:image/svg+xml;utf8,<svg/>')).toBeUndefined()
    expect(toImageSource('https://a.com/i.png')).toBe('https://a.com/i.png')
  })
})
