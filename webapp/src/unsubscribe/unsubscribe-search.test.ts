import { describe, expect, it } from 'vitest'
import { parseUnsubscribeSearch } from './unsubscribe-search'

describe('parseUnsubscribeSearch', () => {
  it('keeps a signature-shaped value only', () => {
    const signature = 'abcDEF0123456789_-abcDEF0123456789_-abcDEF0'
    expect(parseUnsubscribeSearch({ signature })).toEqual({ signature })
    expect(parseUnsubscribeSearch({})).toEqual({})
    expect(parseUnsubscribeSearch({ signature: 'short' })).toEqual({})
    expect(parseUnsubscribeSearch({ signature: 'a b<script>'.repeat(3) })).toEqual({})
    expect(parseUnsubscribeSearch({ signature: 1234567890 })).toEqual({})
  })
})
