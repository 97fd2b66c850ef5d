// The misc server's integration answers and error codes (spec sections 7 and 8), named once so the
// web app and the misc server agree: the product-level codes the Notion client's and Capacities'
// errors are mapped to, the shapes of the lists and of an export's result, and the Notion image rule
// with its fallback image (docs/adr/066-notion-and-capacities.md).
import { PRODUCTION_WEBAPP_ORIGIN } from '../library-bridge/origins'
import { notionImageUrl } from '../domain/content-rules'

/** The `code` of an integration call's error body. */
export const IntegrationErrorCode = {
  /** The service refused the token (401): connect again. */
  UNAUTHORIZED: 'unauthorized',
  /** The service refused what was sent (400), or the request body did not pass our schema. */
  VALIDATION_ERROR: 'validation_error',
  /** Notion refused the OAuth code (expired, used, or for another redirect address). */
  INVALID_GRANT: 'invalid_grant',
  /** The page, database or space is gone or not shared with the integration (404). */
  OBJECT_NOT_FOUND: 'object_not_found',
  /** The service asks to slow down (429, Retry-After passed on). */
  RATE_LIMITED: 'rate_limited',
  /** This misc server has no Notion client id and secret (503). */
  NOT_CONFIGURED: 'not_configured',
  /** The plan's exports for today are used (402, the upgrade message). */
  DAILY_LIMIT: 'daily_limit',
  /** Anything else: the service failed, timed out or answered something unexpected (502). */
  UNKNOWN_ERROR: 'unknown_error',
} as const
export type IntegrationErrorCode = (typeof IntegrationErrorCode)[keyof typeof IntegrationErrorCode]

/** A Notion page or database the integration was given, in GET /notion/pages. */
export interface NotionTarget {
  id: string
  title: string
  kind: 'page' | 'database'
  url?: string
  /** An emoji, or an image URL. */
  icon?: string
}

/** The answer of GET /notion/pages. */
export interface NotionTargetList {
  items: NotionTarget[]
}

/** The answer of POST /notion/auth/{code}: the token the device keeps (notionOAuthToken). */
export interface NotionConnection {
  accessToken: string
  workspaceName?: string
  workspaceIcon?: string
  workspaceId?: string
  botId?: string
}

/** The answer of GET /notion/authorize-url. */
export interface NotionAuthorizeUrl {
  url: string
}

/** A Capacities space, in GET /capacities/spaces. */
export interface CapacitiesSpace {
  id: string
  title: string
  icon?: string
}

/** The answer of GET /capacities/spaces. */
export interface CapacitiesSpaceList {
  items: CapacitiesSpace[]
}

/** The answer of an export: the Notion page (id and url), or the Capacities object when known. */
export interface ExportResult {
  id: string
  url: string
}

/** The answer of POST /capacities/weblink (Capacities may not say the new object's id). */
export interface CapacitiesExportResult {
  id?: string
  url?: string
}

/** The image a Notion export shows when the page's own image is not png, jpg, jpeg or webp. */
export const NOTION_FALLBACK_IMAGE_URL = `${PRODUCTION_WEBAPP_ORIGIN}/images/notion-fallback.png`

/** The spec's Notion image rule: `url` when it ends in png, jpg, jpeg or webp, else the fallback. */
export function notionImageOrFallback(url: string | undefined): string {
  return notionImageUrl(url, NOTION_FALLBACK_IMAGE_URL)
}
