import { describe, expect, it } from 'vitest'
import { redirectPathOrDefault, toSafeRedirectPath } from './redirect-path'

describe('toSafeRedirectPath', () => {
  it('keeps a path of this app with its query and fragment', () => {
    expect(toSafeRedirectPath('/settings?view=account')).toBe('/settings?view=account')
    expect(toSafeRedirectPath('/page/abc#notes')).toBe('/page/abc#notes')
    expect(toSafeRedirectPath('/')).toBe('/')
  })

  it('refuses anything that could leave the origin', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /settings',
      '/\tsettings',
      'settings',
      '',
      42,
      undefined,
      null,
    ]) {
      expect(toSafeRedirectPath(raw)).toBeUndefined()
    }
  })

  it('refuses /auth itself (a loop) and over-long values', () => {
    expect(toSafeRedirectPath('/auth?redirectPath=/auth')).toBeUndefined()
    expect(toSafeRedirectPath('/auth/x')).toBeUndefined()
    expect(toSafeRedirectPath(`/${'a'.repeat(2001)}`)).toBeUndefined()
  })

  it('falls back to the dashboard', () => {
    expect(redirectPathOrDefault('https://evil.example/')).toBe('/')
    expect(redirectPathOrDefault('/learning')).toBe('/learning')
  })
})
