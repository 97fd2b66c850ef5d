import { describe, expect, it } from 'vitest'
import { parseResetPasswordSearch } from './reset-password-search'

describe('parseResetPasswordSearch', () => {
  it('keeps a plausible token and drops the rest', () => {
    expect(parseResetPasswordSearch({ token: 'abcdefghijkl' })).toEqual({ token: 'abcdefghijkl' })
    expect(parseResetPasswordSearch({ token: 'short' })).toEqual({})
    expect(parseResetPasswordSearch({ token: 42 })).toEqual({})
    expect(parseResetPasswordSearch({})).toEqual({})
  })
})
