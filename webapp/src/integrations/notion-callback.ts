// The /oauth/notion page's work, once per page load: take the callback's query out of the address
// bar at once (history.replaceState: the one-time code must not stay in history or be bookmarked),
// use the state this tab kept (once), and exchange a code once. React's double effects in
// development, or a second mount, get the first attempt's outcome instead of spending the code
// twice and then reporting the second, refused, exchange.
import { integrationFailureOf } from './export-outcome'
import type { NotionAuthAnswer } from './integrations-api'
import {
  NOTION_CALLBACK_MESSAGES,
  NOTION_OAUTH_STATE_KEY,
  readNotionCallback,
  type NotionCallback,
} from './notion-oauth'

/** What the callback came to. */
export type NotionConnectOutcome =
  { kind: 'connected'; answer: NotionAuthAnswer } | { kind: 'failed'; message: string }

let taken: NotionCallback | undefined

/** Reads the callback at the current address (once per load) and clears it from the address bar. */
export function takeNotionCallback(
  location: Pick<Location, 'search' | 'pathname'> = window.location,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): NotionCallback {
  if (taken !== undefined && location.search === '') {
    return taken
  }
  const query = new URLSearchParams(location.search)
  const expected = storage.getItem(NOTION_OAUTH_STATE_KEY)
  storage.removeItem(NOTION_OAUTH_STATE_KEY)
  history.replaceState(history.state, '', location.pathname)
  taken = readNotionCallback(query, expected)
  return taken
}

const exchanges = new Map<string, Promise<NotionConnectOutcome>>()

/** Exchanges `code` once per load; later calls get the first call's outcome. */
export function exchangeOnce(
  code: string,
  exchange: (code: string) => Promise<NotionAuthAnswer>,
): Promise<NotionConnectOutcome> {
  let attempt = exchanges.get(code)
  if (attempt === undefined) {
    attempt = exchange(code).then(
      (answer): NotionConnectOutcome =>
        typeof answer.accessToken === 'string' && answer.accessToken !== ''
          ? { kind: 'connected', answer }
          : { kind: 'failed', message: NOTION_CALLBACK_MESSAGES.other },
      (error: unknown): NotionConnectOutcome => {
        const code = (error as { code?: unknown } | null)?.code
        return {
          kind: 'failed',
          message:
            code === 'invalid_grant'
              ? NOTION_CALLBACK_MESSAGES.invalidGrant
              : integrationFailureOf(error, 'notion').message,
        }
      },
    )
    exchanges.set(code, attempt)
  }
  return attempt
}

/** Forgets what this load took (for tests). */
export function resetNotionCallbackForTests(): void {
  taken = undefined
  exchanges.clear()
}
