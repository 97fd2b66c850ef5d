// One saved article in the web app's reader, with its highlights: the page's marks are painted in
// the article (anchored by shared/src/reader, the live page's by their quote), again whenever the
// library changes; selecting text offers the palette, and a colour stores a mark with the reader's
// anchors (highlightSourceReader) that the extension also finds on the live page. The content is
// the sanitized HTML from readSavedArticle, the only HTML this view inserts.
import {
  createReaderMark,
  describeReaderSelection,
  highlightsNotAppliedMessage,
  Message,
  paintReaderMarks,
  type RangeSelectors,
  type ReaderArticle as Article,
  type ReaderSettings,
} from '@inkmark/shared'
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { useToast } from '../components/Toasts'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { HighlightPalette } from './HighlightPalette'

interface PaletteState {
  at: { left: number; top: number }
  selectors: RangeSelectors
  focusFirst: boolean
}

interface ReaderArticleProps {
  article: Article
  settings: ReaderSettings
}

/** The article, typeset by the reader settings, with its highlights. */
export function ReaderArticle({ article, settings }: ReaderArticleProps) {
  const store = useLocalStore()
  const { showToast } = useToast()
  const content = useRef<HTMLDivElement>(null)
  const bookmark = useLibraryQuery(
    (library) => library.getBookmarkForUrl(article.url),
    [article.url],
  )
  const bookmarkId = bookmark?._id
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  const [unplaced, setUnplaced] = useState(0)
  const [palette, setPalette] = useState<PaletteState | null>(null)

  useEffect(() => {
    const element = content.current
    if (element === null) {
      return
    }
    let current = true
    paintReaderMarks(element, marks, () => current)
      .then((result) => current && setUnplaced(result.unplaced.length))
      .catch((error: unknown) => console.error('Inkmark: reader highlights failed', error))
    return () => {
      current = false
    }
  }, [marks, article])

  const onSelectionEnd = (event: SyntheticEvent) => {
    const fromKeyboard = event.type === 'keyup'
    if (fromKeyboard && !(event as KeyboardEvent).shiftKey) {
      return
    }
    // After the browser has settled the selection.
    setTimeout(() => {
      const element = content.current
      const described = element && describeReaderSelection(element, window.getSelection())
      if (!described) {
        setPalette(null)
        return
      }
      const rect = described.range.getBoundingClientRect()
      setPalette({
        // Beside the selection, kept inside the window.
        at: {
          left: Math.min(Math.max(8, rect.left), window.innerWidth - 240),
          top: Math.min(Math.max(8, rect.bottom + 8), window.innerHeight - 56),
        },
        selectors: described.selectors,
        focusFirst: fromKeyboard,
      })
    }, 0)
  }

  const save = (selectors: RangeSelectors, color: string) => {
    createReaderMark(store, { url: article.url, title: article.title, color, selectors }).catch(
      (error: unknown) =>
        showToast({
          kind: 'error',
          message: error instanceof Error ? error.message : Message.GENERIC_ERROR,
        }),
    )
  }

  const highlight = (color: string) => {
    const chosen = palette
    setPalette(null)
    window.getSelection()?.removeAllRanges()
    if (chosen !== null) {
      save(chosen.selectors, color)
    }
  }

  // Alt+S highlights the selection in the default colour, as on a live page.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyS') {
        return
      }
      const element = content.current
      const described = element && describeReaderSelection(element, window.getSelection())
      if (described) {
        event.preventDefault()
        setPalette(null)
        window.getSelection()?.removeAllRanges()
        save(described.selectors, store.getChromeSettings().defaultHighlightColor)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  })

  const meta = [article.byline, article.siteName].filter((part): part is string => part !== null)
  const original = toWebUrl(article.url)
  return (
    <article
      className="reader-article"
      lang={article.lang ?? undefined}
      dir={article.dir ?? undefined}
      style={{
        fontSize: `${settings.fontSize}px`,
        lineHeight: settings.lineHeight,
        maxWidth: `${settings.layoutWidth}px`,
      }}
    >
      <header>
        <h1>{article.title}</h1>
        <p className="reader-meta">
          {meta.length > 0 ? `${meta.join(' · ')} · ` : ''}
          {original === undefined ? (
            article.url
          ) : (
            <a href={original} target="_blank" rel="noopener noreferrer">
              Original page
            </a>
          )}
        </p>
        {unplaced > 0 && (
          <p className="reader-unplaced" role="status">
            {highlightsNotAppliedMessage(unplaced)}
          </p>
        )}
      </header>
      <div
        ref={content}
        className="reader-content"
        onMouseUp={onSelectionEnd}
        onKeyUp={onSelectionEnd}
        dangerouslySetInnerHTML={{ __html: article.contentHtml }}
      />
      {palette && (
        <HighlightPalette
          at={palette.at}
          focusFirst={palette.focusFirst}
          onPick={highlight}
          onClose={() => setPalette(null)}
        />
      )}
    </article>
  )
}
