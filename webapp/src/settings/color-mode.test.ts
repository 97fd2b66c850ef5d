import { describe, expect, it } from 'vitest'
import { themeAttributeOf } from './color-mode'

describe('themeAttributeOf', () => {
  it('forces light and dark, and leaves system to the style sheet', () => {
    expect(themeAttributeOf('light')).toBe('light')
    expect(themeAttributeOf('dark')).toBe('dark')
    expect(themeAttributeOf('system')).toBeNull()
    expect(themeAttributeOf(undefined)).toBeNull()
  })
})
