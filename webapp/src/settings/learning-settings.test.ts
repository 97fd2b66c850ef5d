import { createChromeSettingsFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DESIRED_RETENTION, retentionLabel, schedulerSettingsOf } from './learning-settings'

describe('schedulerSettingsOf', () => {
  it('reads the spec scheduler at 0.9 when nothing is stored', () => {
    expect(schedulerSettingsOf(createChromeSettingsFixture())).toEqual({
      scheduler: 'SPEC',
      desiredRetention: DEFAULT_DESIRED_RETENTION,
    })
  })

  it('reads FSRS and a retention in range, and the default for one out of range', () => {
    const fsrs = (desiredRetention: unknown) =>
      schedulerSettingsOf({
        ...createChromeSettingsFixture(),
        learningScheduler: 'FSRS',
        desiredRetention,
      })
    expect(fsrs(0.95)).toEqual({ scheduler: 'FSRS', desiredRetention: 0.95 })
    expect(fsrs(0.951).desiredRetention).toBe(0.95)
    expect(fsrs(0.5).desiredRetention).toBe(0.9)
    expect(fsrs(0.99).desiredRetention).toBe(0.9)
    expect(fsrs('0.8').desiredRetention).toBe(0.9)
  })

  it('labels the retention in percent, marking the default', () => {
    expect(retentionLabel(0.9)).toBe('90% (default)')
    expect(retentionLabel(0.97)).toBe('97%')
  })
})
