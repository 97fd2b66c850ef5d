// The article the reader page shows: the page handed over under `?key=` (kept in session storage
// by the background), parsed in this page into a detached document, where no script of the page
// runs, and extracted and sanitized by @inkmark/shared's extractArticle.
import { Message, extractArticle, parsePageHtml, type ReaderArticle } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { readHandedOffPage } from '../../service/reader-handoff'

/** What the reader page shows: loading, the article, or the failure message (with the page's address when known). */
export type ReaderState =
  | { status: 'loading' }
  | { status: 'ready'; article: ReaderArticle }
  | { status: 'failed'; message: string; url?: string }

/** Loads, extracts and sanitizes the article handed over under `key`. */
export async function loadHandedOffArticle(key: string | null): Promise<ReaderState> {
  const page = key ? await readHandedOffPage(chrome.storage.session, key) : undefined
  if (!page) {
    return { status: 'failed', message: Message.COULD_NOT_LOAD_CONTENT }
  }
  const result = extractArticle(parsePageHtml(page.html), page.url)
  return result.ok
    ? { status: 'ready', article: result.value }
    : { status: 'failed', message: result.error, url: page.url }
}

/** The reader's state for the hand-off `key`. */
export function useHandedOffArticle(key: string | null): ReaderState {
  const [state, setState] = useState<ReaderState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    loadHandedOffArticle(key)
      .catch((error: unknown) => {
        console.error('Inkmark: the reader could not load the page', error)
        return { status: 'failed', message: Message.COULD_NOT_LOAD_CONTENT } as const
      })
      .then((next) => {
        if (live) {
          setState(next)
        }
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [key])
  return state
}
