// Reads of marks (highlights and notes): all of them, a bookmark's in display order, by tag, by
// site, the latest, and the learning figures. Cached until the library changes.
import type { Mark } from '../domain/entities/mark'
import { toSiteOrigin } from '../domain/filters'
import { sortMarks } from '../domain/mark-order'
import { computeLearningStatus, hasTag, siteOf, type LearningStatus } from './library-queries'
import type { StoreCore } from './store-core'

/** The mark reads of the local store. */
export class MarkRepository {
  constructor(private readonly core: StoreCore) {}

  /** Every live mark. */
  all(): Mark[] {
    return this.core.cache.get('marks', () => this.core.marks.live())
  }

  /** A bookmark's live marks in display order (its custom order, then page position, then time). */
  ofBookmark(bookmarkId: string): Mark[] {
    return this.core.cache.get(`marksOf:${bookmarkId}`, () => {
      const order = this.core.bookmarks.get(bookmarkId)?.markOrder
      const orderMap =
        typeof order === 'object' && order !== null ? (order as Record<string, number>) : {}
      return sortMarks(this.core.indexes.marksOf(bookmarkId), orderMap)
    })
  }

  /** Live marks carrying `tag` (any case). */
  forTag(tag: string): Mark[] {
    return this.core.cache.get(`marksTag:${tag.toLowerCase()}`, () =>
      this.all().filter((mark) => hasTag(mark, tag)),
    )
  }

  /** Live marks of the site of `origin`. */
  forDomain(origin: string): Mark[] {
    const site = toSiteOrigin(origin)
    return this.core.cache.get(`marksSite:${site}`, () =>
      this.all().filter((mark) => site !== null && siteOf(mark) === site),
    )
  }

  /** The most recently created live mark. */
  lastHighlighted(): Mark | undefined {
    let last: Mark | undefined
    for (const mark of this.all()) {
      if (!last || (mark.createdAt ?? 0) > (last.createdAt ?? 0)) {
        last = mark
      }
    }
    return last
  }

  /** The learning figures of today and the days before (the user's time zone). */
  learningStatus(): LearningStatus {
    return this.core.cache.get('learning', () =>
      computeLearningStatus(this.all(), this.core.now(), this.core.timeZoneOffsetMinutes()),
    )
  }
}
