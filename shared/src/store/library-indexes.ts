// Lookups the store answers often (a bookmark's marks, the bookmark of a URL, a chat's reference),
// built on first use and dropped whenever the library changes, so reads stay O(1) on a library of
// 50,000 marks without the indexes ever going stale.
import type { Bookmark } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import type { PageContent } from '../domain/entities/page-content'
import type { AiChat } from '../domain/entities/ai-chat'
import { normalizePageUrl, normalizePageUrlBySpec } from '../domain/page-url'
import type { EntityTable } from './entity-table'

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    if (key !== undefined) {
      const group = groups.get(key)
      if (group) {
        group.push(item)
      } else {
        groups.set(key, [item])
      }
    }
  }
  return groups
}

export interface LibraryTables {
  bookmarks: EntityTable<Bookmark>
  marks: EntityTable<Mark>
  pageContents: EntityTable<PageContent>
  aiChats: EntityTable<AiChat>
}

/** Lazily built secondary indexes over live entities; `invalidate()` on every change. */
export class LibraryIndexes {
  private marksByBookmark?: Map<string, Mark[]>
  private bookmarksByUrlKey?: Map<string, Bookmark[]>
  private bookmarksBySpecUrlKey?: Map<string, Bookmark[]>
  private pageContentsByUrlKey?: Map<string, PageContent[]>
  private chatsByReference?: Map<string, AiChat[]>

  constructor(private readonly tables: LibraryTables) {}

  invalidate(): void {
    this.marksByBookmark = undefined
    this.bookmarksByUrlKey = undefined
    this.bookmarksBySpecUrlKey = undefined
    this.pageContentsByUrlKey = undefined
    this.chatsByReference = undefined
  }

  /** Live marks of a bookmark, in no particular order. */
  marksOf(bookmarkId: string): readonly Mark[] {
    this.marksByBookmark ??= groupBy(this.tables.marks.live(), (mark) => mark._bookmark)
    return this.marksByBookmark.get(bookmarkId) ?? []
  }

  /** Live bookmarks whose URL has this normalized key. */
  bookmarksOfUrlKey(urlKey: string): readonly Bookmark[] {
    this.bookmarksByUrlKey ??= groupBy(this.tables.bookmarks.live(), (bookmark) =>
      normalizePageUrl(bookmark.url),
    )
    return this.bookmarksByUrlKey.get(urlKey) ?? []
  }

  /**
   * Live bookmarks holding a highlight made at another address than the bookmark's own, whose URL
   * has this key by the spec's narrower rule (`normalizePageUrlBySpec`; ADR 069). Only those can
   * hold another page's highlights, and they are few, so the index parses few URLs.
   */
  bookmarksWithOtherAddressMarksOfSpecUrlKey(specUrlKey: string): readonly Bookmark[] {
    this.bookmarksBySpecUrlKey ??= groupBy(this.bookmarksWithOtherAddressMarks(), (bookmark) =>
      normalizePageUrlBySpec(bookmark.url),
    )
    return this.bookmarksBySpecUrlKey.get(specUrlKey) ?? []
  }

  private bookmarksWithOtherAddressMarks(): Bookmark[] {
    const found = new Map<string, Bookmark>()
    for (const mark of this.tables.marks.live()) {
      const bookmark = found.has(mark._bookmark)
        ? undefined
        : this.tables.bookmarks.getLive(mark._bookmark)
      if (bookmark !== undefined && bookmark.url !== mark.url) {
        found.set(bookmark._id, bookmark)
      }
    }
    return [...found.values()]
  }

  /** Live page contents whose URL has this normalized key. */
  pageContentsOfUrlKey(urlKey: string): readonly PageContent[] {
    this.pageContentsByUrlKey ??= groupBy(this.tables.pageContents.live(), (content) =>
      normalizePageUrl(content.url),
    )
    return this.pageContentsByUrlKey.get(urlKey) ?? []
  }

  /** Live AI chats about this bookmark or mark. */
  chatsOf(referenceId: string): readonly AiChat[] {
    this.chatsByReference ??= groupBy(this.tables.aiChats.live(), (chat) => chat._referenceId)
    return this.chatsByReference.get(referenceId) ?? []
  }
}
