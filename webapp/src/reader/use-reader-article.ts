// What /reader shows (docs/adr/013, 017, 075): the saved article of the page the route names, read
// from this browser's library; when the library has nothing for an address, the page fetched
// through the misc server (the free tools: "Fetching the page…"), shown but not saved until the
// person highlights it or asks for its summary. Each failure in the product's words.
import { useEffect, useState } from 'react'
import type { LocalStore, ReaderArticle } from '@inkmark/shared'
import { checkPageUrl } from '../content/url-bookmark'
import { MISC_ADDRESS } from '../misc/misc-client'
import { fetchPageArticle } from '../misc/tool-calls'
import { NO_MISC_SERVER_FAILURE, pageFetchFailure } from '../tools/tool-error-words'
import { loadSavedArticle } from './load-saved-article'
import type { ReaderSearch } from './reader-search'

/** What the reader shows. */
export type ReaderState =
  | { status: 'loading' }
  | { status: 'fetching'; url: string }
  | { status: 'ready'; article: ReaderArticle; fetched: boolean }
  | { status: 'failed'; message: string; advice?: string; url?: string }

const LOAD_FAILED = 'Could not load content. Try a different page.'

async function readerStateFor(
  store: LocalStore,
  search: ReaderSearch,
  signal: AbortSignal,
  onFetching: (url: string) => void,
): Promise<ReaderState> {
  const saved = await loadSavedArticle(store, search)
  if (saved.status !== 'failed' || saved.missing !== true || search.url === undefined) {
    return saved.status === 'ready' ? { ...saved, fetched: false } : saved
  }
  const checked = checkPageUrl(search.url)
  if (!checked.ok) {
    return { status: 'failed', message: LOAD_FAILED, advice: checked.message }
  }
  if (MISC_ADDRESS === undefined) {
    return { status: 'failed', ...NO_MISC_SERVER_FAILURE, url: checked.url }
  }
  onFetching(checked.url)
  try {
    return { status: 'ready', article: await fetchPageArticle(checked.url, signal), fetched: true }
  } catch (error) {
    if (signal.aborted) {
      throw error
    }
    console.info('Inkmark: the page could not be fetched for the reader', error)
    return { status: 'failed', ...pageFetchFailure(error), url: checked.url }
  }
}

/** The reader's state for the route's parameters, loaded again when they change. */
export function useReaderArticle(store: LocalStore, search: ReaderSearch): ReaderState {
  const [state, setState] = useState<ReaderState>({ status: 'loading' })
  const { url, pageContent } = search
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    readerStateFor(store, { url, pageContent }, controller.signal, (fetchedUrl) => {
      if (!controller.signal.aborted) {
        setState({ status: 'fetching', url: fetchedUrl })
      }
    })
      .catch((error: unknown): ReaderState => {
        console.error('Inkmark: the reader could not load the page', error)
        return { status: 'failed', message: LOAD_FAILED }
      })
      .then((next) => !controller.signal.aborted && setState(next))
      .catch(() => undefined)
    return () => controller.abort()
  }, [store, url, pageContent])
  return state
}
