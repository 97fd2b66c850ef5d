// Tags are not entities of their own: they are read off the live bookmarks and marks, with how
// many of each carry them. Cached until the library changes.
import type { TagWithCount } from '../domain/tags'
import type { BookmarkRepository } from './bookmark-repository'
import { collectTags } from './library-queries'
import type { MarkRepository } from './mark-repository'
import type { StoreCore } from './store-core'

/** The tag reads of the local store. */
export class TagRepository {
  constructor(
    private readonly core: StoreCore,
    private readonly bookmarks: BookmarkRepository,
    private readonly marks: MarkRepository,
  ) {}

  /** Every tag of the live library, with its counts. */
  all(): TagWithCount[] {
    return this.core.cache.get('tags', () => collectTags(this.bookmarks.all(), this.marks.all()))
  }
}
