// The one way the extension saves a page's article as its content, for the reader tab (the article
// it shows) and the background (a page highlighted or saved on the live page): only when the
// person turned autoDownloadPageContent on, through the store's page-content save, which enforces
// the plan's storage quota and says why when a page does not fit (ADR 017).
import { savePageContent, type PageContentStore, type SavedArticle } from '@inkmark/shared'

/** The store calls saving needs: the page-content save's, and the chrome settings. */
export interface PageContentSettingsStore extends PageContentStore {
  getChromeSettings():
    Promise<{ autoDownloadPageContent?: boolean }> | { autoDownloadPageContent?: boolean }
}

/** Whether the person asked for page content to be saved (autoDownloadPageContent). */
export async function isPageContentWanted(store: PageContentSettingsStore): Promise<boolean> {
  return (await store.getChromeSettings()).autoDownloadPageContent === true
}

/** Saves `saved` as its page's content; the store's reason when it was refused, else null. */
export async function saveArticleAsPageContent(
  store: PageContentStore,
  saved: SavedArticle,
): Promise<string | null> {
  const result = await savePageContent(store, saved, { appType: 'EXTENSION' })
  return result.ok ? null : result.message
}

/**
 * Saves the article `saved()` builds when the person asked for page content; the store's refusal
 * to show, else null. `saved` runs only when wanted (building it is the costly part).
 */
export async function saveArticleIfWanted(
  store: PageContentSettingsStore,
  saved: () => SavedArticle,
): Promise<string | null> {
  return (await isPageContentWanted(store)) ? saveArticleAsPageContent(store, saved()) : null
}
