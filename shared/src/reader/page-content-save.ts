// Saving an article as the page's content through the store, for every place that saves one (the
// background for a highlighted page, the extension's reader tab, the web app): one page content
// per page, replaced when saved again. A new page's content gets an id made from the page's
// address (ADR 026), so saves that overlap (the reader tab and the background both save a page
// just highlighted) or come from two devices write the same entity. The store enforces the plan's
// storage quota; when a save does not fit, nothing is saved and the store's reason comes back to
// be shown to the person.
import {
  createPageContent,
  PageContentType,
  type PageContent,
} from '../domain/entities/page-content'
import { ObjectStore } from '../domain/entities/object-store'
import { normalizePageUrl } from '../domain/page-url'
import { refusal, type ReaderWriteResult } from './reader-marks'
import type { SavedArticle } from './saved-article'

/** The store calls a save needs; LocalStore has them, the extension proxies them. */
export interface PageContentStore {
  getPageContentForUrl(url: string): Promise<PageContent | undefined> | PageContent | undefined
  createOrUpdateEntities(entities: unknown[]): Promise<ReaderWriteResult>
}

/** The id of the page content of the page at `url`: the same for every address of that page. */
export async function pageContentIdFor(url: string): Promise<string> {
  const key = new TextEncoder().encode(normalizePageUrl(url))
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', key))
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0'))
  return `pc-${hex.join('')}`
}

/** A save's outcome: the page content's id, or the store's reason for refusing it. */
export type PageContentSaveResult = { ok: true; id: string } | { ok: false; message: string }

/**
 * Stores `saved` as the page content of its page (a new one, or the page's existing one replaced).
 * `appType` is recorded as the app that stored the latest content (the spec's field).
 */
export async function savePageContent(
  store: PageContentStore,
  saved: SavedArticle,
  options: { appType?: string; now?: number } = {},
): Promise<PageContentSaveResult> {
  const now = options.now ?? Date.now()
  const existing = await store.getPageContentForUrl(saved.url)
  const fields = {
    url: existing?.url ?? saved.url,
    type: PageContentType.HTML,
    content: saved.html,
    title: saved.title,
    description: saved.excerpt ?? undefined,
    length: saved.html.length,
    ...(options.appType === undefined
      ? {}
      : { wasUpdatedWithLatestContentFromAppType: options.appType }),
  }
  const entity = existing
    ? { ...existing, ...fields, _objectStore: ObjectStore.PAGE_CONTENTS }
    : createPageContent({ _id: await pageContentIdFor(saved.url), ...fields }, now)
  const problem = refusal(await store.createOrUpdateEntities([entity]))
  return problem === null ? { ok: true, id: entity._id } : { ok: false, message: problem }
}
