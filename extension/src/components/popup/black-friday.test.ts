import { Plan } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  BLACK_FRIDAY_CLOSED_KEY,
  closeBlackFridayBanner,
  showsBlackFridayBanner,
} from './black-friday'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

const INSIDE = Date.UTC(2026, 10, 26, 12)
const FIRST_DAY = Date.UTC(2026, 10, 23, 0)
const LAST_DAY = Date.UTC(2026, 10, 30, 23, 59)
const BEFORE = Date.UTC(2026, 10, 22, 23, 59)
const AFTER = Date.UTC(2026, 11, 1, 0)

describe('the Black Friday banner', () => {
  it('shows from 23 to 30 November for users not on a paid plan', () => {
    for (const plan of [Plan.OFFLINE, Plan.FREE, Plan.FREE_TRIAL]) {
      expect(showsBlackFridayBanner(plan, INSIDE, memoryStorage())).toBe(true)
      expect(showsBlackFridayBanner(plan, FIRST_DAY, memoryStorage())).toBe(true)
      expect(showsBlackFridayBanner(plan, LAST_DAY, memoryStorage())).toBe(true)
    }
  })

  it('does not show outside the week or on a paid plan', () => {
    expect(showsBlackFridayBanner(Plan.FREE, BEFORE, memoryStorage())).toBe(false)
    expect(showsBlackFridayBanner(Plan.FREE, AFTER, memoryStorage())).toBe(false)
    expect(showsBlackFridayBanner(Plan.PREMIUM, INSIDE, memoryStorage())).toBe(false)
    expect(showsBlackFridayBanner(Plan.ULTIMATE, INSIDE, memoryStorage())).toBe(false)
  })

  it('stays closed for the rest of the week once closed, and shows again the next year', () => {
    const storage = memoryStorage()
    closeBlackFridayBanner(INSIDE, storage)
    expect(storage.getItem(BLACK_FRIDAY_CLOSED_KEY)).toBe('2026')
    expect(showsBlackFridayBanner(Plan.FREE, LAST_DAY, storage)).toBe(false)
    expect(showsBlackFridayBanner(Plan.FREE, Date.UTC(2027, 10, 24, 12), storage)).toBe(true)
  })
})
