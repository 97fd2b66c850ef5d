import { describe, expect, it } from 'vitest'
import { countLabel } from './plural'
import { getSiteInfo } from './site'

describe('getSiteInfo', () => {
  it('gives the host without www, its letter and the origin favicon', () => {
    expect(getSiteInfo('https://www.example.com/a/b?c')).toEqual({
      host: 'example.com',
      letter: 'E',
      iconUrl: 'https://www.example.com/favicon.ico',
    })
  })

  it('has no icon for pages that are not on the web, and a letter from the first letter or digit', () => {
    expect(getSiteInfo('chrome-extension://abc/pdf.html')).toEqual({ host: 'abc', letter: 'A' })
    expect(getSiteInfo('not a url')).toEqual({ host: 'not a url', letter: 'N' })
    expect(getSiteInfo('').letter).toBe('?')
  })
})

describe('countLabel', () => {
  it('says 1 highlight and 3 highlights, never highlight(s)', () => {
    expect(countLabel(1, 'highlight')).toBe('1 highlight')
    expect(countLabel(0, 'highlight')).toBe('0 highlights')
    expect(countLabel(3, 'highlight')).toBe('3 highlights')
    expect(countLabel(2, 'copy', 'copies')).toBe('2 copies')
  })
})
