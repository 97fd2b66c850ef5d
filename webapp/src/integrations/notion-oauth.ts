// The web app's half of Notion's OAuth round trip (spec section 2, /oauth/notion). Connecting keeps
// a random `state` in this tab's sessionStorage and sends the person to Notion's authorize page;
// Notion sends them back to /oauth/notion with `code` and `state` (or `error`). The callback is
// accepted only when its state is the one this tab kept (a forged link cannot connect someone to
// another's workspace), and the state is used once.

/** The sessionStorage key of the state this tab is waiting for. */
export const NOTION_OAUTH_STATE_KEY = 'inkmark.notionOAuthState'

/** The web app path Notion sends the person back to. */
export const NOTION_OAUTH_PATH = '/oauth/notion'

/** The redirect URI of this web app (it must be registered with the Notion integration). */
export function notionRedirectUri(origin: string): string {
  return `${origin}${NOTION_OAUTH_PATH}`
}

/** A fresh unguessable state: 32 random bytes as hex. */
export function newOAuthState(random: (bytes: Uint8Array) => Uint8Array): string {
  return Array.from(random(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  )
}

/** What the callback's query says. */
export type NotionCallback = { kind: 'code'; code: string } | { kind: 'error'; message: string }

/** The sentences for the errors Notion (or the check of state) can send back. */
export const NOTION_CALLBACK_MESSAGES = {
  accessDenied: 'Notion was not connected: access was not allowed in Notion.',
  stateMismatch:
    'This Notion sign-in did not start in this tab, so nothing was connected. Start again from Integrations.',
  noCode: 'Notion did not send back a sign-in code, so nothing was connected.',
  invalidGrant:
    'Notion did not accept this sign-in (it may have been used already or expired). Connect again.',
  other: 'Notion could not be connected. Try again from Integrations.',
} as const

/**
 * Reads the callback query against the state this tab kept (`expectedState`, null when none): a
 * code only with the same state; Notion's `error` (access_denied when the person cancelled)
 * worded plainly.
 */
export function readNotionCallback(
  query: URLSearchParams,
  expectedState: string | null,
): NotionCallback {
  const error = query.get('error')
  if (error !== null) {
    return {
      kind: 'error',
      message:
        // Notion's other codes are not echoed: the query is anyone's to write.
        error === 'access_denied'
          ? NOTION_CALLBACK_MESSAGES.accessDenied
          : NOTION_CALLBACK_MESSAGES.other,
    }
  }
  const state = query.get('state')
  if (expectedState === null || state === null || state !== expectedState) {
    return { kind: 'error', message: NOTION_CALLBACK_MESSAGES.stateMismatch }
  }
  const code = query.get('code')
  if (code === null || code === '') {
    return { kind: 'error', message: NOTION_CALLBACK_MESSAGES.noCode }
  }
  return { kind: 'code', code }
}
