import { LIBRARY_BRIDGE_ORIGINS } from '@inkmark/shared/library-bridge'
import { describe, expect, it } from 'vitest'
import { BRIDGE_ORIGINS, builtInAppUrl } from './app-url'

describe('the built-in web app address', () => {
  it('is the origin a build names, else the local development server', () => {
    expect(builtInAppUrl('http://127.0.0.1:15173/')).toBe('http://127.0.0.1:15173')
    expect(builtInAppUrl(' https://app.example.org ')).toBe('https://app.example.org')
    expect(builtInAppUrl(undefined)).toBe('http://localhost:5173')
    expect(builtInAppUrl('')).toBe('http://localhost:5173')
    expect(builtInAppUrl('javascript:alert(1)')).toBe('http://localhost:5173')
    expect(builtInAppUrl('not an address')).toBe('http://localhost:5173')
    // The whole library is shared with it: plain http only on loopback.
    expect(builtInAppUrl('http://lan-host:3000')).toBe('http://localhost:5173')
    expect(builtInAppUrl('http://localhost:6000')).toBe('http://localhost:6000')
  })

  it('shares the library with the fixed origins and the built-in web app only', () => {
    expect(BRIDGE_ORIGINS).toEqual(expect.arrayContaining([...LIBRARY_BRIDGE_ORIGINS]))
    // A build that names no web app (as in this unit test) is a development build.
    expect(BRIDGE_ORIGINS).toEqual([...LIBRARY_BRIDGE_ORIGINS, 'http://localhost:5173'])
    expect(BRIDGE_ORIGINS).not.toContain('http://127.0.0.1:5173')
  })
})
