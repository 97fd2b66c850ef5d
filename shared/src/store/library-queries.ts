// Pure queries over the live entities: search, tags, origins, counts and learning status. The
// store feeds them its tables and caches their answers for the spec's 5 seconds.
import type { Bookmark } from '../domain/entities/bookmark'
import { hasMarkNotes, markNoteText, type Mark } from '../domain/entities/mark'
import { toSiteOrigin } from '../domain/filters'
import { buildDailySession, computeStreaks, DAILY_TARGET } from '../domain/learning-session'
import { MemoryLevel, memoryLevel } from '../domain/learning-review'
import type { TagWithCount } from '../domain/tags'

/** What a search finds, by the spec's result types (Pages, Highlights, Notes, Tags). */
export interface SearchResults {
  bookmarks: Bookmark[]
  marks: Mark[]
  notes: Mark[]
  tags: TagWithCount[]
}

const contains = (text: unknown, needle: string) =>
  typeof text === 'string' && text.toLowerCase().includes(needle)

/**
 * The lowercased texts search looks in, per live bookmark and mark. Lowercasing every text of a
 * large library on each keystroke cost more than the matching itself, so the store builds this
 * once per state of the library and every query only scans it.
 */
export interface SearchText {
  bookmarks: readonly { entity: Bookmark; fields: readonly string[] }[]
  marks: readonly { entity: Mark; text: string; notes: string }[]
}

const lower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : '')

/** The search texts of these bookmarks and marks. */
export function buildSearchText(
  bookmarks: readonly Bookmark[],
  marks: readonly Mark[],
): SearchText {
  return {
    bookmarks: bookmarks.map((entity) => ({
      entity,
      fields: [lower(entity.title), lower(entity.url), lower(entity.description)],
    })),
    marks: marks.map((entity) => ({
      entity,
      text: lower(entity.text),
      // A note kept only as rich text is found by its text too.
      notes: lower(markNoteText(entity)),
    })),
  }
}

/** Bookmarks, marks, notes and tags containing `value`, case-insensitively. */
export function searchLibrary(
  bookmarks: readonly Bookmark[],
  marks: readonly Mark[],
  tags: readonly TagWithCount[],
  value: string,
): SearchResults {
  return matchSearchText(buildSearchText(bookmarks, marks), tags, value).results
}

/** What search compares: the value trimmed and lowercased ('' finds nothing). */
export function searchNeedle(value: string): string {
  return value.trim().toLowerCase()
}

/**
 * What a search finds in `index`, and the entries it matched (in the same order). A text that
 * contains a longer needle contains every prefix of it, so while a person types, each query can
 * search the previous query's entries instead of the whole library.
 */
export function matchSearchText(
  index: SearchText,
  tags: readonly TagWithCount[],
  value: string,
): { results: SearchResults; entries: SearchText } {
  const needle = searchNeedle(value)
  if (needle === '') {
    return {
      results: { bookmarks: [], marks: [], notes: [], tags: [] },
      entries: { bookmarks: [], marks: [] },
    }
  }
  const bookmarkEntries = index.bookmarks.filter(({ fields }) =>
    fields.some((field) => field.includes(needle)),
  )
  const markEntries: SearchText['marks'][number][] = []
  const marks: Mark[] = []
  const notes: Mark[] = []
  for (const entry of index.marks) {
    const inText = entry.text.includes(needle)
    const inNotes = entry.notes.includes(needle)
    if (inText) {
      marks.push(entry.entity)
    }
    if (inNotes) {
      notes.push(entry.entity)
    }
    if (inText || inNotes) {
      markEntries.push(entry)
    }
  }
  return {
    results: {
      bookmarks: bookmarkEntries.map(({ entity }) => entity),
      marks,
      notes,
      tags: tags.filter((tag) => contains(tag.name, needle)),
    },
    entries: { bookmarks: bookmarkEntries, marks: markEntries },
  }
}

/** Every tag on live bookmarks and marks with how often it is used, most used first. */
export function collectTags(
  bookmarks: readonly Bookmark[],
  marks: readonly Mark[],
): TagWithCount[] {
  const counts = new Map<string, number>()
  for (const entity of [...bookmarks, ...marks]) {
    for (const tag of new Set(entity.tags)) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
  }
  return [...counts.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}

/** Whether an entity carries `tag`, case-insensitively. */
export function hasTag(entity: { tags: readonly string[] }, tag: string): boolean {
  const wanted = tag.toLowerCase()
  return entity.tags.some((candidate) => candidate.toLowerCase() === wanted)
}

/** The comparable site of an entity: its origin field, else its URL. */
export function siteOf(entity: { origin?: string; url: string }): string | null {
  return toSiteOrigin(entity.origin || entity.url)
}

/** Sites of live bookmarks with how many bookmarks each has, most first. */
export function collectOrigins(
  bookmarks: readonly Bookmark[],
): { origin: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const bookmark of bookmarks) {
    const site = siteOf(bookmark)
    if (site) {
      counts.set(site, (counts.get(site) ?? 0) + 1)
    }
  }
  return [...counts.entries()]
    .map(([origin, count]) => ({ origin, count }))
    .sort((a, b) => b.count - a.count || a.origin.localeCompare(b.origin))
}

/** A bookmark with the counts of its live marks and of those that carry notes. */
export type BookmarkWithCount = Bookmark & { marksCount: number; notesCount: number }

/** Adds marksCount and notesCount to a bookmark. */
export function withCounts(bookmark: Bookmark, marks: readonly Mark[]): BookmarkWithCount {
  return {
    ...bookmark,
    marksCount: marks.length,
    notesCount: marks.filter((mark) => hasMarkNotes(mark)).length,
  }
}

/** The learning figures of the dashboard. */
export interface LearningStatus {
  totalCards: number
  newCards: number
  dueCount: number
  learnedToday: number
  dailyTarget: number
  currentStreak: number
  longestStreak: number
  /** Ids of today's session cards, in order. */
  sessionCardIds: string[]
  memoryLevels: Record<MemoryLevel, number>
}

/** Learning figures over the live marks (image marks included: they are cards too). */
export function computeLearningStatus(
  marks: readonly Mark[],
  now: number,
  timeZoneOffsetMinutes: number,
): LearningStatus {
  const candidates = marks.map((mark) => ({
    id: mark._id,
    createdAt: mark.createdAt,
    ...(mark.learningItem ? { learningItem: mark.learningItem } : {}),
  }))
  const session = buildDailySession(candidates, now, { timeZoneOffsetMinutes })
  const history = marks.flatMap((mark) => mark.learningItem?.lastLearnedHistory ?? [])
  const streaks = computeStreaks(history, now, timeZoneOffsetMinutes)
  const memoryLevels = Object.fromEntries(
    Object.values(MemoryLevel).map((level) => [level, 0]),
  ) as Record<MemoryLevel, number>
  for (const mark of marks) {
    memoryLevels[memoryLevel(mark.learningItem)] += 1
  }
  return {
    totalCards: marks.length,
    newCards: marks.filter((mark) => !mark.learningItem || mark.learningItem.repetitions === 0)
      .length,
    dueCount: session.dueCount,
    learnedToday: streaks.learnedToday,
    dailyTarget: DAILY_TARGET,
    currentStreak: streaks.currentStreak,
    longestStreak: streaks.longestStreak,
    sessionCardIds: session.cards.map((card) => card.id),
    memoryLevels,
  }
}
