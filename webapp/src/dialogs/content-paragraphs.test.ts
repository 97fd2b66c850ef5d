import { describe, expect, it } from 'vitest'
import { contentParagraphs } from './content-paragraphs'

describe('contentParagraphs', () => {
  it('cuts at line breaks, folds spaces and drops empty lines', () => {
    expect(contentParagraphs('  First   line \n\n\n Second\tline\n   \nThird')).toEqual({
      paragraphs: ['First line', 'Second line', 'Third'],
      truncated: false,
    })
  })

  it('keeps markup as text (it is never read as HTML)', () => {
    expect(contentParagraphs('<b>bold</b>').paragraphs).toEqual(['<b>bold</b>'])
  })

  it('caps the preview', () => {
    expect(contentParagraphs('a\nb\nc', 2)).toEqual({ paragraphs: ['a', 'b'], truncated: true })
  })
})
