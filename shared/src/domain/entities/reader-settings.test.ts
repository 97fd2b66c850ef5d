import { describe, expect, it } from 'vitest'
import {
  DEFAULT_READER_SETTINGS,
  READER_SETTINGS_STORAGE_KEYS,
  ReaderColorMode,
  ReaderSettingsSchema,
  isReaderColorMode,
  readerSettingsWithDefaults,
} from './reader-settings'

const DEFAULTS = { fontSize: 20, layoutWidth: 700, lineHeight: 1.6, colorMode: 'auto' }

describe('reader defaults', () => {
  it('are font size 20, width 700, line height 1.6, colour mode auto', () => {
    expect(DEFAULT_READER_SETTINGS).toEqual(DEFAULTS)
  })

  it('name the spec storage keys', () => {
    expect(READER_SETTINGS_STORAGE_KEYS).toEqual({
      fontSize: 'readerFontSize',
      layoutWidth: 'readerLayoutWidth',
      lineHeight: 'readerLineHeight',
      colorMode: 'readerColorMode',
    })
  })
})

describe('readerSettingsWithDefaults', () => {
  it('fills everything for no input', () => {
    expect(readerSettingsWithDefaults(undefined)).toEqual(DEFAULTS)
    expect(readerSettingsWithDefaults(null)).toEqual(DEFAULTS)
    expect(readerSettingsWithDefaults({})).toEqual(DEFAULTS)
  })

  it('keeps valid values', () => {
    expect(
      readerSettingsWithDefaults({
        fontSize: 18,
        layoutWidth: 900,
        lineHeight: 1.4,
        colorMode: 'sepia',
      }),
    ).toEqual({ fontSize: 18, layoutWidth: 900, lineHeight: 1.4, colorMode: 'sepia' })
  })

  it('reads numeric strings as stored by key-value storage', () => {
    expect(
      readerSettingsWithDefaults({ fontSize: '22', lineHeight: ' 1.8 ', layoutWidth: '.5e3' }),
    ).toEqual({
      ...DEFAULTS,
      fontSize: 22,
      lineHeight: 1.8,
    })
  })

  it.each([
    0,
    -1,
    -0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '0',
    '-3',
    'abc',
    '',
    '  ',
    '20px',
    '0x14',
    'Infinity',
    true,
    null,
    {},
    [],
  ])('falls back to the defaults for %j', (value) => {
    expect(
      readerSettingsWithDefaults({ fontSize: value, layoutWidth: value, lineHeight: value }),
    ).toEqual(DEFAULTS)
  })

  it('falls back to auto for an unknown colour mode', () => {
    expect(readerSettingsWithDefaults({ colorMode: 'neon' }).colorMode).toBe('auto')
    expect(readerSettingsWithDefaults({ colorMode: 3 }).colorMode).toBe('auto')
    expect(readerSettingsWithDefaults({ colorMode: 'AUTO' }).colorMode).toBe('auto')
  })

  it('keeps each known colour mode', () => {
    for (const mode of Object.values(ReaderColorMode)) {
      expect(isReaderColorMode(mode)).toBe(true)
      expect(readerSettingsWithDefaults({ colorMode: mode }).colorMode).toBe(mode)
    }
  })
})

describe('ReaderSettingsSchema', () => {
  it('accepts its defaults, keeps unknown keys, rejects wrong types', () => {
    expect(ReaderSettingsSchema.parse(DEFAULT_READER_SETTINGS)).toEqual(DEFAULTS)
    expect(ReaderSettingsSchema.parse({ ...DEFAULTS, fontFamily: 'serif' }).fontFamily).toBe(
      'serif',
    )
    expect(ReaderSettingsSchema.safeParse({ ...DEFAULTS, fontSize: '20' }).success).toBe(false)
    expect(ReaderSettingsSchema.safeParse({ ...DEFAULTS, fontSize: 0 }).success).toBe(false)
    expect(ReaderSettingsSchema.safeParse({ ...DEFAULTS, colorMode: 'night' }).success).toBe(false)
  })
})
