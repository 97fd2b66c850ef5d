import { describe, expect, it } from 'vitest'
import {
  USAGE_COUNTS_STORAGE_KEY,
  readUsageCountsEnabled,
  writeUsageCountsEnabled,
} from './usage-counts'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('the usage counts setting', () => {
  it('is on until turned off, and remembers each change on this device', () => {
    const storage = memoryStorage()
    expect(readUsageCountsEnabled(storage)).toBe(true)
    writeUsageCountsEnabled(storage, false)
    expect(storage.getItem(USAGE_COUNTS_STORAGE_KEY)).toBe('off')
    expect(readUsageCountsEnabled(storage)).toBe(false)
    writeUsageCountsEnabled(storage, true)
    expect(readUsageCountsEnabled(storage)).toBe(true)
  })

  it('sends nothing when storage cannot be read', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(readUsageCountsEnabled(blocked)).toBe(false)
  })
})
