import { describe, expect, it } from 'vitest'
import { isLocalPdfUrl, isShownPdfResponse, viewerPdfUrl, viewerUrlFor } from './pdf-intercept'

const VIEWER = 'chrome-extension://abcdef/tabs/viewer.html'

describe('PDF interception', () => {
  it('recognises a PDF response to show, not a download or another type', () => {
    expect(isShownPdfResponse([{ name: 'Content-Type', value: 'application/pdf' }])).toBe(true)
    expect(isShownPdfResponse([{ name: 'content-type', value: 'Application/PDF; qs=1' }])).toBe(
      true,
    )
    expect(
      isShownPdfResponse([
        { name: 'Content-Type', value: 'application/pdf' },
        { name: 'Content-Disposition', value: 'attachment; filename="a.pdf"' },
      ]),
    ).toBe(false)
    expect(isShownPdfResponse([{ name: 'Content-Type', value: 'text/html' }])).toBe(false)
    expect(isShownPdfResponse(undefined)).toBe(false)
  })

  it('recognises local PDF files by their name', () => {
    expect(isLocalPdfUrl('file:///home/ada/Papers/Trace%20Monkey.PDF')).toBe(true)
    expect(isLocalPdfUrl('file:///home/ada/notes.txt')).toBe(false)
    expect(isLocalPdfUrl('https://example.com/paper.pdf')).toBe(false)
    expect(isLocalPdfUrl('not a url')).toBe(false)
  })

  it('puts the PDF address into the viewer URL encoded, and reads it back', () => {
    const pdf = 'https://example.com/files/paper.pdf?version=2&lang=en#page=3'
    const viewer = viewerUrlFor(VIEWER, pdf)
    expect(viewer).toBe(`${VIEWER}?file=${encodeURIComponent(pdf)}`)
    expect(viewerPdfUrl(viewer, VIEWER)).toBe(pdf)
  })

  it('reads no PDF address from other pages or viewers without a usable file', () => {
    expect(viewerPdfUrl('chrome-extension://abcdef/tabs/sidebar.html?file=x', VIEWER)).toBeNull()
    expect(
      viewerPdfUrl(`${VIEWER}?file=${encodeURIComponent('javascript:alert(1)')}`, VIEWER),
    ).toBeNull()
    expect(viewerPdfUrl(`${VIEWER}?other=1`, VIEWER)).toBeNull()
    expect(viewerPdfUrl(undefined, VIEWER)).toBeNull()
  })
})
