// One article in the extension's reader: the shared article view (@inkmark/shared/reader-ui) with
// the page's marks from the background's store; a highlight made there is stored with the
// reader's anchors (highlightSourceReader), which the live page finds again by its quote. The
// content is the sanitized HTML from extractArticle, the one place the extension inserts HTML.
// With autoDownloadPageContent on, the article is saved as the page's content (ADR 017). A saved
// page read here is recorded as opened (openedAt, ADR 079).
import {
  Message,
  ObjectStore,
  createReaderMark,
  noteChanges,
  updateReaderMark,
  savedArticleOf,
  type RangeSelectors,
  type ReaderArticle,
  type ReaderSettings,
} from '@inkmark/shared'
import { HighlightableArticle } from '@inkmark/shared/reader-ui'
import { useEffect } from 'react'
import { subscribeShortcuts } from '../../pages/shortcut-listener'
import { callStore } from '../../pages/store-client'
import { saveArticleIfWanted } from '../../service/page-content-save'
import { readerStore } from './reader-store'
import { useReaderMarks } from './use-reader-marks'

interface ArticleViewProps {
  article: ReaderArticle
  settings: ReaderSettings
  /** Shows a short message to the person (a refused highlight, a full storage). */
  onMessage: (message: string) => void
}

/** The article, typeset by the reader settings, with its highlights. */
export function ArticleView({ article, settings, onMessage }: ArticleViewProps) {
  const marks = useReaderMarks(article.url)

  // The article opened in the reader is saved as the page's content when the person asked for it.
  useEffect(() => {
    saveArticleIfWanted(readerStore, () => savedArticleOf(article))
      .then((refused) => refused !== null && onMessage(refused))
      .catch((error: unknown) => console.error('Inkmark: the page content was not saved', error))
    // Once per article; onMessage is the page's state setter.
  }, [article])

  useEffect(() => {
    callStore('getBookmarkForUrl', article.url)
      .then((bookmark) => bookmark && callStore('recordBookmarkOpened', bookmark._id))
      .catch(() => undefined)
  }, [article.url])

  const highlight = async (selectors: RangeSelectors, color: string | undefined) => {
    try {
      const chosenColor = color ?? (await readerStore.getChromeSettings()).defaultHighlightColor
      await createReaderMark(readerStore, {
        url: article.url,
        title: article.title,
        color: chosenColor,
        selectors,
      })
    } catch (error) {
      onMessage(error instanceof Error ? error.message : Message.GENERIC_ERROR)
    }
  }

  const failed = (error: unknown) =>
    onMessage(error instanceof Error ? error.message : Message.GENERIC_ERROR)

  const change = (markId: string, changes: Parameters<typeof updateReaderMark>[2]) => {
    const mark = marks.find((candidate) => candidate._id === markId)
    if (mark !== undefined) {
      updateReaderMark(readerStore, mark, changes).catch(failed)
    }
  }

  return (
    <HighlightableArticle
      article={article}
      settings={settings}
      marks={marks}
      onHighlight={(selectors, color) => void highlight(selectors, color)}
      onRecolor={(markId, color) => change(markId, { color })}
      onNote={(markId, note) => change(markId, noteChanges(note))}
      onDelete={(markId) =>
        void callStore('markEntitiesAsDeleted', [
          { _id: markId, _objectStore: ObjectStore.MARKS },
        ]).catch(failed)
      }
      originalHref={article.url}
      subscribeHighlightShortcut={(run) =>
        // The browser's highlight command for this tab (ADR 028), whatever key it has now.
        subscribeShortcuts((command) => command === 'highlightText' && run())
      }
    />
  )
}
