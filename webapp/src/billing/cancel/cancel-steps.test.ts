import { describe, expect, it } from 'vitest'
import { nextStep, previousStep, stepPosition } from './cancel-steps'

describe('cancellation steps', () => {
  it('go Reason, Feedback, Offer, Cancel and back', () => {
    expect(nextStep('reason')).toBe('feedback')
    expect(nextStep('feedback')).toBe('offer')
    expect(nextStep('offer')).toBe('cancel')
    expect(nextStep('cancel')).toBe('cancel')
    expect(previousStep('reason')).toBeNull()
    expect(previousStep('cancel')).toBe('offer')
    expect(stepPosition('feedback')).toBe('Step 2 of 4')
  })
})
