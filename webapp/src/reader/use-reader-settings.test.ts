import { describe, expect, it } from 'vitest'
import { readReaderSettings, writeReaderSettings } from './use-reader-settings'

function memoryStorage(items: Record<string, string> = {}) {
  return {
    items,
    getItem: (key: string) => items[key] ?? null,
    setItem: (key: string, value: string) => {
      items[key] = value
    },
  }
}

describe('reader settings in localStorage', () => {
  it("gives the spec's defaults when nothing is stored", () => {
    expect(readReaderSettings(memoryStorage())).toEqual({
      fontSize: 20,
      layoutWidth: 700,
      lineHeight: 1.6,
      colorMode: 'auto',
    })
  })

  it('remembers settings under the spec keys and reads them back', () => {
    const storage = memoryStorage()
    writeReaderSettings(storage, {
      fontSize: 24,
      layoutWidth: 900,
      lineHeight: 1.8,
      colorMode: 'sepia',
    })
    expect(storage.items).toMatchObject({ readerFontSize: '24', readerColorMode: '"sepia"' })
    expect(readReaderSettings(storage)).toEqual({
      fontSize: 24,
      layoutWidth: 900,
      lineHeight: 1.8,
      colorMode: 'sepia',
    })
  })

  it('falls back on zero, non-numeric, unknown and unparsable values', () => {
    const storage = memoryStorage({
      readerFontSize: '0',
      readerLayoutWidth: '"wide"',
      readerLineHeight: 'not json',
      readerColorMode: '"neon"',
    })
    expect(readReaderSettings(storage)).toEqual({
      fontSize: 20,
      layoutWidth: 700,
      lineHeight: 1.6,
      colorMode: 'auto',
    })
    expect(readReaderSettings(memoryStorage({ readerFontSize: '"26"' })).fontSize).toBe(26)
  })
})
