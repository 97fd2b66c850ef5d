import { describe, expect, it } from 'vitest'
import { pageStatusFor } from './page-status'

describe('pageStatusFor', () => {
  it('is ready on an ordinary article', () => {
    expect(pageStatusFor('https://example.com/article', [])).toBe('ready')
  })

  it("is blacklisted on a site of the user's blacklist", () => {
    expect(pageStatusFor('https://example.com/article', ['example.com'])).toBe('blacklisted')
  })
})
