import { describe, expect, it } from 'vitest'
import { productEventOfGuestCall, usageCountsEnabledFrom } from './usage-counts'

describe('usage counts in the extension', () => {
  it('are on unless turned off', () => {
    expect(usageCountsEnabledFrom(undefined)).toBe(true)
    expect(usageCountsEnabledFrom('on')).toBe(true)
    expect(usageCountsEnabledFrom('off')).toBe(false)
  })

  it('count a highlight made and a page saved, nothing else', () => {
    expect(productEventOfGuestCall({ method: 'createMark', args: [] })).toBe('highlight_created')
    expect(productEventOfGuestCall({ method: 'savePage', args: [] })).toBe('page_saved')
    expect(productEventOfGuestCall({ method: 'loadPage', args: [] })).toBeUndefined()
    expect(productEventOfGuestCall(null)).toBeUndefined()
  })
})
