import { createLearningItemFixture, createMarkFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { nextReviewGroups } from './learning-result'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 5, 15, 12)

describe('nextReviewGroups', () => {
  it('groups the learned cards by the day they come back, soonest first', () => {
    const at = (next: number, disableLearning = false) =>
      createMarkFixture({
        learningItem: createLearningItemFixture({
          repetitions: 1,
          lastLearned: NOW,
          nextReviewInMillis: next,
          disableLearning,
        }),
      })
    const groups = nextReviewGroups(
      [at(NOW + 6 * DAY), at(NOW + DAY), at(NOW + DAY + 3_600_000), at(NOW + DAY, true)],
      NOW,
      0,
    )
    expect(groups).toEqual([
      { date: Date.UTC(2026, 5, 16), count: 2 },
      { date: Date.UTC(2026, 5, 21), count: 1 },
    ])
  })
})
