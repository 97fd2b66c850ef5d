// Learning through the local store: reviewing a card with the scheduler the settings choose,
// discarding and bringing it back, and no review lost when sync (a REST pull, or a live room's
// foreign origin) replaces a reviewed card with a copy that lacks some of its reviews.
import { afterEach, describe, expect, it } from 'vitest'
import { LearningRating } from '../domain/learning-review'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asMark } from '../testing/stored-fixtures'
import { ObjectStore } from '../domain/entities/object-store'
import { entityMap } from './library-schema'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

const DAY = 86_400_000

async function storeWithCard(): Promise<LocalStore> {
  const { store } = await harness()
  await store.createOrUpdateEntities([
    asBookmark({ _id: 'b1', createdAt: FIXTURE_NOW }),
    asMark({ _id: 'm1', _bookmark: 'b1', createdAt: FIXTURE_NOW }),
  ])
  return store
}

describe('reviewMark', () => {
  it('reviews with the spec scheduler by default and logs the review with a fresh id', async () => {
    const store = await storeWithCard()
    const mark = await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    expect(mark.learningItem?.repetitions).toBe(1)
    expect(mark.learningItem?.reviewLog).toHaveLength(1)
    const [entry] = mark.learningItem!.reviewLog!
    expect(entry).toMatchObject({ reviewedAt: FIXTURE_NOW + DAY, rating: 5, scheduler: 'SPEC' })
    expect(entry!.id).toMatch(/^id-/)
    expect(mark.learningItem?.fsrs?.reps).toBe(1)
    expect(store.getAllMarks()[0]?.learningItem?.reviewLog).toHaveLength(1)
    expect(mark.updatedAt).toBeGreaterThan(FIXTURE_NOW)
  })

  it('uses FSRS and the desired retention when the settings choose it', async () => {
    const store = await storeWithCard()
    await store.updateChromeSettings({ learningScheduler: 'FSRS', desiredRetention: 0.8 })
    const mark = await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const item = mark.learningItem!
    expect(item.reviewLog?.[0]).toMatchObject({ scheduler: 'FSRS', desiredRetention: 0.8 })
    expect(item.nextReviewInMillis).toBe(item.fsrs?.due)
  })

  it('keeps both reviews when two are asked for at once', async () => {
    const store = await storeWithCard()
    await Promise.all([
      store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY),
      store.reviewMark('m1', LearningRating.NEUTRAL, FIXTURE_NOW + 2 * DAY),
    ])
    expect(store.getAllMarks()[0]?.learningItem?.reviewLog).toHaveLength(2)
  })

  it('refuses a highlight that does not exist', async () => {
    const store = await storeWithCard()
    await expect(store.reviewMark('nope', LearningRating.KNOW, FIXTURE_NOW)).rejects.toThrow(
      'No highlight',
    )
  })
})

describe('setMarkLearningDisabled', () => {
  it('discards and brings back a card, stamping the change', async () => {
    const store = await storeWithCard()
    const discarded = await store.setMarkLearningDisabled('m1', true, FIXTURE_NOW + DAY)
    expect(discarded.learningItem).toMatchObject({
      disableLearning: true,
      disableLearningChangedAt: FIXTURE_NOW + DAY,
    })
    const back = await store.setMarkLearningDisabled('m1', false, FIXTURE_NOW + 2 * DAY)
    expect(back.learningItem?.disableLearning).toBe(false)
  })
})

describe('a remote copy replacing a reviewed card', () => {
  async function otherDeviceCopy(): Promise<Record<string, unknown>> {
    // The other device had the card as it was before this device's review, and reviewed it itself.
    const other = await storeWithCard()
    const theirs = await other.reviewMark('m1', LearningRating.DONT_KNOW, FIXTURE_NOW + 2 * DAY)
    return { ...theirs, _objectStore: 'marks', updatedAt: FIXTURE_NOW + 10 * DAY }
  }

  it('a REST pull: the merged card (both reviews) is written back as a pending local write', async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const theirs = await otherDeviceCopy()
    await store.createOrUpdateEntities([theirs], TransactionOrigin.REMOTE)
    const mark = store.getAllMarks()[0]!
    expect(mark.learningItem?.reviewLog?.map((entry) => entry.rating)).toEqual([5, 0])
    expect(mark.learningItem?.repetitions).toBe(2)
    expect(mark.updatedAt).toBeGreaterThan(FIXTURE_NOW + 10 * DAY)
    const pending = await store.getEntitiesThatNeedSync()
    expect(pending.map((entity) => entity._id)).toContain('m1')
  })

  it('a live room (foreign origin): the same merge', async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const theirs = await otherDeviceCopy()
    store.doc.transact(() => {
      entityMap(store.doc, ObjectStore.MARKS).set('m1', JSON.stringify(theirs))
    }, 'a-room-provider')
    await store.flush()
    const mark = store.getAllMarks()[0]!
    expect(mark.learningItem?.reviewLog?.map((entry) => entry.rating)).toEqual([5, 0])
  })

  it('a live room: an older copy put aside for this unsynced version still gives its reviews', async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const theirs = { ...(await otherDeviceCopy()), updatedAt: FIXTURE_NOW }
    store.doc.transact(() => {
      entityMap(store.doc, ObjectStore.MARKS).set('m1', JSON.stringify(theirs))
    }, 'a-room-provider')
    await store.flush()
    const mark = store.getAllMarks()[0]!
    expect(mark.learningItem?.reviewLog?.map((entry) => entry.rating)).toEqual([5, 0])
  })

  it('a live room copy whose card this app cannot read is left as it arrived', async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const theirs = await otherDeviceCopy()
    const learningItem = theirs.learningItem as { reviewLog: { rating: number }[] }
    // A newer app's answer (no such rating here): merging ours back would drop its reviews.
    const unreadable = {
      ...theirs,
      learningItem: {
        ...learningItem,
        reviewLog: learningItem.reviewLog.map((entry) => ({ ...entry, rating: 3.5 })),
      },
    }
    store.doc.transact(() => {
      entityMap(store.doc, ObjectStore.MARKS).set('m1', JSON.stringify(unreadable))
    }, 'a-room-provider')
    await store.flush()
    expect(JSON.parse(entityMap(store.doc, ObjectStore.MARKS).get('m1') as string)).toEqual(
      unreadable,
    )
  })

  it('a copy that has every review is taken as it is', async () => {
    const store = await storeWithCard()
    const mine = await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const newer = {
      ...mine,
      _objectStore: 'marks',
      notes: 'edited',
      updatedAt: FIXTURE_NOW + 5 * DAY,
    }
    await store.createOrUpdateEntities([newer], TransactionOrigin.REMOTE)
    const mark = store.getAllMarks()[0]!
    expect(mark.notes).toBe('edited')
    expect(mark.updatedAt).toBe(FIXTURE_NOW + 5 * DAY)
  })

  it('a deletion that arrives wins over the reviews: nothing is written back', async () => {
    const store = await storeWithCard()
    const mine = await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const deleted = {
      ...mine,
      _objectStore: 'marks',
      learningItem: undefined,
      deletedAt: FIXTURE_NOW + 3 * DAY,
    }
    await store.createOrUpdateEntities([deleted], TransactionOrigin.REMOTE)
    expect(store.getAllMarks()).toEqual([])
  })

  it('a later discard elsewhere wins, an older one does not undo a newer undiscard', async () => {
    const store = await storeWithCard()
    const mine = await store.setMarkLearningDisabled('m1', false, FIXTURE_NOW + 3 * DAY)
    const olderDiscard = {
      ...mine,
      _objectStore: 'marks',
      learningItem: {
        ...mine.learningItem,
        disableLearning: true,
        disableLearningChangedAt: FIXTURE_NOW + DAY,
      },
      updatedAt: FIXTURE_NOW + 4 * DAY,
    }
    await store.createOrUpdateEntities([olderDiscard], TransactionOrigin.REMOTE)
    expect(store.getAllMarks()[0]?.learningItem?.disableLearning).toBe(false)
  })
})

describe('backups', () => {
  it('keep the review log, its base, the FSRS state, the discard time and the scheduler settings', async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    await store.updateChromeSettings({ learningScheduler: 'FSRS', desiredRetention: 0.85 })
    await store.reviewMark('m1', LearningRating.NEUTRAL, FIXTURE_NOW + 4 * DAY)
    const before = await store.setMarkLearningDisabled('m1', true, FIXTURE_NOW + 5 * DAY)
    const exported = (await store.getBackupData()).file
    expect(exported.marks[0]?.learningItem).toEqual(before.learningItem)

    await store.clearDatabases()
    const result = await store.importBackupData(JSON.parse(JSON.stringify(exported)))
    expect(result.ok).toBe(true)
    const [imported] = store.getAllMarks()
    expect(imported?.learningItem).toEqual(before.learningItem)
    expect(imported?.learningItem?.reviewLog).toHaveLength(2)
    expect(imported?.learningItem?.fsrs?.reps).toBe(2)
    expect(store.getChromeSettings()).toMatchObject({
      learningScheduler: 'FSRS',
      desiredRetention: 0.85,
    })
  })
})

describe('mergeLearningItem (a pulled copy that lost to a newer local edit)', () => {
  it("takes the copy's reviews into the stored card, kept pending", async () => {
    const store = await storeWithCard()
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    const other = await storeWithCard()
    const theirs = await other.reviewMark('m1', LearningRating.DONT_KNOW, FIXTURE_NOW + 2 * DAY)
    const merged = await store.mergeLearningItem('m1', theirs.learningItem!)
    expect(merged?.learningItem?.reviewLog?.map((entry) => entry.rating)).toEqual([5, 0])
    // Nothing more to take in: no second write.
    expect(await store.mergeLearningItem('m1', theirs.learningItem!)).toBeUndefined()
  })

  it('a review and a deletion made while the merge waited in the queue both stand', async () => {
    const store = await storeWithCard()
    const other = await storeWithCard()
    const theirs = await other.reviewMark('m1', LearningRating.DONT_KNOW, FIXTURE_NOW + 2 * DAY)
    const review = store.reviewMark('m1', LearningRating.NEUTRAL, FIXTURE_NOW + DAY)
    const merge = store.mergeLearningItem('m1', theirs.learningItem!)
    await Promise.all([review, merge])
    expect(store.getAllMarks()[0]!.learningItem?.reviewLog?.map((entry) => entry.rating)).toEqual([
      2.5, 0,
    ])

    const again = await other.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + 3 * DAY)
    const deletion = store.markEntitiesAsDeleted([{ _id: 'm1', _objectStore: 'marks' }])
    const late = store.mergeLearningItem('m1', again.learningItem!)
    await deletion
    expect(await late).toBeUndefined()
    expect(store.getAllMarks()).toEqual([])
  })
})

describe('updateMarkFields', () => {
  it('edits a highlight rendered before a review without putting back the older card', async () => {
    const store = await storeWithCard()
    const rendered = store.getAllMarks()[0]!
    await store.reviewMark('m1', LearningRating.KNOW, FIXTURE_NOW + DAY)
    await store.updateMarkFields(rendered._id, { ...rendered, notes: 'edited later' })
    const mark = store.getAllMarks()[0]!
    expect(mark.notes).toBe('edited later')
    expect(mark.learningItem?.reviewLog).toHaveLength(1)
  })

  it('refuses a highlight that is gone', async () => {
    const store = await storeWithCard()
    await expect(store.updateMarkFields('nope', { notes: 'x' })).rejects.toThrow(
      'No highlight with id nope',
    )
  })
})
