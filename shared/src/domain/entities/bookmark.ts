// A bookmark: a saved page (or a Kindle book, or user-written content) that highlights hang from.
// The schema keeps every field the spec lists, fills the spec's defaults for missing ones, and
// keeps unknown keys so that nothing a user had is lost on a round-trip through an older client.
import { z } from 'zod'
import { AiSummarySchema } from './ai-summary'
import { EntityIdSchema, EpochMillisSchema, syncFieldsShape, withoutUndefined } from './common'
import { ObjectStore } from './object-store'
import { DEFAULT_PERMISSION, PermissionSchema, isSharedPermission } from './permission'

/** What a bookmark points at: a web page, a Kindle book, or text the user wrote. */
export const BookmarkType = {
  NORMAL: 'normal',
  KINDLE: 'kindle',
  CONTENT_TEXT: 'content-text',
} as const
export type BookmarkType = (typeof BookmarkType)[keyof typeof BookmarkType]

/** The service a bookmark was imported from. */
export const FileImportType = {
  WEAVA: 'weava',
  POCKET: 'pocket',
  DIIGO: 'diigo',
  BROWSER_BOOKMARKS: 'browserBookmarks',
} as const
export type FileImportType = (typeof FileImportType)[keyof typeof FileImportType]

/** Type of a new bookmark. */
export const DEFAULT_BOOKMARK_TYPE: BookmarkType = BookmarkType.NORMAL
/** Whether a new bookmark is starred. */
export const DEFAULT_IS_STARRED = false

/** The page's own metadata (title, description, image url, url, type), as read from the page. */
export const BookmarkMetaSchema = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  url: z.string().optional(),
  type: z.string().optional(),
})
export type BookmarkMeta = z.infer<typeof BookmarkMetaSchema>

/** The page an integration (Notion, Capacities) created for a bookmark. */
export const IntegrationPageSchema = z.looseObject({
  createdAt: EpochMillisSchema,
  id: z.string().optional(),
  url: z.string().optional(),
})
export type IntegrationPage = z.infer<typeof IntegrationPageSchema>

/** Validates a bookmark; missing tags, permission, type and isStarred take their defaults. */
export const BookmarkSchema = z.looseObject({
  _id: EntityIdSchema,
  _objectStore: z.literal(ObjectStore.BOOKMARKS).optional(),
  url: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  tags: z.array(z.string()).default(() => []),
  /** The page's domain. */
  origin: z.string().optional(),
  language: z.string().optional(),
  permission: PermissionSchema.default(DEFAULT_PERMISSION),
  /** The public page's address (22 base64url chars), made when the page is first shared (ADR 057). */
  shareId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  /** When the page last went from private to shared. */
  sharedAt: EpochMillisSchema.optional(),
  /** When the owner last changed permission or share id: the later change wins a merge (ADR 064). */
  sharingChangedAt: EpochMillisSchema.optional(),
  type: z.enum(BookmarkType).default(DEFAULT_BOOKMARK_TYPE),
  isStarred: z.boolean().default(DEFAULT_IS_STARRED),
  meta: BookmarkMetaSchema.optional(),
  canonicalLink: z.string().optional(),
  asin: z.string().optional(),
  coverImageUrl: z.string().optional(),
  coverTitle: z.string().optional(),
  author: z.string().optional(),
  aiSummary: AiSummarySchema.optional(),
  likes: z.number().int().nonnegative().optional(),
  createdAt: EpochMillisSchema,
  openedAt: EpochMillisSchema.optional(),
  ...syncFieldsShape,
  /** Pages created by each integration, keyed by integration id (e.g. notion). */
  integrationPages: z.record(z.string(), IntegrationPageSchema).optional(),
  fileImportType: z.enum(FileImportType).optional(),
  /** Derived when listing; never authoritative. */
  marksCount: z.number().int().nonnegative().optional(),
  /** Derived when listing; never authoritative. */
  notesCount: z.number().int().nonnegative().optional(),
})
export type Bookmark = z.infer<typeof BookmarkSchema>
/** What `createBookmark` accepts: the id and url plus any bookmark field. */
export type BookmarkInit = Pick<z.input<typeof BookmarkSchema>, '_id' | 'url'> &
  Partial<z.input<typeof BookmarkSchema>>

/** A new bookmark created, updated and modified at `now`, with the spec's defaults. */
export function createBookmark(fields: BookmarkInit, now: number): Bookmark {
  return BookmarkSchema.parse({
    _objectStore: ObjectStore.BOOKMARKS,
    createdAt: now,
    updatedAt: now,
    modifiedAt: now,
    ...withoutUndefined(fields),
  })
}

/** Whether a bookmark is shared (PUBLIC or PUBLIC_LINK). */
export function isBookmarkShared(bookmark: Pick<Bookmark, 'permission'>): boolean {
  return isSharedPermission(bookmark.permission)
}
