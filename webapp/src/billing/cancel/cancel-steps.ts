// The cancellation flow's steps and where Back leads, kept apart from the screen so the order is
// tested once: Reason, Feedback, CancellationOffer, Cancel (spec section 2).

/** A step of the flow. */
export type CancelStep = 'reason' | 'feedback' | 'offer' | 'cancel'

/** The steps in order, with the names the step indicator shows. */
export const CANCEL_STEPS: readonly { id: CancelStep; label: string }[] = [
  { id: 'reason', label: 'Reason' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'offer', label: 'Offer' },
  { id: 'cancel', label: 'Cancel' },
]

/** The step after `step` (the last stays). */
export function nextStep(step: CancelStep): CancelStep {
  const index = CANCEL_STEPS.findIndex((entry) => entry.id === step)
  return CANCEL_STEPS[Math.min(index + 1, CANCEL_STEPS.length - 1)]!.id
}

/** The step before `step`, or null on the first. */
export function previousStep(step: CancelStep): CancelStep | null {
  const index = CANCEL_STEPS.findIndex((entry) => entry.id === step)
  return index <= 0 ? null : CANCEL_STEPS[index - 1]!.id
}

/** "Step 2 of 4". */
export function stepPosition(step: CancelStep): string {
  const index = CANCEL_STEPS.findIndex((entry) => entry.id === step)
  return `Step ${index + 1} of ${CANCEL_STEPS.length}`
}
