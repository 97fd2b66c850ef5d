// Reads of bookmarks: all of them, by id, by page URL (the spec's matching), by tag, by site, with
// their highlight and note counts, and the sites they come from. Cached until the library changes.
import type { Bookmark } from '../domain/entities/bookmark'
import { toSiteOrigin } from '../domain/filters'
import { normalizePageUrl, normalizePageUrlBySpec, pageUrlsMatch } from '../domain/page-url'
import {
  collectOrigins,
  hasTag,
  siteOf,
  withCounts,
  type BookmarkWithCount,
} from './library-queries'
import type { StoreCore } from './store-core'

/** The bookmark reads of the local store. */
export class BookmarkRepository {
  constructor(private readonly core: StoreCore) {}

  /** Every live bookmark. */
  all(): Bookmark[] {
    return this.core.cache.get('bookmarks', () => this.core.bookmarks.live())
  }

  /** The live bookmark with this id. */
  get(id: string): Bookmark | undefined {
    return this.core.bookmarks.getLive(id)
  }

  /**
   * The live bookmark of the page at `url`, by page URL matching (ADR 069): the bookmark of this
   * page, else the one bookmark the spec's narrower rule filed this page's highlights under (a
   * reply on `item?id=2` highlighted before ADR 069 went into the bookmark of `item?id=1`), so
   * highlights saved under the old rule are still found on their page.
   */
  forUrl(url: string): Bookmark | undefined {
    return (
      this.core.indexes.bookmarksOfUrlKey(normalizePageUrl(url))[0] ?? this.holderOfMergedMarks(url)
    )
  }

  // Only a bookmark holding a highlight made on this very page qualifies, so a page never borrows
  // the bookmark of another page it merely shared a key with (a blog's home and its `?p=12`), and
  // only when exactly one does.
  private holderOfMergedMarks(url: string): Bookmark | undefined {
    const holders = this.core.indexes
      .bookmarksWithOtherAddressMarksOfSpecUrlKey(normalizePageUrlBySpec(url))
      .filter((bookmark) =>
        this.core.indexes.marksOf(bookmark._id).some((mark) => pageUrlsMatch(mark.url, url)),
      )
    return holders.length === 1 ? holders[0] : undefined
  }

  /** Live bookmarks carrying `tag` (any case). */
  forTag(tag: string): Bookmark[] {
    return this.core.cache.get(`bookmarksTag:${tag.toLowerCase()}`, () =>
      this.all().filter((bookmark) => hasTag(bookmark, tag)),
    )
  }

  /** Live bookmarks of the site of `origin`. */
  forDomain(origin: string): Bookmark[] {
    const site = toSiteOrigin(origin)
    return this.core.cache.get(`bookmarksSite:${site}`, () =>
      this.all().filter((bookmark) => site !== null && siteOf(bookmark) === site),
    )
  }

  /** Live bookmarks with marksCount and notesCount. */
  withCounts(): BookmarkWithCount[] {
    return this.core.cache.get('bookmarksWithCount', () =>
      this.all().map((bookmark) => withCounts(bookmark, this.core.indexes.marksOf(bookmark._id))),
    )
  }

  /** The sites of the live bookmarks, with how many each has. */
  origins(): { origin: string; count: number }[] {
    return this.core.cache.get('origins', () => collectOrigins(this.all()))
  }
}
