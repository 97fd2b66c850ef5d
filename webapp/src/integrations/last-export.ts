// The last export to a service, for the Integrations view: the bookmark whose integrationPages
// entry for the service was created last (each export records `{ id?, url?, createdAt }` there).
import type { Bookmark, IntegrationPage } from '@inkmark/shared'
import type { IntegrationService } from './integration-settings'

/** A bookmark and its newest export record for one service. */
export interface LastExport {
  bookmarkId: string
  title: string
  page: IntegrationPage
}

/** The newest export to `service` among `bookmarks` (deleted ones left out), if any. */
export function lastExportOf(
  bookmarks: readonly Bookmark[],
  service: IntegrationService,
): LastExport | undefined {
  let last: LastExport | undefined
  for (const bookmark of bookmarks) {
    const page = bookmark.integrationPages?.[service]
    if (bookmark.deletedAt !== undefined || page === undefined) {
      continue
    }
    if (last === undefined || page.createdAt > last.page.createdAt) {
      last = { bookmarkId: bookmark._id, title: bookmark.title || bookmark.url, page }
    }
  }
  return last
}
