// What an export sends and records: the payload (the shared exportPayloadOf, with the existing
// Notion page to update when the bookmark was exported before) and the bookmark's record of the
// exported page afterwards.
import {
  exportPayloadOf,
  type Bookmark,
  type ExportPagePayload,
  type IntegrationPage,
  type Mark,
} from '@inkmark/shared'
import type { ExportAnswer } from './integrations-api'
import type { IntegrationService } from './integration-settings'

/** The address of the bookmark's page in this web app (the exported page links back to it). */
export function inkmarkPageUrl(origin: string, bookmarkId: string): string {
  return `${origin}/page/${encodeURIComponent(bookmarkId)}`
}

/** The payload of exporting `bookmark` with `marks` to `service`. */
export function exportPayloadFor(
  service: IntegrationService,
  bookmark: Bookmark,
  marks: readonly Mark[],
  origin: string,
): ExportPagePayload {
  // A Notion page exported before is updated rather than duplicated.
  const existingPageId = service === 'notion' ? bookmark.integrationPages?.notion?.id : undefined
  return exportPayloadOf(bookmark, marks, inkmarkPageUrl(origin, bookmark._id), existingPageId)
}

/** The bookmark's record of an export answered `answer` at `now`. */
export function integrationPageOf(answer: ExportAnswer, now: number): IntegrationPage {
  return {
    ...(typeof answer.id === 'string' && answer.id !== '' ? { id: answer.id } : {}),
    ...(typeof answer.url === 'string' && answer.url !== '' ? { url: answer.url } : {}),
    createdAt: now,
  }
}
