// No review is lost when sync replaces a highlight. Marks are replaced whole (ADR 010), so when two
// devices review one card offline, the copy that wins carries only its own reviews. Whenever a
// write from elsewhere (a REST pull, origin `remote`, or a live room, a foreign origin) replaces a
// mark whose learning item had reviews or a discard change the stored one now lacks, the store
// merges the learning items (mergeLearningItems: the union of the logs, replayed) and writes the
// merged mark back as a local write, which syncs out so every device ends with the same card.
// Runs inside the transaction's cleanup (see ChangeTracker), so the merge is in the doc before the
// write that brought the other copy resolves. See docs/adr/041-schedulers-and-review-log.md.
import type * as Y from 'yjs'
import { LearningItemSchema, type LearningItem } from '../domain/entities/learning-item'
import { ObjectStore } from '../domain/entities/object-store'
import { learningItemLosesReviews, mergeLearningItems } from '../domain/learning-merge'
import { decodeEntity, entityMap, type StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'
import type { AnyEntity, StoreCore } from './store-core'
import { prepareWrites } from './write-preparation'

/** A mark a transaction replaced: the learning items before and as it arrived. */
export interface LearningArrival {
  id: string
  before: LearningItem
  arrived: LearningItem | undefined
}

/** A stored mark's learning card, or undefined when it has none or one this app cannot read. */
export function learningItemOf(record: StoredRecord | undefined): LearningItem | undefined {
  const parsed = LearningItemSchema.safeParse(record?.learningItem)
  return record?.learningItem !== undefined && parsed.success ? parsed.data : undefined
}

/** The marks whose learning item a transaction replaced, read before anything else reacts. */
export function learningArrivals(doc: Y.Doc, transaction: Y.Transaction): LearningArrival[] {
  const marks = entityMap(doc, ObjectStore.MARKS)
  const arrivals: LearningArrival[] = []
  for (const event of transaction.changedParentTypes.get(marks as never) ?? []) {
    if (event.target !== marks) {
      continue
    }
    for (const [id, change] of event.keys) {
      if (change.action !== 'update') {
        continue
      }
      // Most replaced marks were never reviewed: skip those without parsing their text.
      if (
        typeof change.oldValue === 'string' &&
        !change.oldValue.includes('"reviewLog"') &&
        !change.oldValue.includes('"disableLearningChangedAt"')
      ) {
        continue
      }
      const before = learningItemOf(decodeEntity(change.oldValue))
      if (before?.reviewLog === undefined && before?.disableLearningChangedAt === undefined) {
        continue
      }
      const arrivedRecord = decodeEntity(marks.get(id))
      const arrived = learningItemOf(arrivedRecord)
      if (arrivedRecord?.learningItem !== undefined && arrived === undefined) {
        // A card this app cannot read (a newer app's answer or scheduler): writing ours back over
        // it would drop its reviews, and the newer device would answer in kind forever.
        continue
      }
      arrivals.push({ id, before, arrived })
    }
  }
  return arrivals
}

/**
 * Writes back, as one local transaction, every arrived mark whose stored learning item lacks a
 * review (or a discard change) of the copy it replaced or of the copy that arrived.
 */
export function writeMergedLearning(core: StoreCore, arrivals: readonly LearningArrival[]): void {
  const merged: StoredRecord[] = []
  for (const { id, before, arrived } of arrivals) {
    const mark = core.marks.getLive(id)
    if (mark === undefined) {
      continue
    }
    const current = learningItemOf(mark)
    const copies = [before, ...(arrived === undefined ? [] : [arrived])]
    if (!copies.some((copy) => learningItemLosesReviews(copy, current))) {
      continue
    }
    const learningItem = copies.reduce(
      (result, copy) => mergeLearningItems(result, copy),
      current ?? before,
    )
    merged.push({ ...mark, _objectStore: ObjectStore.MARKS, learningItem })
  }
  if (merged.length === 0) {
    return
  }
  const { writes } = prepareWrites(merged, {
    now: core.now(),
    origin: TransactionOrigin.LOCAL,
    quotaPlan: core.quotaPlan(),
    existing: (store, id) => core.table(store).get(id),
    isLiveBookmark: (id) => core.bookmarks.getLive(id) !== undefined,
    pageContentBytesUsed: () => 0,
  })
  // Inside a transaction's cleanup Yjs runs this one right after it.
  core.doc.transact(() => {
    for (const write of writes) {
      core.table(write.store).put(write.record as AnyEntity & StoredRecord)
    }
  }, TransactionOrigin.LOCAL)
}
