// A copy of the dashboard's first screen, kept in this origin's localStorage, so that opening the
// app shows the person's pages at once instead of waiting for the store: with 10,000 pages the
// store takes most of a second to open (reading and decoding the library's Yjs update log), the
// copy a millisecond to read. The live dashboard writes it whenever what it shows changes; the
// first screen (../shell/FirstScreen.tsx) shows it, for the same view only, until the store is open
// and the live dashboard takes its place (docs/adr/021-first-screen-snapshot.md).
import {
  MediaType,
  SORT_KEYS,
  isImageMark,
  markNoteText,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import { z } from 'zod'
import { toDashboardSearchParams, type DashboardSearch } from '../lib/dashboard-search'
import { pageCoverUrl } from './page-cover'

/** The localStorage key of the snapshots. */
export const FIRST_SCREEN_STORAGE_KEY = 'inkmark-first-screen'

/** How many views keep a snapshot (the most recently shown first). */
export const MAX_FIRST_SCREEN_VIEWS = 3

/** Views that show more items than this (page 5 and on) keep no snapshot. */
export const MAX_FIRST_SCREEN_ITEMS = 200

/** Longest text (title, highlight, note) kept per item; the cards clamp long text anyway. */
export const MAX_FIRST_SCREEN_TEXT = 1000

const text = z.string().max(MAX_FIRST_SCREEN_TEXT * 4)
const time = z.number().finite()

/** The fields of a page its card, grouping and sorting read. */
const SnapshotBookmarkSchema = z.object({
  _id: z.string(),
  url: z.string(),
  title: text.optional(),
  origin: z.string().optional(),
  description: text.optional(),
  /** The card's cover picture (pageCoverUrl), never a data: URL. */
  image: z
    .string()
    .max(MAX_FIRST_SCREEN_TEXT * 2)
    .optional(),
  isStarred: z.boolean(),
  tags: z.array(z.string()),
  marksCount: z.number().int().nonnegative().optional(),
  notesCount: z.number().int().nonnegative().optional(),
  createdAt: time,
  updatedAt: time.optional(),
  modifiedAt: time.optional(),
  openedAt: time.optional(),
})

/** The fields of a highlight its card, grouping and sorting read. */
const SnapshotMarkSchema = z.object({
  _id: z.string(),
  _bookmark: z.string(),
  url: z.string(),
  title: text.optional(),
  origin: z.string().optional(),
  text: text.optional(),
  notes: text.optional(),
  imageAlt: text.optional(),
  mediaType: z.enum(MediaType).optional(),
  imageSrc: z.string().optional(),
  color: z.string(),
  tags: z.array(z.string()),
  createdAt: time,
  updatedAt: time.optional(),
  modifiedAt: time.optional(),
  openedAt: time.optional(),
})

export type SnapshotBookmark = z.infer<typeof SnapshotBookmarkSchema>
export type SnapshotMark = z.infer<typeof SnapshotMarkSchema>

const FirstScreenSchema = z.discriminatedUnion('type', [
  z.object({
    key: z.string(),
    type: z.literal('bookmarks'),
    total: z.number().int().nonnegative(),
    hasMore: z.boolean(),
    libraryIsEmpty: z.boolean(),
    items: z.array(SnapshotBookmarkSchema).max(MAX_FIRST_SCREEN_ITEMS),
  }),
  z.object({
    key: z.string(),
    type: z.literal('marks'),
    total: z.number().int().nonnegative(),
    hasMore: z.boolean(),
    libraryIsEmpty: z.boolean(),
    items: z.array(SnapshotMarkSchema).max(MAX_FIRST_SCREEN_ITEMS),
  }),
])

/** What one view showed: its items in order (already filtered, sorted and cut), and the counts. */
export type FirstScreen = z.infer<typeof FirstScreenSchema>

const StoredSchema = z.object({
  version: z.literal(1),
  views: z.array(FirstScreenSchema).max(MAX_FIRST_SCREEN_VIEWS),
})

/** The snapshot key of a dashboard view: its URL parameters, in one canonical form. */
export function firstScreenKey(search: DashboardSearch): string {
  const params = Object.entries(toDashboardSearchParams(search))
  return JSON.stringify(Object.fromEntries(params.sort(([a], [b]) => (a < b ? -1 : 1))))
}

function clip(value: string | undefined): string | undefined {
  return value === undefined || value.length <= MAX_FIRST_SCREEN_TEXT
    ? value
    : value.slice(0, MAX_FIRST_SCREEN_TEXT)
}

/** The times sorting and grouping read (SORT_KEYS), copied when set. */
function timesOf(entity: Partial<Record<(typeof SORT_KEYS)[number], number>>) {
  const times: Partial<Record<(typeof SORT_KEYS)[number], number>> = {}
  for (const key of SORT_KEYS) {
    if (typeof entity[key] === 'number') {
      times[key] = entity[key]
    }
  }
  return times
}

/** A page as its snapshot keeps it. */
export function toSnapshotBookmark(
  bookmark: Bookmark & { marksCount?: number; notesCount?: number },
): SnapshotBookmark {
  return {
    _id: bookmark._id,
    url: bookmark.url,
    title: clip(bookmark.title),
    origin: bookmark.origin,
    description: clip(bookmark.description || bookmark.meta?.description),
    image: snapshotCover(bookmark),
    isStarred: bookmark.isStarred,
    tags: bookmark.tags,
    marksCount: bookmark.marksCount,
    notesCount: bookmark.notesCount,
    ...timesOf(bookmark),
    createdAt: bookmark.createdAt,
  }
}

/**
 * A highlight as its snapshot keeps it. Its card shows no image, only whether it is one, so an
 * image given inline (a data: URL, possibly megabytes) keeps only its header.
 */
export function toSnapshotMark(mark: Mark): SnapshotMark {
  const imageSrc = isImageMark(mark) ? mark.imageSrc : undefined
  return {
    _id: mark._id,
    _bookmark: mark._bookmark,
    url: mark.url,
    title: clip(mark.title),
    origin: mark.origin,
    text: clip(mark.text),
    // The note as the card shows it (a note kept only as rich text too).
    notes: clip(markNoteText(mark) || undefined),
    imageAlt: clip(mark.imageAlt),
    mediaType: mark.mediaType,
    imageSrc: imageSrc?.startsWith('data:') ? dataUrlHeader(imageSrc) : clip(imageSrc),
    color: mark.color,
    tags: mark.tags,
    ...timesOf(mark),
    createdAt: mark.createdAt,
  }
}

/** The page's cover URL as a snapshot keeps it: not inline pictures (possibly megabytes). */
function snapshotCover(bookmark: Bookmark): string | undefined {
  const cover = pageCoverUrl(bookmark)
  return cover && !cover.startsWith('data:') && cover.length <= MAX_FIRST_SCREEN_TEXT * 2
    ? cover
    : undefined
}

/** "data:image/png;base64," of a data: URL. */
function dataUrlHeader(url: string): string {
  const comma = url.indexOf(',')
  return comma === -1 ? 'data:' : url.slice(0, Math.min(comma + 1, 100))
}

function readStored(): z.infer<typeof StoredSchema> | undefined {
  let raw: string | null
  try {
    raw = localStorage.getItem(FIRST_SCREEN_STORAGE_KEY)
  } catch {
    return undefined
  }
  if (raw === null) {
    return undefined
  }
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw))
    if (parsed.success) {
      return parsed.data
    }
  } catch {
    // Not JSON: dropped below, like a snapshot of another shape.
  }
  // Written by another version of the app, or damaged: it is only a copy, so it goes.
  removeFirstScreens()
  return undefined
}

/** The snapshot of the view with this key, if one was kept. */
export function readFirstScreen(key: string): FirstScreen | undefined {
  return readStored()?.views.find((view) => view.key === key)
}

/** The last snapshot this tab wrote, as written: the same screen again is not written again. */
let lastWritten: string | undefined

/** Keeps what a view shows, as its most recent snapshot (nothing past MAX_FIRST_SCREEN_ITEMS). */
export function writeFirstScreen(screen: FirstScreen): void {
  if (screen.items.length > MAX_FIRST_SCREEN_ITEMS) {
    return
  }
  const text = JSON.stringify(screen)
  if (text === lastWritten) {
    return
  }
  lastWritten = text
  const others = (readStored()?.views ?? []).filter((view) => view.key !== screen.key)
  const stored = { version: 1, views: [screen, ...others].slice(0, MAX_FIRST_SCREEN_VIEWS) }
  try {
    localStorage.setItem(FIRST_SCREEN_STORAGE_KEY, JSON.stringify(stored))
  } catch {
    // Storage full or blocked: the next visit waits for the store, as it would without a copy.
    lastWritten = undefined
  }
}

/** Forgets every snapshot. */
export function removeFirstScreens(): void {
  lastWritten = undefined
  try {
    localStorage.removeItem(FIRST_SCREEN_STORAGE_KEY)
  } catch {
    // Blocked storage holds nothing to remove.
  }
}
