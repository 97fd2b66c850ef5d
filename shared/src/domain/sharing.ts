// Sharing a page: the share id that addresses a public page, the owner's choice of what a shared
// page shows, and `publicPageOf`, the ONE projection from a bookmark and its marks to what the
// public sees. The relay publishes only what this returns and clients preview it in the share
// dialog, so a private mark, a hidden note or an owner id can leak from neither (docs/adr/057).
import type { Bookmark } from './entities/bookmark'
import { markNoteText, type Mark } from './entities/mark'
import { ObjectStore } from './entities/object-store'
import { Permission, isSharedPermission } from './entities/permission'
import { sortMarks } from './mark-order'

/** Length of a share id: 128 random bits as unpadded base64url. */
export const SHARE_ID_LENGTH = 22
/** Pages per answer of the discover feed and the websites list. */
export const DISCOVER_PAGE_SIZE = 20
/** Most highlights' texts a page summary carries. */
export const SUMMARY_HIGHLIGHTS = 3

// The domain layer compiles without DOM types; these are the parts of the platform read here.
declare const URL: new (input: string) => { protocol: string; hostname: string; href: string }
const platformCrypto = (
  globalThis as { crypto?: { getRandomValues?: <T extends Uint8Array>(array: T) => T } }
).crypto

const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
const BASE64_URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** A shared page's visibility: listed in explore and discover, or reachable by its link only. */
export type SharedPermission = typeof Permission.PUBLIC | typeof Permission.PUBLIC_LINK

/** A highlight as the public sees it. */
export interface PublicMark {
  /** A per-page public id (its position), never the mark's own id. */
  _id: string
  text: string
  color: string
  /** Only when the owner chose to show this note. */
  note?: string
  createdAt: number
}

/** A shared page as the public sees it: only what the owner published. */
export interface PublicPage {
  shareId: string
  permission: SharedPermission
  url: string
  title: string
  description?: string
  image?: string
  /** The page's host name (e.g. example.com). */
  origin: string
  tags: string[]
  likes: number
  /** Set only when the reader is signed in. */
  likedByMe?: boolean
  sharedAt: number
  updatedAt: number
  marks: PublicMark[]
}

/** A shared page in a list (discover, the /sharing screen). */
export interface PublicPageSummary {
  shareId: string
  url: string
  title: string
  description?: string
  image?: string
  origin: string
  tags: string[]
  likes: number
  marksCount: number
  /** Up to three shown highlights' texts, in page order. */
  firstHighlights: string[]
  sharedAt: number
}

/** The discover feed's orders: newest shared first, or most liked first. */
export type DiscoverFeedType = 'newest' | 'most-liked'

/** The body of POST /discover. */
export interface DiscoverRequest {
  type?: DiscoverFeedType
  tag?: string
  nextPage?: string
}

/** The answer of POST /discover. */
export interface DiscoverResponse {
  items: PublicPageSummary[]
  nextPage?: string
}

/** A tag of public pages with how many pages use it. */
export interface ExploreTag {
  tag: string
  count: number
}

/** What the owner chose in the share dialog. */
export interface SharingChoice {
  permission: Permission
  /** Marks whose highlight the page shows; the others become private. */
  shownMarkIds: string[]
  /** Marks whose note the page shows (only counts for shown marks). */
  noteShownMarkIds: string[]
}

/** A new share id: 128 random bits as 22 base64url characters. */
export function newShareId(): string {
  const bytes = new Uint8Array(16)
  if (platformCrypto?.getRandomValues === undefined) {
    // A share id is a capability: never make one from a weak source.
    throw new Error('No secure random source to make a share id')
  }
  platformCrypto.getRandomValues(bytes)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 6) {
      bits -= 6
      out += BASE64_URL[(value >> bits) & 63]
    }
    value &= (1 << bits) - 1
  }
  if (bits > 0) {
    out += BASE64_URL[(value << (6 - bits)) & 63]
  }
  return out
}

/** Whether `s` has the form of a share id (22 base64url characters). */
export function isShareId(s: unknown): s is string {
  return typeof s === 'string' && SHARE_ID_PATTERN.test(s)
}

/** Whether `permission` shares a page (PUBLIC or PUBLIC_LINK). */
export function isSharedPagePermission(permission: unknown): permission is SharedPermission {
  return isSharedPermission(permission as Permission | undefined)
}

function httpUrl(url: string): { hostname: string; href: string } | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined
  } catch {
    return undefined
  }
}

/** Whether a bookmark can have a public page: only web pages (http or https) can. */
export function isShareablePage(bookmark: Pick<Bookmark, 'url'>): boolean {
  return httpUrl(bookmark.url) !== undefined
}

function isLive(entity: { deletedAt?: number | undefined }): boolean {
  return entity.deletedAt === undefined
}

/** The marks of `bookmark` that are not deleted, in page order. */
function liveMarksOf(bookmark: Pick<Bookmark, '_id'>, marks: readonly Mark[]): Mark[] {
  return sortMarks(marks.filter((mark) => mark._bookmark === bookmark._id && isLive(mark)))
}

/** Whether the public sees this mark's highlight. */
export function isMarkShown(mark: Pick<Mark, 'permission'>): boolean {
  return mark.permission !== Permission.PRIVATE
}

/** Whether the public sees this mark's note (only a shown mark's note, and only when chosen). */
export function isMarkNoteShown(mark: Pick<Mark, 'permission' | 'isNotePublic'>): boolean {
  return isMarkShown(mark) && mark.isNotePublic === true
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? undefined : trimmed
}

function publicMarksOf(bookmark: Bookmark, marks: readonly Mark[]): PublicMark[] {
  const shown: PublicMark[] = []
  for (const mark of liveMarksOf(bookmark, marks)) {
    if (!isMarkShown(mark)) {
      continue
    }
    const text = mark.text ?? mark.highlightSource?.text ?? mark.imageAlt ?? ''
    const note = isMarkNoteShown(mark) ? nonEmpty(markNoteText(mark)) : undefined
    if (text.trim() === '' && note === undefined) {
      continue
    }
    shown.push({
      _id: String(shown.length + 1),
      text,
      color: mark.color,
      ...(note === undefined ? {} : { note }),
      createdAt: mark.createdAt,
    })
  }
  return shown
}

/**
 * What the public sees of a bookmark: undefined unless it is a live, shared web page with a valid
 * share id. Only shown marks of this bookmark appear, their notes only when chosen; never the
 * owner's ids, the mark ids, page contents, AI summaries or any field not listed in PublicPage.
 */
export function publicPageOf(
  bookmark: Bookmark,
  marks: readonly Mark[],
  likes: number,
  likedByMe?: boolean,
): PublicPage | undefined {
  const url = httpUrl(bookmark.url)
  if (
    !isLive(bookmark) ||
    !isSharedPagePermission(bookmark.permission) ||
    !isShareId(bookmark.shareId) ||
    url === undefined
  ) {
    return undefined
  }
  const shownMarks = publicMarksOf(bookmark, marks)
  const markTimes = liveMarksOf(bookmark, marks)
    .filter(isMarkShown)
    .map((mark) => mark.updatedAt ?? mark.createdAt)
  const bookmarkTime = bookmark.updatedAt ?? bookmark.createdAt
  const description = nonEmpty(bookmark.description ?? bookmark.meta?.description)
  const image = nonEmpty(bookmark.image ?? bookmark.meta?.image)
  return {
    shareId: bookmark.shareId,
    permission: bookmark.permission,
    url: url.href,
    title: nonEmpty(bookmark.title) ?? nonEmpty(bookmark.meta?.title) ?? url.href,
    ...(description === undefined ? {} : { description }),
    ...(image !== undefined && httpUrl(image) !== undefined ? { image } : {}),
    origin: url.hostname,
    tags: [...new Set(bookmark.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))],
    likes: Math.max(0, Math.floor(likes)),
    ...(likedByMe === undefined ? {} : { likedByMe }),
    sharedAt: bookmark.sharedAt ?? bookmarkTime,
    updatedAt: Math.max(bookmarkTime, ...markTimes),
    marks: shownMarks,
  }
}

/** A public page as a list item. */
export function summaryOf(page: PublicPage): PublicPageSummary {
  return {
    shareId: page.shareId,
    url: page.url,
    title: page.title,
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.image === undefined ? {} : { image: page.image }),
    origin: page.origin,
    tags: page.tags,
    likes: page.likes,
    marksCount: page.marks.length,
    firstHighlights: page.marks
      .map((mark) => mark.text)
      .filter((text) => text.trim() !== '')
      .slice(0, SUMMARY_HIGHLIGHTS),
    sharedAt: page.sharedAt,
  }
}

/**
 * What the share dialog starts from: a page shared before keeps what it shows; a page shared for
 * the first time shows every highlight and hides every note (privacy first for notes).
 */
export function defaultSharingChoice(
  bookmark: Bookmark,
  marks: readonly Mark[],
  permission: Permission,
): SharingChoice {
  const live = liveMarksOf(bookmark, marks)
  // A share id means the owner shared this page before, even with every highlight hidden: that
  // choice stands, or one Save would publish every highlight they hid.
  const sharedBefore = isShareId(bookmark.shareId)
  if (!sharedBefore) {
    return { permission, shownMarkIds: live.map((mark) => mark._id), noteShownMarkIds: [] }
  }
  return {
    permission,
    shownMarkIds: live.filter(isMarkShown).map((mark) => mark._id),
    noteShownMarkIds: live.filter(isMarkNoteShown).map((mark) => mark._id),
  }
}

/**
 * The entities to write for the owner's choice: the bookmark (a share id made when sharing and none
 * exists; kept when unsharing, so sharing again gives the same link) and the marks whose
 * visibility changed. Unsharing leaves the marks as they are: the private bookmark hides them all.
 */
export function applySharingChoice(
  bookmark: Bookmark,
  marks: readonly Mark[],
  choice: SharingChoice,
  now: number,
): { bookmark: Bookmark; marks: Mark[] } {
  const sharing = isSharedPermission(choice.permission)
  const wasShared = isSharedPermission(bookmark.permission)
  const nextBookmark: Bookmark = {
    ...bookmark,
    permission: choice.permission,
    ...(sharing && !isShareId(bookmark.shareId) ? { shareId: newShareId() } : {}),
    ...(sharing && !wasShared ? { sharedAt: now } : {}),
    sharingChangedAt: nextSharingStamp(bookmark, now),
    updatedAt: now,
    modifiedAt: now,
  }
  if (!sharing) {
    return { bookmark: nextBookmark, marks: [] }
  }
  const shown = new Set(choice.shownMarkIds)
  const notesShown = new Set(choice.noteShownMarkIds)
  const changed: Mark[] = []
  for (const mark of liveMarksOf(bookmark, marks)) {
    const permission = shown.has(mark._id) ? choice.permission : Permission.PRIVATE
    const isNotePublic = shown.has(mark._id) && notesShown.has(mark._id)
    if (mark.permission !== permission || (mark.isNotePublic === true) !== isNotePublic) {
      changed.push({
        ...mark,
        permission,
        isNotePublic,
        sharingChangedAt: nextSharingStamp(mark, now),
        updatedAt: now,
        modifiedAt: now,
      })
    }
  }
  return { bookmark: nextBookmark, marks: changed }
}

/** The bookmark with a new share id: old links stop working (404). */
export function resetShareId(bookmark: Bookmark, now: number): Bookmark {
  return {
    ...bookmark,
    shareId: newShareId(),
    sharingChangedAt: nextSharingStamp(bookmark, now),
    updatedAt: now,
    modifiedAt: now,
  }
}

/** `now`, or just after the entity's last sharing change, so each change is strictly newer. */
function nextSharingStamp(entity: { sharingChangedAt?: number | undefined }, now: number): number {
  return Math.max(now, (entity.sharingChangedAt ?? 0) + 1)
}

/** The fields of a bookmark that say whether and where it is shared (docs/adr/064). */
export const BOOKMARK_SHARING_FIELDS = [
  'permission',
  'shareId',
  'sharedAt',
  'sharingChangedAt',
] as const
/** The fields of a mark that say whether the public sees it and its note (docs/adr/064). */
export const MARK_SHARING_FIELDS = ['permission', 'isNotePublic', 'sharingChangedAt'] as const

/** An entity as a writer holds it: any fields, read loosely. */
type LooseRecord = Readonly<Record<string, unknown>>

function sharingFieldsOf(store: unknown): readonly string[] | undefined {
  if (store === ObjectStore.BOOKMARKS) {
    return BOOKMARK_SHARING_FIELDS
  }
  return store === ObjectStore.MARKS ? MARK_SHARING_FIELDS : undefined
}

function sharingStampOf(record: LooseRecord): number {
  const stamp = record.sharingChangedAt
  return typeof stamp === 'number' && Number.isFinite(stamp) ? stamp : 0
}

/** How much of a copy the public sees: 0 private, more is more public. */
function exposureOf(record: LooseRecord): number {
  const permission = record.permission
  const level = permission === Permission.PUBLIC ? 2 : permission === Permission.PUBLIC_LINK ? 1 : 0
  return level * 2 + (record.isNotePublic === true ? 1 : 0)
}

/**
 * The copy to write when `incoming` replaces `stored` (a pull, a push, a local write): every field
 * from `incoming`, except the sharing fields, which come from whichever copy changed its sharing
 * last (`sharingChangedAt`, missing counts as 0). On a tie with different sharing the more private
 * copy's fields stand; when neither copy has a stamp, `incoming` stands whole as before. So an old copy edited elsewhere (a tag, a note) cannot re-publish a page or
 * a note unshared since. Returns `incoming` itself when its sharing fields stand (or it is neither
 * a bookmark nor a mark); a new object otherwise.
 */
export function mergeSharingFields<T extends LooseRecord>(
  stored: LooseRecord | undefined,
  incoming: T,
): T {
  const fields = sharingFieldsOf(incoming._objectStore)
  if (stored === undefined || fields === undefined) {
    return incoming
  }
  const same = fields.every((field) => stored[field] === incoming[field])
  const storedStamp = sharingStampOf(stored)
  const incomingStamp = sharingStampOf(incoming)
  // Neither copy was stamped by a sharing change: nothing to go by, so the written copy wins
  // whole as before (clients and REST callers that do not know the stamp keep working).
  const unstamped = incomingStamp === 0 && storedStamp === 0
  if (
    same ||
    unstamped ||
    incomingStamp > storedStamp ||
    (incomingStamp === storedStamp && exposureOf(incoming) <= exposureOf(stored))
  ) {
    return incoming
  }
  const merged: Record<string, unknown> = { ...incoming }
  for (const field of fields) {
    if (stored[field] === undefined) {
      delete merged[field]
    } else {
      merged[field] = stored[field]
    }
  }
  return merged as T
}

/** The address of a public page: `${base}/explore/${shareId}`. */
export function publicPageUrl(base: string, shareId: string): string {
  return `${base.replace(/\/+$/, '')}/explore/${encodeURIComponent(shareId)}`
}
