import { describe, expect, it } from 'vitest'
import { highlightingOffReason } from './current-page'

describe('where the popup says highlighting is off', () => {
  it('is off on browser pages and on sites the person turned it off for', () => {
    expect(highlightingOffReason(undefined, [])).toBe('browser-page')
    expect(highlightingOffReason('chrome://extensions', [])).toBe('browser-page')
    expect(highlightingOffReason('chrome-extension://abc/popup.html', [])).toBe('browser-page')
    expect(highlightingOffReason('about:blank', [])).toBe('browser-page')
    expect(highlightingOffReason('https://example.com/a', ['example.com'])).toBe('blacklisted')
  })

  it('is on for web pages and files, and always on the Inkmark app', () => {
    expect(highlightingOffReason('https://example.com/a', [])).toBeUndefined()
    expect(highlightingOffReason('file:///tmp/a.html', [])).toBeUndefined()
    expect(highlightingOffReason('http://localhost:5173/page/1', ['localhost'])).toBeUndefined()
  })
})
