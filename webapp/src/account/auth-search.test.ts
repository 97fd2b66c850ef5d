import { describe, expect, it } from 'vitest'
import { parseAuthSearch } from './auth-search'

describe('parseAuthSearch', () => {
  it('reads redirectPath, google-sso and the sign-up tab', () => {
    expect(
      parseAuthSearch({ redirectPath: '/learning', 'google-sso': 'true', tab: 'sign-up' }),
    ).toEqual({ redirectPath: '/learning', 'google-sso': true, tab: 'sign-up' })
    expect(parseAuthSearch({ 'google-sso': '' })).toEqual({ 'google-sso': true })
    expect(parseAuthSearch({ 'google-sso': 1 })).toEqual({ 'google-sso': true })
  })

  it('leaves out what it does not know', () => {
    expect(parseAuthSearch({ redirectPath: 42, 'google-sso': 'false', tab: 'other' })).toEqual({})
    expect(parseAuthSearch({ redirectPath: '' })).toEqual({})
  })
})
