// The reader tab's line to the library: the store calls that creating a highlight and saving the
// page content need (shared/src/reader's ReaderMarkStore and PageContentStore), each one a
// validated store call to the background, as every Inkmark page makes them.
import type { PageContentStore, ReaderMarkStore } from '@inkmark/shared'
import { callStore } from '../../pages/store-client'

/** The library as the reader's shared helpers use it. */
export const readerStore: ReaderMarkStore & PageContentStore = {
  getBookmarkForUrl: (url) => callStore('getBookmarkForUrl', url),
  createOrUpdateEntities: (entities) => callStore('createOrUpdateEntities', entities as never),
  getChromeSettings: () => callStore('getChromeSettings'),
  updateChromeSettings: (changes) =>
    callStore('updateChromeSettings', changes as Record<string, unknown>),
  getPageContentForUrl: (url) => callStore('getPageContentForUrl', url),
}
