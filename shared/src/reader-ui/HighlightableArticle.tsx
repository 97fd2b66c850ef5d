// One article in a reader, with its highlights, the same in the extension's reader page and the
// web app's: the title, byline, site and a link to the original, then the content with the page's
// marks painted in it (anchored by ../reader/reader-highlights.ts, the live page's by their
// quote), again whenever the marks change. Selecting text (mouse, or Shift with the arrow keys)
// offers the palette; a colour, or Alt+S for the default colour, hands the selection's reader
// selectors to the app, which stores the mark in its own store. A painted highlight opens, by click
// or by Enter on it, the same palette to change its colour, write its note or delete it; closing
// what it opened from the keyboard gives the focus back to the highlight. The content is the
// sanitized HTML of extractArticle or readSavedArticle (DOMPurify's allow-list): the only HTML
// inserted here.
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type SyntheticEvent,
} from 'react'
import type { RangeSelectors } from '../anchoring/selectors'
import { hasMarkNotes, markNoteText } from '../domain/entities/mark'
import type { ReaderSettings } from '../domain/entities/reader-settings'
import { highlightsNotAppliedMessage } from '../domain/messages'
import type { ReaderArticle } from '../reader/extract-article'
import {
  describeReaderSelection,
  paintReaderMarks,
  type ReaderMark,
} from '../reader/reader-highlights'
import { HighlightPalette } from './HighlightPalette'
import { READER_UI_CSS } from './reader-ui-styles'
import { NoteForm } from './NoteForm'

interface PaletteState {
  at: { left: number; top: number }
  focusFirst: boolean
  /** A new highlight of these selectors, or an existing highlight (its note form, when opened). */
  target: { selectors: RangeSelectors } | { markId: string; note?: true }
}

/** How long after its actions close a repainted highlight takes the focus back. */
const REFOCUS_WINDOW_MS = 5_000

/** About the note form's height in pixels (a four-line field, hint and buttons). */
const NOTE_FORM_HEIGHT = 230

/** What a painted highlight's first element says it does (it opens its actions). */
const HIGHLIGHT_BUTTON_DESCRIPTION = 'Highlight. Enter changes its colour, its note, or deletes it.'

export interface HighlightableArticleProps {
  article: ReaderArticle
  settings: ReaderSettings
  /** The page's marks, painted in the article. */
  marks: readonly ReaderMark[]
  /** Stores a highlight of `selectors`; `color` is undefined for the default colour (Alt+S). */
  onHighlight: (selectors: RangeSelectors, color: string | undefined) => void
  /** Changes the colour of highlight `markId`. */
  onRecolor: (markId: string, color: string) => void
  /** Gives highlight `markId` the plain note `note` ('' clears it). */
  onNote: (markId: string, note: string) => void
  /** Deletes highlight `markId` (the store applies the spec's cascade). */
  onDelete: (markId: string) => void
  /** Where "Original page" leads; without it the page's URL shows as text. */
  originalHref: string | undefined
  /** Opens the original in a new tab (the web app), rather than in this one (the reader tab). */
  originalInNewTab?: boolean
  /**
   * Where the highlight shortcut comes from: by default Alt+S pressed in this page (the web app);
   * the extension's reader passes the browser's command instead (a manifest command, whose key
   * the person may have changed), subscribing `run` and answering the unsubscribe.
   */
  subscribeHighlightShortcut?: (run: () => void) => () => void
}

/**
 * Whether the note form is open: it stays until Save, Cancel or Escape, whatever else is clicked
 * or selected in the article, so that a stray click does not lose a note being written.
 */
function isNoteForm(palette: PaletteState | null): boolean {
  return palette !== null && 'note' in palette.target
}

/** The palette's place beside the selection, kept inside the window. */
function paletteAt(rect: DOMRect): { left: number; top: number } {
  return {
    left: Math.min(Math.max(8, rect.left), window.innerWidth - 240),
    top: Math.min(Math.max(8, rect.bottom + 8), window.innerHeight - 56),
  }
}

/** The article, typeset by the reader settings, with its highlights. */
export function HighlightableArticle({
  article,
  settings,
  marks,
  onHighlight,
  onRecolor,
  onNote,
  onDelete,
  originalHref,
  originalInNewTab = false,
  subscribeHighlightShortcut,
}: HighlightableArticleProps) {
  const content = useRef<HTMLDivElement>(null)
  const [unplaced, setUnplaced] = useState(0)
  const [palette, setPalette] = useState<PaletteState | null>(null)
  const refocus = useRef<{ markId: string; until: number } | null>(null)

  const focusHighlight = (markId: string) =>
    content.current
      ?.querySelector<HTMLElement>(`[markid="${CSS.escape(markId)}"][tabindex]`)
      ?.focus()

  useEffect(() => {
    const element = content.current
    if (element === null) {
      return
    }
    let current = true
    paintReaderMarks(element, marks, () => current)
      .then((result) => {
        if (!current) {
          return
        }
        setUnplaced(result.unplaced.length)
        // The first element of each highlight is reachable by Tab and opens its actions.
        for (const id of result.painted) {
          const first = element.querySelector<HTMLElement>(`[markid="${CSS.escape(id)}"]`)
          first?.setAttribute('tabindex', '0')
          // Named by its own text (what is read is what is shown); what it does, as description.
          first?.setAttribute('role', 'button')
          first?.setAttribute('aria-description', HIGHLIGHT_BUTTON_DESCRIPTION)
        }
        // The highlight whose actions just closed from the keyboard keeps the focus when a
        // change repainted it, unless the person has moved on.
        const wanted = refocus.current
        refocus.current = null
        const lost = document.activeElement === null || document.activeElement === document.body
        if (wanted !== null && lost && Date.now() < wanted.until) {
          focusHighlight(wanted.markId)
        }
      })
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
      setPalette((current) => {
        if (isNoteForm(current)) {
          return current
        }
        if (!described) {
          // No text selected: a click on a highlight has opened its actions (onContentClick),
          // which stay; a palette for a selection goes with the selection.
          return current !== null && 'markId' in current.target ? current : null
        }
        return {
          at: paletteAt(described.range.getBoundingClientRect()),
          target: { selectors: described.selectors },
          focusFirst: fromKeyboard,
        }
      })
    }, 0)
  }

  /** Closes the palette or note form; one opened from the keyboard gives the focus back. */
  const closePalette = () => {
    const opened = palette
    setPalette(null)
    if (opened?.focusFirst && 'markId' in opened.target) {
      // A change repaints the highlight (new elements): the paint focuses it again (see above).
      refocus.current = { markId: opened.target.markId, until: Date.now() + REFOCUS_WINDOW_MS }
      focusHighlight(opened.target.markId)
    }
  }

  const pick = (color: string) => {
    const chosen = palette?.target
    closePalette()
    if (chosen === undefined) {
      return
    }
    if ('markId' in chosen) {
      onRecolor(chosen.markId, color)
    } else {
      window.getSelection()?.removeAllRanges()
      onHighlight(chosen.selectors, color)
    }
  }

  /** Opens the actions of the painted highlight `element` is part of; false when none. */
  const openActionsOf = (element: Element | null, fromKeyboard: boolean): boolean => {
    const highlight = element?.closest('[markid]')
    const markId = highlight?.getAttribute('markid')
    if (!highlight || !markId || !content.current?.contains(highlight)) {
      return false
    }
    setPalette({
      at: paletteAt(highlight.getBoundingClientRect()),
      target: { markId },
      focusFirst: fromKeyboard,
    })
    return true
  }

  const onContentClick = (event: ReactMouseEvent) => {
    if (isNoteForm(palette)) {
      return
    }
    // A click that ends a selection is a selection, not a click on a highlight.
    if (
      window.getSelection()?.isCollapsed !== false &&
      !openActionsOf(event.target as Element, false)
    ) {
      setPalette(null)
    }
  }

  const onContentKeyDown = (event: KeyboardEvent) => {
    if (isNoteForm(palette)) {
      return
    }
    const opens = event.key === 'Enter' || event.key === ' '
    if (opens && openActionsOf(event.target as Element, true)) {
      event.preventDefault()
    }
  }

  const target = palette?.target
  const chosenMark =
    target !== undefined && 'markId' in target
      ? marks.find((mark) => mark._id === target.markId)
      : undefined

  // Alt+S (or the extension's command) highlights the selection in the default colour, as on a
  // live page. Subscribed once, calling the latest render's callback: a subscription renewed on
  // each render could miss a key pressed while the article re-rendered.
  const latestOnHighlight = useRef(onHighlight)
  latestOnHighlight.current = onHighlight
  const subscribeShortcut = useRef(subscribeHighlightShortcut)
  useEffect(() => {
    /** Highlights the selection; whether there was one. */
    const highlightSelection = (): boolean => {
      const element = content.current
      const described = element && describeReaderSelection(element, window.getSelection())
      if (!described) {
        return false
      }
      setPalette((current) => (isNoteForm(current) ? current : null))
      window.getSelection()?.removeAllRanges()
      latestOnHighlight.current(described.selectors, undefined)
      return true
    }
    if (subscribeShortcut.current) {
      return subscribeShortcut.current(() => void highlightSelection())
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyS') {
        return
      }
      if (highlightSelection()) {
        event.preventDefault()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

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
      <style>{READER_UI_CSS}</style>
      <header>
        <h1>{article.title}</h1>
        <p className="reader-meta">
          {meta.length > 0 ? `${meta.join(' · ')} · ` : ''}
          {originalHref === undefined ? (
            article.url
          ) : (
            <a
              href={originalHref}
              target={originalInNewTab ? '_blank' : undefined}
              rel="noopener noreferrer"
            >
              Original page
            </a>
          )}
        </p>
        {unplaced > 0 && (
          <p className="reader-meta reader-unplaced" role="status">
            {highlightsNotAppliedMessage(unplaced)}
          </p>
        )}
      </header>
      <div
        ref={content}
        className="reader-content"
        onMouseUp={onSelectionEnd}
        onKeyUp={onSelectionEnd}
        onClick={onContentClick}
        onKeyDown={onContentKeyDown}
        dangerouslySetInnerHTML={{ __html: article.contentHtml }}
      />
      {palette && chosenMark && target !== undefined && 'note' in target ? (
        <NoteForm
          className="reader-note"
          buttonClassName="reader-action"
          style={{
            left: `${palette.at.left}px`,
            // Taller than the toolbar: kept inside the window too.
            top: `${Math.max(8, Math.min(palette.at.top, window.innerHeight - NOTE_FORM_HEIGHT))}px`,
          }}
          note={markNoteText(chosenMark)}
          onSave={(note) => onNote(chosenMark._id, note)}
          onClose={closePalette}
        />
      ) : (
        palette && (
          <HighlightPalette
            at={palette.at}
            focusFirst={palette.focusFirst}
            onPick={pick}
            onClose={closePalette}
            existing={
              chosenMark && {
                color: chosenMark.color,
                hasNote: hasMarkNotes(chosenMark),
                onNote: () =>
                  setPalette({ ...palette, target: { markId: chosenMark._id, note: true } }),
                onDelete: () => {
                  setPalette(null)
                  onDelete(chosenMark._id)
                },
              }
            }
          />
        )
      )}
    </article>
  )
}
