// One saved article in the web app's reader, with its highlights: the shared article view
// (@inkmark/shared/reader-ui) fed with the page's marks from the library, again whenever the
// library changes; a highlight made there is stored with the reader's anchors
// (highlightSourceReader), which the extension also finds on the live page. The content is the
// sanitized HTML from readSavedArticle (or of a page the misc server fetched, sanitized again
// here), the only HTML this view inserts. A fetched page not in the library is saved with its text
// before its first highlight (./save-fetched-page.ts, docs/adr/075).
import {
  createReaderMark,
  Message,
  noteChanges,
  ObjectStore,
  updateReaderMark,
  type RangeSelectors,
  type ReaderArticle as Article,
  type ReaderSettings,
} from '@inkmark/shared'
import { HighlightableArticle } from '@inkmark/shared/reader-ui'
import { useRef } from 'react'
import { useToast } from '../components/Toasts'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { useRecordOpened } from '../library/use-record-opened'
import { toWebUrl } from '../lib/safe-url'
import { recordProductEvent } from '../settings/usage-counts'
import { keepFetchedPage } from './save-fetched-page'

interface ReaderArticleProps {
  article: Article
  settings: ReaderSettings
  /** Whether the article was fetched for this visit (not read from the library). */
  fetched?: boolean
}

/** The article, typeset by the reader settings, with its highlights. */
export function ReaderArticle({ article, settings, fetched = false }: ReaderArticleProps) {
  const store = useLocalStore()
  const { showToast } = useToast()
  const bookmark = useLibraryQuery(
    (library) => library.getBookmarkForUrl(article.url),
    [article.url],
  )
  const bookmarkId = bookmark?._id
  // Reading a saved page opens it ("Recently opened").
  useRecordOpened(bookmarkId)
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )

  // A fetched article is kept once, before its first highlight (later ones wait for that save).
  const keeping = useRef<{ article: Article; done: Promise<void> } | undefined>(undefined)
  const keepPage = (): Promise<void> => {
    if (!fetched) {
      return Promise.resolve()
    }
    if (keeping.current?.article !== article) {
      const done = keepFetchedPage(store, article).then((outcome) => {
        if (outcome.contentRefusal !== undefined) {
          showToast({
            kind: 'warning',
            message: `The page is saved without its text: ${outcome.contentRefusal}`,
          })
        }
      })
      // A failed save is tried again by the next highlight.
      done.catch(() => {
        keeping.current = undefined
      })
      keeping.current = { article, done }
    }
    return keeping.current.done
  }

  const highlight = (selectors: RangeSelectors, color: string | undefined) => {
    keepPage()
      .then(() =>
        createReaderMark(store, {
          url: article.url,
          title: article.title,
          color: color ?? store.getChromeSettings().defaultHighlightColor,
          selectors,
        }),
      )
      .then(() => recordProductEvent('highlight_created'))
      .catch((error: unknown) =>
        showToast({
          kind: 'error',
          message: error instanceof Error ? error.message : Message.GENERIC_ERROR,
        }),
      )
  }

  const failed = (error: unknown) =>
    showToast({
      kind: 'error',
      message: error instanceof Error ? error.message : Message.GENERIC_ERROR,
    })

  const change = (markId: string, changes: Parameters<typeof updateReaderMark>[2]) => {
    const mark = marks.find((candidate) => candidate._id === markId)
    if (mark !== undefined) {
      updateReaderMark(store, mark, changes).catch(failed)
    }
  }

  const remove = (markId: string) => {
    store.markEntitiesAsDeleted([{ _id: markId, _objectStore: ObjectStore.MARKS }]).catch(failed)
  }

  return (
    <HighlightableArticle
      article={article}
      settings={settings}
      marks={marks}
      onHighlight={highlight}
      onRecolor={(markId, color) => change(markId, { color })}
      onNote={(markId, note) => change(markId, noteChanges(note))}
      onDelete={remove}
      originalHref={toWebUrl(article.url)}
      originalInNewTab
    />
  )
}
