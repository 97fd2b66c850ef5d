// The official Notion client as the misc server uses it: API version pinned to 2022-06-28 and a
// 60 s timeout (spec section 7), the configured API address (the real one by default, a stand-in
// in tests), no automatic retries (a 429 goes back to the user with its Retry-After, rather than
// holding the request for up to a minute), and a logger that writes only the call's outcome code:
// never a token, a body or a page's words.
import { Client, LogLevel, type Logger } from '@notionhq/client'
import type { FastifyBaseLogger } from 'fastify'
import type { NotionSettings } from '../integrations/integrations-config'

/** The Notion API version the misc server speaks (spec section 7). */
export const NOTION_API_VERSION = '2022-06-28'

/** A logger passing the client's warnings on without their details (only the error code). */
function quietLogger(log: FastifyBaseLogger | undefined): Logger {
  return (level, message, extraInfo) => {
    const code = typeof extraInfo.code === 'string' ? extraInfo.code : undefined
    if (level === LogLevel.WARN || level === LogLevel.ERROR) {
      log?.warn({ notionCode: code }, `Notion client: ${message}`)
    }
  }
}

/** A client for one request: with the user's token, or without one for the OAuth exchange. */
export function notionClient(
  settings: NotionSettings,
  token?: string,
  log?: FastifyBaseLogger,
): Client {
  return new Client({
    ...(token !== undefined ? { auth: token } : {}),
    baseUrl: settings.apiBaseUrl.replace(/\/+$/, ''),
    notionVersion: NOTION_API_VERSION,
    timeoutMs: settings.timeoutMs,
    retry: false,
    logLevel: LogLevel.WARN,
    logger: quietLogger(log),
  })
}
