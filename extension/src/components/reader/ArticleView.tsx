// One article in the reader: its title, byline and site, and its content with the page's
// highlights. The content is the sanitized HTML from extractArticle (@inkmark/shared's DOMPurify
// allow-list): this is the one place the extension inserts HTML, and only that output ever
// reaches it. Highlights are anchored and painted by @inkmark/shared's reader helpers (the live
// page's by their quote); selecting text offers the palette, and a colour stores a mark with the
// reader's anchors (highlightSourceReader), which the live page finds again by its quote. With
// autoDownloadPageContent on, the article is saved as the page's content (ADR 017).
import {
  Message,
  createReaderMark,
  describeReaderSelection,
  highlightsNotAppliedMessage,
  paintReaderMarks,
  savedArticleOf,
  type RangeSelectors,
  type ReaderArticle,
  type ReaderSettings,
} from '@inkmark/shared'
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { saveArticleIfWanted } from '../../service/page-content-save'
import { HighlightPalette } from './HighlightPalette'
import { readerStore } from './reader-store'
import { useReaderMarks } from './use-reader-marks'

interface ArticleViewProps {
  article: ReaderArticle
  settings: ReaderSettings
  /** Shows a short message to the person (a refused highlight, a full storage). */
  onMessage: (message: string) => void
}

interface PaletteState {
  at: { left: number; top: number }
  selectors: RangeSelectors
  focusFirst: boolean
}

/** The article, typeset by the reader settings, with its highlights. */
export function ArticleView({ article, settings, onMessage }: ArticleViewProps) {
  const content = useRef<HTMLDivElement>(null)
  const marks = useReaderMarks(article.url)
  const [unplaced, setUnplaced] = useState(0)
  const [palette, setPalette] = useState<PaletteState | null>(null)

  // The article opened in the reader is saved as the page's content when the person asked for it.
  useEffect(() => {
    saveArticleIfWanted(readerStore, () => savedArticleOf(article))
      .then((refused) => refused !== null && onMessage(refused))
      .catch((error: unknown) => console.error('Inkmark: the page content was not saved', error))
    // Once per article; onMessage is the page's state setter.
  }, [article])

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

  const save = async (selectors: RangeSelectors, color?: string) => {
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

  const pick = (color: string) => {
    const chosen = palette
    setPalette(null)
    window.getSelection()?.removeAllRanges()
    if (chosen !== null) {
      void save(chosen.selectors, color)
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
        void save(described.selectors)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  })

  const meta = [article.byline, article.siteName].filter((part): part is string => part !== null)
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
          <a href={article.url} rel="noopener noreferrer">
            Original page
          </a>
        </p>
        {unplaced > 0 && (
          <p className="reader-meta" role="status">
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
          onPick={pick}
          onClose={() => setPalette(null)}
        />
      )}
    </article>
  )
}
