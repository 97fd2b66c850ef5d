import { describe, expect, it } from 'vitest'
import { parseReaderSearch } from './reader-search'

describe('parseReaderSearch', () => {
  it('keeps the address and the page content id', () => {
    expect(parseReaderSearch({ url: ' https://example.org/a ', pageContent: 'pc-1' })).toEqual({
      url: 'https://example.org/a',
      pageContent: 'pc-1',
    })
  })

  it('drops what is not a usable string', () => {
    expect(parseReaderSearch({ url: 42, pageContent: '' })).toEqual({})
    expect(parseReaderSearch({ url: 'x'.repeat(9_000), pageContent: ['a'] })).toEqual({})
  })
})
