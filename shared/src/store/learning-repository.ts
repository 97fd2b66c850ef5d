// The learning writes of the local store: reviewing a highlight's card with the scheduler the
// settings choose, and discarding or bringing it back. Each reads the mark inside the write queue,
// so two quick reviews of one card both land in its review log.
import type { Mark } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import type { LearningRating } from '../domain/learning-review'
import {
  learningSchedulerSettings,
  reviewCard,
  setLearningDisabled,
} from '../domain/learning-scheduler'
import { LearningItemSchema, type LearningItem } from '../domain/entities/learning-item'
import { learningItemLosesReviews, mergeLearningItems } from '../domain/learning-merge'
import type { LibraryWriter } from './library-writer'
import { TransactionOrigin } from './origins'
import type { SettingsRepository } from './settings-repository'
import type { StoreCore } from './store-core'

/** Reviews and discards of highlight cards. */
export class LearningRepository {
  constructor(
    private readonly core: StoreCore,
    private readonly writer: LibraryWriter,
    private readonly settings: SettingsRepository,
  ) {}

  /** Reviews a mark's card at `now` with the active scheduler; resolves with the stored mark. */
  reviewMark(markId: string, rating: LearningRating, now: number): Promise<Mark> {
    return this.updateLearningItem(markId, (item) =>
      reviewCard(
        item,
        rating,
        now,
        learningSchedulerSettings(this.settings.get()),
        this.core.createId(),
      ),
    )
  }

  /** Discards (or brings back) a mark's card at `now`; resolves with the stored mark. */
  setMarkLearningDisabled(markId: string, disabled: boolean, now: number): Promise<Mark> {
    return this.updateLearningItem(markId, (item) => setLearningDisabled(item, disabled, now))
  }

  /**
   * Takes the reviews (and discard change) of `item`, another copy of the mark's card, into the
   * stored card, inside the write queue so that a review or a deletion made meanwhile stands. Does
   * nothing when the mark is gone or deleted, when its stored card cannot be read (a newer app's
   * card is never overwritten), or when the stored card already has everything `item` has.
   */
  mergeLearningItem(markId: string, item: LearningItem): Promise<Mark | undefined> {
    return this.core.serialized(async () => {
      const mark = this.core.marks.getLive(markId)
      if (mark === undefined) {
        return undefined
      }
      const stored = LearningItemSchema.safeParse(mark.learningItem)
      if (mark.learningItem !== undefined && !stored.success) {
        return undefined
      }
      const current = stored.success ? stored.data : undefined
      if (!learningItemLosesReviews(item, current)) {
        return undefined
      }
      const learningItem = current === undefined ? item : mergeLearningItems(current, item)
      await this.writer.writeEntities(
        [{ ...mark, _objectStore: ObjectStore.MARKS, learningItem }],
        TransactionOrigin.LOCAL,
      )
      return this.core.marks.getLive(markId)
    })
  }

  private updateLearningItem(
    markId: string,
    update: (item: LearningItem | undefined) => LearningItem,
  ): Promise<Mark> {
    return this.core.serialized(async () => {
      const mark = this.core.marks.getLive(markId)
      if (mark === undefined) {
        throw new Error(`No highlight with id ${markId}`)
      }
      const stored = LearningItemSchema.safeParse(mark.learningItem)
      const learningItem = update(stored.success ? stored.data : undefined)
      const { rejected } = await this.writer.writeEntities(
        [{ ...mark, _objectStore: ObjectStore.MARKS, learningItem }],
        TransactionOrigin.LOCAL,
      )
      const written = this.core.marks.getLive(markId)
      if (rejected.length > 0 || written === undefined) {
        throw new Error(rejected[0]?.message ?? `The highlight ${markId} could not be saved`)
      }
      return written
    })
  }
}
