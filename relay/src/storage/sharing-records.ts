// What the relay keeps for public pages (docs/adr/057-sharing-on-the-relay.md, 058 moderation):
// the public projection (one row per shared bookmark, holding only what publicPageOf published),
// the share ids each bookmark claimed, likes (one per account and page), reports and hidden pages.
// A page is named by its owner and bookmark id inside the relay and by its share id outside it.
// Every row goes with its owner's account (ON DELETE CASCADE), except the share id claims: they
// are kept for good with the owner set to null, so nobody can publish a deleted owner's link.
// Shared by both storages.

/** One page of the projection, as the projector writes it. */
export interface PublicPageRow {
  shareId: string
  ownerId: string
  bookmarkId: string
  permission: 'PUBLIC' | 'PUBLIC_LINK'
  origin: string
  tags: string[]
  sharedAt: number
  updatedAt: number
  /** The PublicPage JSON without likes (publicPageOf's answer): all the public may ever read. */
  pageJson: string
}

/** A page of the projection with what reads add to it. */
export interface StoredPublicPage extends PublicPageRow {
  likes: number
  /** Whether the reader (when given) likes it. */
  likedByMe: boolean
  /** Whether the operator hid it. */
  hidden: boolean
}

/** Orders of the discover feed. */
export type DiscoverOrder = 'newest' | 'most-liked'

/** A query of listed (PUBLIC, not hidden) pages. */
export interface DiscoverQuery {
  order: DiscoverOrder
  tag?: string
  offset: number
  limit: number
}

/** How many listed pages of one owner carry a tag. */
export interface OwnerTagCount {
  tag: string
  ownerId: string
  count: number
}

/** How many listed pages of one owner come from a website, and their likes. */
export interface OwnerOriginCount {
  origin: string
  ownerId: string
  pages: number
  likes: number
}

/** A report of a public page. */
export interface StoredPageReport {
  id: number
  shareId: string
  ownerId: string
  bookmarkId: string
  /** The reporting account, if signed in (null once that account is deleted). */
  reporterId: string | null
  reason: string
  createdAt: number
}

export type NewPageReport = Omit<StoredPageReport, 'id'>

/** The sharing methods of RelayStorage. */
export interface SharingStorage {
  /**
   * Replaces the owner's whole projection with `pages` in one transaction. A page whose share id
   * another bookmark claimed first is left out (a share id stays with the bookmark that first
   * published it, so a copied id can never take over someone's link).
   */
  replacePublicPages(ownerId: string, pages: readonly PublicPageRow[]): Promise<void>
  /** The page with this share id, hidden or not, or undefined. */
  findPublicPage(shareId: string, viewerId?: string): Promise<StoredPublicPage | undefined>
  /** The owner's pages, newest shared first. */
  listOwnerPublicPages(ownerId: string): Promise<StoredPublicPage[]>
  /** Listed pages (PUBLIC, not hidden) in the query's order. */
  listDiscoverPages(query: DiscoverQuery): Promise<StoredPublicPage[]>
  /** Tag counts of listed pages, per owner (the caller drops owners whose plan cannot share). */
  listPublicTagCounts(): Promise<OwnerTagCount[]>
  /** Website counts of listed pages, per owner. */
  listPublicOriginCounts(): Promise<OwnerOriginCount[]>
  /** Likes or unlikes a page for `userId` (idempotent); resolves with the page's like count. */
  setPageLike(
    ownerId: string,
    bookmarkId: string,
    userId: string,
    liked: boolean,
    now: number,
  ): Promise<number>
  addPageReport(report: NewPageReport): Promise<void>
  /** Reports, newest first, at most `limit`. */
  listPageReports(limit: number): Promise<StoredPageReport[]>
  /** Hides a page from every public answer (kept across share id resets). */
  hidePage(ownerId: string, bookmarkId: string, shareId: string, now: number): Promise<void>
  /** Shows a hidden page again; resolves whether a page with that share id was hidden. */
  unhidePage(shareId: string): Promise<boolean>
  /**
   * The bookmark that claimed a share id, published now or not (unshared, reset), or undefined
   * when nobody did or its owner deleted the account.
   */
  findShareClaim(shareId: string): Promise<{ ownerId: string; bookmarkId: string } | undefined>
}
