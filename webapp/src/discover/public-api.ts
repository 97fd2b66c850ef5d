// The relay's public sharing calls as the web app makes them (docs/adr/057 and 061): the discover
// feed, explore's tags, one public page, likes and reports. Every answer comes from strangers'
// pages, so it is checked against the contract's shape before anything shows it; a malformed
// answer is a clear error, never a half-drawn screen. The Bearer token goes only with the calls
// that need or use it (like, unlike, and a public page's likedByMe).
import type {
  DiscoverFeedType,
  DiscoverRequest,
  DiscoverResponse,
  ExploreTag,
  PublicMark,
  PublicPage,
  PublicPageSummary,
} from '@inkmark/shared'
import { z } from 'zod'

/** Why a public call failed: the screens word each one. */
export type PublicApiErrorKind =
  'offline' | 'not-found' | 'unauthorized' | 'rate-limited' | 'bad-request' | 'malformed' | 'failed'

/** A failed public call. */
export class PublicApiError extends Error {
  constructor(
    readonly kind: PublicApiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'PublicApiError'
  }
}

const publicMarkSchema = z.object({
  _id: z.string(),
  text: z.string(),
  color: z.string(),
  note: z.string().optional(),
  createdAt: z.number(),
})

const publicPageSchema = z.object({
  shareId: z.string().min(1),
  permission: z.enum(['PUBLIC', 'PUBLIC_LINK']),
  url: z.string(),
  title: z.string(),
  description: z.string().optional(),
  image: z.string().optional(),
  origin: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean().optional(),
  sharedAt: z.number(),
  updatedAt: z.number(),
  marks: z.array(publicMarkSchema),
})

const publicPageSummarySchema = z.object({
  shareId: z.string().min(1),
  url: z.string(),
  title: z.string(),
  description: z.string().optional(),
  image: z.string().optional(),
  origin: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int().nonnegative(),
  marksCount: z.number().int().nonnegative(),
  firstHighlights: z.array(z.string()),
  sharedAt: z.number(),
})

const discoverResponseSchema = z.object({
  items: z.array(publicPageSummarySchema),
  nextPage: z.string().optional(),
})

const exploreTagsSchema = z.array(
  z.object({ tag: z.string(), count: z.number().int().nonnegative() }),
)

const likeResultSchema = z.object({
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
})

// The schemas accept exactly the contract's types (@inkmark/shared's sharing.ts): a change there
// that the schemas miss fails to compile here.
type Accepts<Contract, Parsed extends Contract> = Parsed
export type ContractChecks = [
  Accepts<PublicMark, z.infer<typeof publicMarkSchema>>,
  Accepts<PublicPage, z.infer<typeof publicPageSchema>>,
  Accepts<PublicPageSummary, z.infer<typeof publicPageSummarySchema>>,
  Accepts<DiscoverResponse, z.infer<typeof discoverResponseSchema>>,
  Accepts<ExploreTag[], z.infer<typeof exploreTagsSchema>>,
]

/** A shown highlight of a public page. */
export type PublicMarkView = PublicMark
/** A public page as the relay answers it. */
export type PublicPageView = PublicPage
/** One page of a discover feed or a tag's list. */
export type PublicPageSummaryView = PublicPageSummary
/** A page of the discover feed. */
export type DiscoverPage = DiscoverResponse
/** A tag of public pages and how many pages have it. */
export type ExploreTagView = ExploreTag
/** A page's likes after a like or unlike. */
export type LikeResult = z.infer<typeof likeResultSchema>
/** The discover feed's orders. */
export type FeedType = DiscoverFeedType
/** What the discover call is asked for. */
export type DiscoverQuery = DiscoverRequest

/** Where the public calls go and how. */
export interface PublicApiOptions {
  /** The relay's address (no trailing slash needed); empty: every call fails as offline. */
  relayUrl: string
  getToken: () => string | undefined
  fetch?: typeof fetch
}

/** Checks `body` against `schema`, or throws a 'malformed' error naming the call. */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, call: string): T {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
    throw new PublicApiError(
      'malformed',
      `The relay's answer to ${call} was not understood${where}: ${issue?.message ?? 'invalid'}`,
    )
  }
  return result.data
}

function kindOfStatus(status: number): PublicApiErrorKind {
  if (status === 404) {
    return 'not-found'
  }
  if (status === 401) {
    return 'unauthorized'
  }
  if (status === 429) {
    return 'rate-limited'
  }
  if (status >= 400 && status < 500) {
    return 'bad-request'
  }
  return 'failed'
}

const MESSAGES: Record<PublicApiErrorKind, string> = {
  offline: 'Discover needs a connection',
  'not-found': 'This page is not shared, or it no longer exists',
  unauthorized: 'Sign in to do this',
  'rate-limited': 'Too many requests: try again in a minute',
  'bad-request': 'The relay refused this request',
  malformed: "The relay's answer was not understood",
  failed: 'The relay could not answer: try again later',
}

/** The sentence a screen shows for `error`. */
export function publicErrorMessage(error: unknown): string {
  return error instanceof PublicApiError ? MESSAGES[error.kind] : MESSAGES.failed
}

/** The public calls. */
export interface PublicApi {
  discover(query: DiscoverQuery): Promise<DiscoverPage>
  exploreTags(): Promise<ExploreTagView[]>
  publicPage(shareId: string): Promise<PublicPageView>
  like(shareId: string): Promise<LikeResult>
  unlike(shareId: string): Promise<LikeResult>
  report(shareId: string, reason: string): Promise<void>
}

/** A client of the public calls over `options`. */
export function createPublicApi(options: PublicApiOptions): PublicApi {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.relayUrl.replace(/\/+$/, '')

  async function call(
    method: string,
    path: string,
    { body, withToken }: { body?: unknown; withToken: boolean },
  ): Promise<Response> {
    if (base === '') {
      throw new PublicApiError('offline', MESSAGES.offline)
    }
    const token = withToken ? options.getToken() : undefined
    const headers: Record<string, string> = {}
    if (token !== undefined && token !== '') {
      headers.authorization = `Bearer ${token}`
    }
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
    }
    let response: Response
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch {
      throw new PublicApiError('offline', MESSAGES.offline)
    }
    if (!response.ok) {
      const kind = kindOfStatus(response.status)
      throw new PublicApiError(kind, MESSAGES[kind], response.status)
    }
    return response
  }

  async function json<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    init: { body?: unknown; withToken: boolean },
  ): Promise<T> {
    const response = await call(method, path, init)
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new PublicApiError('malformed', `The relay's answer to ${method} ${path} was not JSON`)
    }
    return parseAnswer(schema, body, `${method} ${path.split('/').slice(0, 3).join('/')}`)
  }

  const id = (shareId: string) => encodeURIComponent(shareId)

  return {
    discover: (query) =>
      json(discoverResponseSchema, 'POST', '/discover', { body: query, withToken: false }),
    exploreTags: () => json(exploreTagsSchema, 'GET', '/explore/tags', { withToken: false }),
    publicPage: (shareId) =>
      json(publicPageSchema, 'GET', `/explore/bookmarks/${id(shareId)}`, { withToken: true }),
    like: (shareId) =>
      json(likeResultSchema, 'PUT', `/bookmarks/like/${id(shareId)}`, { withToken: true }),
    unlike: (shareId) =>
      json(likeResultSchema, 'PUT', `/bookmarks/unlike/${id(shareId)}`, { withToken: true }),
    report: async (shareId, reason) => {
      await call('POST', `/explore/bookmarks/${id(shareId)}/report`, {
        body: { reason },
        withToken: true,
      })
    },
  }
}
