// Saving an article as the page's content through the store, for every place that saves one (the
// background for a highlighted page, the extension's reader tab, the web app): one page content
// per page, replaced when saved again. The store enforces the plan's storage quota; when a save
// does not fit, nothing is saved and the store's reason comes back to be shown to the person.
import {
  createPageContent,
  PageContentType,
  type PageContent,
} from '../domain/entities/page-content'
import { ObjectStore } from '../domain/entities/object-store'
import { refusal, type ReaderWriteResult } from './reader-marks'
import type { SavedArticle } from './saved-article'

/** The store calls a save needs; LocalStore has them, the extension proxies them. */
export interface PageContentStore {
  getPageContentForUrl(url: string): Promise<PageContent | undefined> | PageContent | undefined
  createOrUpdateEntities(entities: unknown[]): Promise<ReaderWriteResult>
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
  options: { appType?: string; createId?: () => string; now?: number } = {},
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
    : createPageContent(
        { _id: (options.createId ?? (() => crypto.randomUUID()))(), ...fields },
        now,
      )
  const problem = refusal(await store.createOrUpdateEntities([entity]))
  return problem === null ? { ok: true, id: entity._id } : { ok: false, message: problem }
}
