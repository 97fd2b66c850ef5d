import { describe, expect, it } from 'vitest'
import { parseResetPasswordSearch, parseResetTokenFragment } from './reset-password-search'

describe('parseResetPasswordSearch', () => {
  it('keeps a plausible token and drops the rest', () => {
    expect(parseResetPasswordSearch({ token: 'abcdefghijkl' })).toEqual({ token: 'abcdefghijkl' })
    expect(parseResetPasswordSearch({ token: 'short' })).toEqual({})
    expect(parseResetPasswordSearch({ token: 42 })).toEqual({})
    expect(parseResetPasswordSearch({})).toEqual({})
  })
})

describe('parseResetTokenFragment', () => {
  it('reads the token of a #token= fragment', () => {
    expect(parseResetTokenFragment('#token=abcdefghijkl')).toBe('abcdefghijkl')
    expect(parseResetTokenFragment('#token=short')).toBeUndefined()
    expect(parseResetTokenFragment('')).toBeUndefined()
    expect(parseResetTokenFragment('#other=abcdefghijkl')).toBeUndefined()
  })
})
