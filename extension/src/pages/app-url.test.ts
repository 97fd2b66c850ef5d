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
  })

  it('shares the library with the fixed origins and the built-in web app only', () => {
    expect(BRIDGE_ORIGINS).toEqual(expect.arrayContaining([...LIBRARY_BRIDGE_ORIGINS]))
    expect(BRIDGE_ORIGINS.length).toBe(LIBRARY_BRIDGE_ORIGINS.length)
  })
})
