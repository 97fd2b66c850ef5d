import { describe, expect, it } from 'vitest'
import { EntityIdSchema, EpochMillisSchema, withoutUndefined } from './common'

describe('common schemas', () => {
  it('takes epoch millis as non-negative finite numbers', () => {
    expect(EpochMillisSchema.parse(0)).toBe(0)
    expect(EpochMillisSchema.safeParse(-1).success).toBe(false)
    expect(EpochMillisSchema.safeParse(Number.NaN).success).toBe(false)
    expect(EpochMillisSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false)
    expect(EpochMillisSchema.safeParse('2024-01-01').success).toBe(false)
  })

  it('requires non-empty ids', () => {
    expect(EntityIdSchema.safeParse('').success).toBe(false)
    expect(EntityIdSchema.parse('a')).toBe('a')
  })

  it('drops undefined values only', () => {
    expect(withoutUndefined({ a: 1, b: undefined, c: null, d: false })).toEqual({
      a: 1,
      c: null,
      d: false,
    })
  })
})
