import { describe, expect, it } from 'vitest'
import { nearestRetentionChoice, retentionLabel } from './learning-settings'

describe('the desired retention choices', () => {
  it('labels the retention in percent, marking the default', () => {
    expect(retentionLabel(0.9)).toBe('90% (default)')
    expect(retentionLabel(0.97)).toBe('97%')
  })

  it('shows a stored retention as the nearest choice', () => {
    expect(nearestRetentionChoice(0.951)).toBe(0.95)
    expect(nearestRetentionChoice(0.7)).toBe(0.7)
    expect(nearestRetentionChoice(0.88)).toBe(0.9)
  })
})
