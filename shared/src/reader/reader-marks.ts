// Creating and changing a highlight in the reader, for the extension's reader tab (through the background's
// store calls) and the web app's /reader (its own store): the page's bookmark is created when
// missing, as a highlight on the live page does, and the mark keeps the reader's anchors in
// highlightSourceReader (reader-selectors.ts says how the live page finds it again).
import { markUrlFor } from '../domain/page-url'
import { createBookmark, type Bookmark } from '../domain/entities/bookmark'
import type { ChromeSettings } from '../domain/entities/chrome-settings'
import { createMark, type Mark } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import { toSiteOrigin } from '../domain/filters'
import { Message } from '../domain/messages'
import { selectorsToList, type RangeSelectors } from '../anchoring/selectors'

/** Colours kept as recently used (the guest contract keeps as many). */
const RECENT_COLORS = 8

/** A write's outcome as the store reports it (only what is read here). */
export interface ReaderWriteResult {
  rejected: { message?: string; reason?: string }[]
}

/** The store calls creating a reader highlight needs; LocalStore has them, the extension proxies them. */
export interface ReaderMarkStore {
  getBookmarkForUrl(url: string): Bookmark | undefined | Promise<Bookmark | undefined>
  createOrUpdateEntities(entities: unknown[]): Promise<ReaderWriteResult>
  getChromeSettings(): ChromeSettings | Promise<ChromeSettings>
  updateChromeSettings(changes: Partial<ChromeSettings>): Promise<unknown>
}

/** A highlight made in the reader: the article's page, its title, the colour and the reader's anchors. */
export interface NewReaderMark {
  url: string
  title: string
  color: string
  selectors: RangeSelectors
}

/** The store's reason for refusing a write, or null when nothing was refused. */
export function refusal(result: ReaderWriteResult): string | null {
  const [first] = result.rejected
  return first === undefined ? null : (first.message ?? first.reason ?? Message.GENERIC_ERROR)
}

async function bookmarkFor(
  store: ReaderMarkStore,
  url: string,
  title: string,
  createId: () => string,
  now: number,
): Promise<Bookmark> {
  const existing = await store.getBookmarkForUrl(url)
  if (existing) {
    return existing
  }
  const bookmark = createBookmark(
    { _id: createId(), url, origin: toSiteOrigin(url) ?? undefined, title: title.trim() || url },
    now,
  )
  const problem = refusal(await store.createOrUpdateEntities([bookmark]))
  if (problem !== null) {
    throw new Error(problem)
  }
  return bookmark
}

/**
 * Changes a highlight from the reader (its colour, or its note through noteChanges); throws an
 * Error with the store's reason.
 */
export async function updateReaderMark(
  store: ReaderMarkStore,
  mark: Mark,
  changes: Partial<Pick<Mark, 'color' | 'notes' | 'richText'>>,
): Promise<void> {
  const problem = refusal(
    await store.createOrUpdateEntities([{ ...mark, ...changes, _objectStore: ObjectStore.MARKS }]),
  )
  if (problem !== null) {
    throw new Error(problem)
  }
}

/**
 * Stores a highlight made in the reader and returns it; throws an Error with the store's reason
 * (shown to the person as it is) when the store refuses it.
 */
export async function createReaderMark(
  store: ReaderMarkStore,
  fields: NewReaderMark,
  createId: () => string = () => crypto.randomUUID(),
  now: number = Date.now(),
): Promise<Mark> {
  const bookmark = await bookmarkFor(store, fields.url, fields.title, createId, now)
  const { selectors } = fields
  const mark = createMark(
    {
      _id: createId(),
      _bookmark: bookmark._id,
      url: markUrlFor(bookmark.url, fields.url),
      origin: bookmark.origin,
      title: bookmark.title,
      text: selectors.quote.exact,
      color: fields.color,
      highlightSourceReader: {
        ...selectors.highlightSource,
        selectors: selectorsToList(selectors),
      },
    },
    now,
  )
  const problem = refusal(await store.createOrUpdateEntities([mark]))
  if (problem !== null) {
    throw new Error(problem)
  }
  const settings = await store.getChromeSettings()
  const recentColors = [
    fields.color,
    ...settings.recentColors.filter((recent) => recent !== fields.color),
  ].slice(0, RECENT_COLORS)
  await store.updateChromeSettings({ recentColors })
  return mark
}
