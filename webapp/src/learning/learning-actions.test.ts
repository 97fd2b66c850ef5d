import 'fake-indexeddb/auto'
import { MemoryLevel, ObjectStore, memoryLevel, type Mark } from '@inkmark/shared'
import {
  FIXTURE_NOW,
  createBookmarkFixture,
  createChromeSettingsFixture,
  createMarkFixture,
  openTestStore,
  type TestStore,
} from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { nextReviewPreview, reviewMark, setMarkLearningDisabled } from './learning-actions'

const DAY = 86_400_000
const opened: TestStore[] = []

async function libraryWithOneCard() {
  const harness = await openTestStore()
  opened.push(harness)
  const bookmark = createBookmarkFixture({ isStarred: true })
  const mark = createMarkFixture({ _bookmark: bookmark._id, url: bookmark.url })
  expect((await harness.store.createOrUpdateEntities([bookmark, mark])).rejected).toEqual([])
  const read = () => harness.store.getEntityById(mark._id, ObjectStore.MARKS) as Mark
  return { store: harness.store, read }
}

afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

describe('reviewMark', () => {
  it('stores the review on the mark: history, repetitions and the next review', async () => {
    const { store, read } = await libraryWithOneCard()
    expect((await reviewMark(store, read()._id, 'KNOW', FIXTURE_NOW))._id).toBe(read()._id)
    const item = read().learningItem!
    expect(item.repetitions).toBe(1)
    expect(item.lastLearnedHistory).toEqual([FIXTURE_NOW])
    expect(item.nextReviewInMillis).toBeGreaterThan(FIXTURE_NOW)
    expect(memoryLevel(item)).not.toBe(MemoryLevel.NOT_YET_LEARNED)
    expect(item.reviewLog).toHaveLength(1)
    expect(item.reviewLog![0]).toMatchObject({ reviewedAt: FIXTURE_NOW, scheduler: 'SPEC' })
  })

  it('schedules with FSRS when the settings say so, logging the scheduler', async () => {
    const { store, read } = await libraryWithOneCard()
    await store.updateChromeSettings({ learningScheduler: 'FSRS', desiredRetention: 0.95 })
    await reviewMark(store, read()._id, 'KNOW', FIXTURE_NOW)
    expect(read().learningItem!.reviewLog![0]).toMatchObject({
      scheduler: 'FSRS',
      desiredRetention: 0.95,
    })
  })
})

describe('setMarkLearningDisabled', () => {
  it('discards and brings back a card, keeping its history', async () => {
    const { store, read } = await libraryWithOneCard()
    await reviewMark(store, read()._id, 'NEUTRAL', FIXTURE_NOW)
    await setMarkLearningDisabled(store, read()._id, true)
    expect(memoryLevel(read().learningItem)).toBe(MemoryLevel.DISCARDED)
    await setMarkLearningDisabled(store, read()._id, false)
    expect(read().learningItem).toMatchObject({
      disableLearning: false,
      lastLearnedHistory: [FIXTURE_NOW],
    })
  })
})

describe('nextReviewPreview', () => {
  it('brings a known card back later than an unknown one', () => {
    const preview = nextReviewPreview(
      createMarkFixture(),
      createChromeSettingsFixture(),
      FIXTURE_NOW,
    )
    expect(preview.DONT_KNOW).toBe(FIXTURE_NOW + DAY)
    expect(preview.KNOW).toBeGreaterThanOrEqual(preview.NEUTRAL)
    expect(preview.NEUTRAL).toBeGreaterThanOrEqual(preview.DONT_KNOW)
  })
})
