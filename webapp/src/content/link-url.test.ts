import { describe, expect, it } from 'vitest'
import { EMPTY_LINK_MESSAGE, UNSAFE_LINK_MESSAGE, checkLinkUrl, isSafeLinkUrl } from './link-url'

describe('checkLinkUrl', () => {
  it('keeps links with the spec safe schemes', () => {
    for (const url of [
      'https://example.com/a?b=1',
      'http://example.com',
      'mailto:someone@example.com',
      'tel:+441234',
      '#section-2',
      '/content/abc',
      'ftp://files.example.com/a.txt',
    ]) {
      expect(checkLinkUrl(url)).toEqual({ ok: true, url })
    }
  })

  it('reads a bare address as https', () => {
    expect(checkLinkUrl('  example.com/page ')).toEqual({
      ok: true,
      url: 'https://example.com/page',
    })
  })

  it('refuses javascript:, data: (other than images) and unknown schemes with a message', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'unsafe:https://example.com',
      'not a link',
    ]) {
      expect(checkLinkUrl(url)).toEqual({ ok: false, message: UNSAFE_LINK_MESSAGE })
    }
  })

  it('asks for an address when nothing was typed', () => {
    expect(checkLinkUrl('   ')).toEqual({ ok: false, message: EMPTY_LINK_MESSAGE })
  })
})

describe('isSafeLinkUrl', () => {
  it('tells stored links that may be followed', () => {
    expect(isSafeLinkUrl('https://example.com')).toBe(true)
    expect(isSafeLinkUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeLinkUrl('unsafe:javascript:alert(1)')).toBe(false)
  })
})
