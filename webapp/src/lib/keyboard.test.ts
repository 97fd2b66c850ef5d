import { describe, expect, it } from 'vitest'
import { isSearchShortcut } from './keyboard'

const key = (key: string, extra: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inEditable: false,
  ...extra,
})

describe('isSearchShortcut', () => {
  it('opens on Ctrl+K, Cmd+K and a slash outside fields', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true)
    expect(isSearchShortcut(key('K', { metaKey: true, inEditable: true }))).toBe(true)
    expect(isSearchShortcut(key('/'))).toBe(true)
    expect(isSearchShortcut(key('/', { inEditable: true }))).toBe(false)
    expect(isSearchShortcut(key('k'))).toBe(false)
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false)
  })
})
