// Reading public pages from the projection, with the rules every public answer obeys: a page is
// public only while it is not hidden by the operator, its owner's account exists and the owner's
// plan may share (canShare, read at the moment of the request, so a lapsed plan hides its pages at
// once). Everything the public gets is built here from publicPageOf's stored answer; the JSON
// answers and the server-rendered HTML pages both read through this module (docs/adr/057).
import {
  DISCOVER_PAGE_SIZE,
  canShare,
  resolvePlan,
  summaryOf,
  type DiscoverFeedType,
  type ExploreTag,
  type PublicPage,
  type PublicPageSummary,
} from '@inkmark/shared'
import { planUserOf } from '../billing/plan-of'
import type { RelayConfig } from '../config'
import type { RelayStorage } from '../storage/relay-storage'
import type { StoredPublicPage } from '../storage/sharing-records'
import { cachedPublicAnswer } from './answer-cache'

/** What public reads need of the relay's services. */
export interface PublicReadContext {
  storage: RelayStorage
  config: Pick<RelayConfig, 'billing'>
  now: () => number
}

/** Most websites one answer of POST /discover/websites lists. */
export const WEBSITES_PAGE_SIZE = 50
/** Most tags GET /explore/tags lists. */
export const EXPLORE_TAGS_LIMIT = 200
/** Deepest offset a cursor may ask for (the feed is for browsing, not for copying it all). */
export const MAX_FEED_OFFSET = 10_000

/** Answers whether owners' plans may share now, reading each owner once. */
export function ownerCheck(context: PublicReadContext): (ownerId: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>()
  const now = context.now()
  return (ownerId) => {
    let answer = known.get(ownerId)
    if (!answer) {
      answer = context.storage
        .findUserById(ownerId)
        .then((owner) =>
          owner === undefined
            ? false
            : canShare(resolvePlan(planUserOf(owner, context.config), now)),
        )
      known.set(ownerId, answer)
    }
    return answer
  }
}

/** The public page a stored row holds, with its likes. */
export function publicPageOfRow(row: StoredPublicPage, viewerUserId?: string): PublicPage {
  const page = JSON.parse(row.pageJson) as Omit<PublicPage, 'likes'>
  return {
    ...page,
    likes: row.likes,
    ...(viewerUserId === undefined ? {} : { likedByMe: row.likedByMe }),
  }
}

/**
 * The stored row of a page that is public now, or undefined for a page that is missing, hidden, of
 * a deleted account or of a plan that cannot share (every case answers the same 404).
 */
export async function findLivePage(
  context: PublicReadContext,
  shareId: string,
  viewerUserId?: string,
): Promise<StoredPublicPage | undefined> {
  const row = await context.storage.findPublicPage(shareId, viewerUserId)
  if (!row || row.hidden || !(await ownerCheck(context)(row.ownerId))) {
    return undefined
  }
  return row
}

/** One public page by its share id (`likedByMe` when a signed-in viewer is given), or undefined. */
export async function readPublicPage(
  context: PublicReadContext,
  shareId: string,
  viewerUserId?: string,
): Promise<PublicPage | undefined> {
  const row = await findLivePage(context, shareId, viewerUserId)
  return row && publicPageOfRow(row, viewerUserId)
}

/** The discover feed cursor: an offset, opaque to clients. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o${offset}`, 'utf8').toString('base64url')
}

/** The offset of a cursor, or undefined when it is not one this relay made. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) {
    return 0
  }
  const match = /^o([0-9]{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  const offset = match ? Number(match[1]) : Number.NaN
  return Number.isInteger(offset) && offset <= MAX_FEED_OFFSET ? offset : undefined
}

/** Feed pages from this offset on are read each time (the first ones are most of the traffic). */
const CACHED_FEED_OFFSETS = 5 * DISCOVER_PAGE_SIZE

/** One page of the discover feed (PUBLIC pages only) from `offset`; the first pages briefly cached. */
export function readDiscoverPage(
  context: PublicReadContext,
  query: { type: DiscoverFeedType; tag?: string; offset: number },
): Promise<{ items: PublicPageSummary[]; nextPage?: string }> {
  if (query.offset >= CACHED_FEED_OFFSETS) {
    return discoverPageOf(context, query)
  }
  const key = JSON.stringify(['discover', query.type, query.tag ?? null, query.offset])
  return cachedPublicAnswer(context.storage, key, context.now(), () =>
    discoverPageOf(context, query),
  )
}

async function discoverPageOf(
  context: PublicReadContext,
  query: { type: DiscoverFeedType; tag?: string; offset: number },
): Promise<{ items: PublicPageSummary[]; nextPage?: string }> {
  const rows = await context.storage.listDiscoverPages({
    order: query.type,
    ...(query.tag === undefined ? {} : { tag: query.tag }),
    offset: query.offset,
    limit: DISCOVER_PAGE_SIZE,
  })
  const mayShare = ownerCheck(context)
  const items: PublicPageSummary[] = []
  for (const row of rows) {
    if (await mayShare(row.ownerId)) {
      items.push(summaryOf(publicPageOfRow(row)))
    }
  }
  const next = query.offset + DISCOVER_PAGE_SIZE
  return rows.length === DISCOVER_PAGE_SIZE && next <= MAX_FEED_OFFSET
    ? { items, nextPage: encodeCursor(next) }
    : { items }
}

/** Tags of PUBLIC pages, most used first (briefly cached). */
export function readExploreTags(context: PublicReadContext): Promise<ExploreTag[]> {
  return cachedPublicAnswer(context.storage, 'tags', context.now(), () => exploreTagsOf(context))
}

async function exploreTagsOf(context: PublicReadContext): Promise<ExploreTag[]> {
  const mayShare = ownerCheck(context)
  const counts = new Map<string, number>()
  for (const row of await context.storage.listPublicTagCounts()) {
    if (await mayShare(row.ownerId)) {
      counts.set(row.tag, (counts.get(row.tag) ?? 0) + row.count)
    }
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, EXPLORE_TAGS_LIMIT)
}

/** Websites of PUBLIC pages as [origin, pages, likes], most pages first, one page of them. */
export async function readWebsites(
  context: PublicReadContext,
  offset: number,
): Promise<{ items: [string, number, number][]; nextPage?: string }> {
  const all = await cachedPublicAnswer(context.storage, 'websites', context.now(), () =>
    websitesOf(context),
  )
  const next = offset + WEBSITES_PAGE_SIZE
  const items = all.slice(offset, next)
  return next < all.length && next <= MAX_FEED_OFFSET
    ? { items, nextPage: encodeCursor(next) }
    : { items }
}

/** Every website of PUBLIC pages as [origin, pages, likes], most pages first. */
async function websitesOf(context: PublicReadContext): Promise<[string, number, number][]> {
  const mayShare = ownerCheck(context)
  const totals = new Map<string, [number, number]>()
  for (const row of await context.storage.listPublicOriginCounts()) {
    if (await mayShare(row.ownerId)) {
      const [pages, likes] = totals.get(row.origin) ?? [0, 0]
      totals.set(row.origin, [pages + row.pages, likes + row.likes])
    }
  }
  return [...totals]
    .map(([origin, [pages, likes]]): [string, number, number] => [origin, pages, likes])
    .sort((a, b) => b[1] - a[1] || b[2] - a[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
}
