import type { LibraryPassage } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { CITED_PASSAGES_FIELD, citedPassages, savedPassages } from './ask-library-source'

function passage(number: number): LibraryPassage {
  return {
    number,
    markId: `mark-${number}`,
    bookmarkId: `page-${number}`,
    title: `Page ${number}`,
    url: `https://example.org/${number}`,
    text: `Highlight ${number}`,
    note: '',
  }
}

describe('citedPassages', () => {
  it('keeps the passages an answer cites, each once, by number', () => {
    const passages = [passage(1), passage(2), passage(3)]
    expect(citedPassages('B [3] and A [1], again A [1, 3].', passages)).toEqual([
      passage(1),
      passage(3),
    ])
  })

  it('keeps none when the answer cites nothing it was given', () => {
    expect(citedPassages('Nothing cited [7].', [passage(1)])).toEqual([])
  })
})

describe('savedPassages', () => {
  it('reads the passages saved with an answer', () => {
    expect(savedPassages({ [CITED_PASSAGES_FIELD]: [passage(2)] })).toEqual([passage(2)])
  })

  it('leaves out what has not the shape of a passage (another app, another version)', () => {
    const broken = { ...passage(1), markId: 5 }
    expect(savedPassages({ [CITED_PASSAGES_FIELD]: [broken, passage(2), null, 'x'] })).toEqual([
      passage(2),
    ])
    expect(savedPassages({ [CITED_PASSAGES_FIELD]: 'not a list' })).toEqual([])
    expect(savedPassages({})).toEqual([])
  })
})
