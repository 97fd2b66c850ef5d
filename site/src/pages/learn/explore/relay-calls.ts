// The two public relay calls the site makes after hydration: GET /explore/tags and POST
// /discover, anonymous (no token: the answers stay cacheable and say nothing about the reader).
import {
  MalformedAnswerError,
  readDiscoverPage,
  readExploreTags,
  type ExploreTagItem,
  type FeedOrder,
  type PublicListPage,
} from './public-answers'

/** Why a call failed, worded for the page. */
export class RelayCallError extends Error {
  override name = 'RelayCallError'
}

/** What a discover call asks for. */
export interface DiscoverQuery {
  readonly type: FeedOrder
  readonly tag?: string
  readonly nextPage?: string
}

async function call(
  relayUrl: string,
  path: string,
  init: RequestInit,
  fetchImpl: typeof fetch,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetchImpl(`${relayUrl.replace(/\/+$/, '')}${path}`, init)
  } catch {
    throw new RelayCallError('Could not reach Inkmark: check your connection and try again.')
  }
  if (response.status === 429) {
    throw new RelayCallError('Too many requests: try again in a minute.')
  }
  if (!response.ok) {
    throw new RelayCallError('Inkmark could not answer just now: try again later.')
  }
  try {
    return (await response.json()) as unknown
  } catch {
    throw new RelayCallError("Inkmark's answer was not understood: try again later.")
  }
}

function checked<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof MalformedAnswerError) {
      throw new RelayCallError("Inkmark's answer was not understood: try again later.")
    }
    throw error
  }
}

/** The tags of public pages with their counts. */
export async function fetchExploreTags(
  relayUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ExploreTagItem[]> {
  const body = await call(relayUrl, '/explore/tags', { method: 'GET' }, fetchImpl)
  return checked(() => readExploreTags(body))
}

/** One page of the discover feed (or of a tag's pages). */
export async function fetchDiscoverPage(
  relayUrl: string,
  query: DiscoverQuery,
  fetchImpl: typeof fetch = fetch,
): Promise<PublicListPage> {
  const body = await call(
    relayUrl,
    '/discover',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query),
    },
    fetchImpl,
  )
  return checked(() => readDiscoverPage(body))
}
