import { describe, expect, it } from 'vitest'
import { shouldAskAutoDownload } from './auto-download-rule'
import { withDismissedStep } from './UserPromptHost'

describe('shouldAskAutoDownload', () => {
  it('asks while never answered, and never again once answered, yes or no', () => {
    expect(shouldAskAutoDownload(undefined)).toBe(true)
    expect(shouldAskAutoDownload(true)).toBe(false)
    expect(shouldAskAutoDownload(false)).toBe(false)
  })
})

describe('withDismissedStep', () => {
  it('adds a step once and keeps the newest 50', () => {
    expect(withDismissedStep([100, '200'], '200')).toEqual([100, '200'])
    expect(withDismissedStep(['100'], '200')).toEqual(['100', '200'])
    const many = Array.from({ length: 50 }, (_, i) => String(i))
    expect(withDismissedStep(many, 'new')).toHaveLength(50)
    expect(withDismissedStep(many, 'new').at(-1)).toBe('new')
  })
})
