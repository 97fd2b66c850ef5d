import { describe, expect, it } from 'vitest'
import {
  createPdfBookmark,
  getPdfTitle,
  isPdfBookmark,
  isUploadedPdfBookmark,
} from './pdf-bookmark'

describe('the bookmark of an uploaded PDF', () => {
  it('is a saved local-file page titled by the file name', () => {
    const bookmark = createPdfBookmark('b1', 'Paper Draft.PDF', 5)
    expect(bookmark).toMatchObject({
      _id: 'b1',
      url: 'file:///Paper%20Draft.PDF',
      title: 'Paper Draft',
      isStarred: true,
      createdAt: 5,
    })
    expect(isUploadedPdfBookmark(bookmark)).toBe(true)
  })

  it('keeps a name that is only the ending', () => {
    expect(getPdfTitle('.pdf')).toBe('.pdf')
  })
})

describe('isPdfBookmark', () => {
  it('knows uploaded PDFs and PDFs saved by address', () => {
    expect(isPdfBookmark({ url: 'file:///x', meta: { type: 'pdf' } })).toBe(true)
    expect(isPdfBookmark({ url: 'https://example.com/a/paper.pdf?download=1' })).toBe(true)
    expect(isPdfBookmark({ url: 'file:///home/me/Book.PDF' })).toBe(true)
  })

  it('refuses web pages', () => {
    expect(isPdfBookmark({ url: 'https://example.com/pdf-tips' })).toBe(false)
    expect(isPdfBookmark({ url: 'https://example.com/#a.pdf' })).toBe(false)
  })
})
