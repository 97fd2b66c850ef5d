// The article /reader shows: the saved page content named by the route (its id, else the page's
// address), read from this browser's library only, so it works offline; its HTML is sanitized
// again by readSavedArticle (page content may come from another device). Nothing readable gives
// the spec's one message.
import {
  Message,
  ObjectStore,
  readSavedArticle,
  type LocalStore,
  type PageContent,
  type ReaderArticle,
} from '@inkmark/shared'
import type { ReaderSearch } from './reader-search'

/** What /reader shows: the article, or the failure message (with the page's address when known). */
export type SavedArticleState =
  | { status: 'loading' }
  | { status: 'ready'; article: ReaderArticle }
  | {
      status: 'failed'
      message: string
      url?: string
      /** Whether the library has no content for the page at all (the tools then fetch it). */
      missing?: boolean
    }

async function findPageContent(
  store: LocalStore,
  search: ReaderSearch,
): Promise<PageContent | undefined> {
  if (search.pageContent !== undefined) {
    const metadata = store.getEntityById(search.pageContent, ObjectStore.PAGE_CONTENTS) as
      PageContent | undefined
    if (metadata !== undefined) {
      return (await store.withBody(ObjectStore.PAGE_CONTENTS, metadata)) as PageContent
    }
  }
  return search.url === undefined ? undefined : store.getPageContentForUrl(search.url)
}

/** Loads and reads the saved article the route names. */
export async function loadSavedArticle(
  store: LocalStore,
  search: ReaderSearch,
): Promise<SavedArticleState> {
  const content = await findPageContent(store, search)
  const url = content?.url ?? search.url
  if (content?.content === undefined || content.content === '') {
    return {
      status: 'failed',
      message: Message.COULD_NOT_LOAD_CONTENT,
      missing: true,
      ...(url ? { url } : {}),
    }
  }
  const result = readSavedArticle(content.content, content.url)
  return result.ok
    ? { status: 'ready', article: result.value }
    : { status: 'failed', message: result.error, url: content.url }
}
