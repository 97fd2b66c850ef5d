// One of the page's highlights in the sidebar, as a workspace (ADR 036): its text is a button that
// shows it on the page (scrolled to and flashed by our content script), and its note, tags and
// colour are edited in place; the note saves as it is typed, as in the toolbox. Everything is
// rendered as React text: a note that looks like HTML stays text.
import { TagSuggestField } from '@inkmark/design'
import { highlightColorName, markNoteText, type Mark } from '@inkmark/shared'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { draftSaver, draftStatusText, type DraftStatus } from '../toolbox/draft-saver'
import {
  deleteMark,
  saveColor,
  saveNote,
  saveTags,
  showOnPage,
  suggestTagsFor,
  tagsWithAdded,
  tagsWithout,
} from '../../pages/sidebar-edits'
import { MemoryLevelLine } from './MemoryLevelLine'

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Try again later.'

const isColor = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value)

export interface PageMarkCardProps {
  mark: Mark
  pageUrl: string
  /** The colours offered (the person's palette). */
  colors: readonly string[]
  /** Shown when the page could not place this highlight. */
  unplacedNotice?: ReactNode
}

/** A highlight of this page: show it on the page, edit its note, tags and colour, or delete it. */
export function PageMarkCard({ mark, pageUrl, colors, unplacedNotice }: PageMarkCardProps) {
  const [error, setError] = useState('')
  const fail = (caught: unknown) => setError(errorText(caught))
  const text =
    mark.mediaType === 'image' ? `Image: ${mark.imageAlt || mark.text || ''}` : (mark.text ?? '')
  // Shown at once when chosen; the library's answer (or a change from elsewhere) follows.
  const [chosen, setChosen] = useState(mark.color)
  useEffect(() => setChosen(mark.color), [mark.color])
  const offered = colors.includes(chosen) ? colors : [chosen, ...colors]

  return (
    <li
      className="card mark"
      data-mark-id={mark._id}
      style={{ ['--mark-color' as string]: isColor(mark.color) ? mark.color : '' }}
    >
      {unplacedNotice ? (
        <p className="mark-text">{text}</p>
      ) : (
        <button type="button" className="mark-text mark-show" onClick={() => showOnPage(mark)}>
          <span className="visually-hidden">Show on page: </span>
          {text}
        </button>
      )}
      <NoteEditor mark={mark} pageUrl={pageUrl} onError={fail} />
      <TagEditor mark={mark} pageUrl={pageUrl} onError={fail} />
      <MemoryLevelLine mark={mark} />
      <div className="mark-actions">
        <div className="swatches" role="group" aria-label="Colour">
          {offered.filter(isColor).map((color) => (
            <button
              key={color}
              type="button"
              className="swatch"
              style={{ ['--swatch' as string]: color }}
              aria-label={`Colour ${highlightColorName(color)}`}
              aria-pressed={color.toLowerCase() === chosen.toLowerCase()}
              onClick={() => {
                if (color !== chosen) {
                  setChosen(color)
                  saveColor(pageUrl, mark, color).then(
                    () => setError(''),
                    (caught: unknown) => {
                      setChosen(mark.color)
                      fail(caught)
                    },
                  )
                }
              }}
            />
          ))}
        </div>
        <button
          type="button"
          className="text-button danger"
          onClick={() => void deleteMark(pageUrl, mark).then(() => undefined, fail)}
        >
          Delete<span className="visually-hidden"> highlight</span>
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {unplacedNotice}
    </li>
  )
}

interface EditorProps {
  mark: Mark
  pageUrl: string
  onError: (error: unknown) => void
}

/** The note, saved as it is typed and when left; a change from elsewhere shows unless typing. */
function NoteEditor({ mark, pageUrl, onError }: EditorProps) {
  const stored = markNoteText(mark)
  const [value, setValue] = useState(stored)
  const [status, setStatus] = useState<DraftStatus>('idle')
  const field = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const markId = mark._id
  const saver = useMemo(
    () =>
      draftSaver(stored, {
        save: (notes) =>
          saveNote(pageUrl, mark, notes).then(
            () => true,
            (caught: unknown) => {
              onError(caught)
              return false
            },
          ),
        onStatus: setStatus,
      }),
    // One saver per highlight and page; `stored` is its starting point only.
    [markId, pageUrl],
  )
  useEffect(() => {
    // Another device or the toolbox changed the note: show it, unless the person is writing here.
    if (stored !== value && !saver.isPending() && document.activeElement !== field.current) {
      setValue(stored)
      saver.reset(stored)
    }
  }, [stored])
  useEffect(() => {
    const leave = () => saver.leave()
    window.addEventListener('pagehide', leave)
    return () => {
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [saver])
  return (
    <div className="note">
      <label htmlFor={id} className="visually-hidden">
        Note
      </label>
      <textarea
        ref={field}
        id={id}
        rows={2}
        value={value}
        placeholder="Add a note…"
        onChange={(event) => {
          setValue(event.target.value)
          saver.input(event.target.value)
        }}
        onBlur={() => void saver.flush()}
      />
      <span className="status" role="status">
        {draftStatusText(status)}
      </span>
    </div>
  )
}

/**
 * The tags, each removable, and a field that adds one (cleaned) on Enter, suggesting the library's
 * tags as it is typed (ranked by the spec's scores, without the highlight's own).
 */
function TagEditor({ mark, pageUrl, onError }: EditorProps) {
  const [typed, setTyped] = useState('')
  const [suggestions, setSuggestions] = useState<string[]>([])
  // Shown at once, written in order: two quick edits never write from the same stale list.
  const [tags, setTags] = useState(mark.tags)
  const writes = useRef<Promise<unknown>>(Promise.resolve())
  const stored = mark.tags.join('\n')
  useEffect(() => setTags(mark.tags), [stored])
  const shownTags = tags.join('\n')
  useEffect(() => {
    if (typed.trim() === '') {
      setSuggestions([])
      return
    }
    // Only the answer for what is typed now is shown (an older, slower answer is dropped).
    let current = true
    suggestTagsFor(pageUrl, mark, typed, tags).then(
      (found) => current && setSuggestions(found),
      () => current && setSuggestions([]),
    )
    return () => {
      current = false
    }
  }, [typed, shownTags, pageUrl, mark._id])
  const write = (next: string[]) => {
    setTags(next)
    writes.current = writes.current.then(() => saveTags(pageUrl, mark, next)).catch(onError)
  }
  const add = (tag: string) => {
    const next = tagsWithAdded(tags, tag)
    setTyped('')
    if (next.length !== tags.length) {
      write(next)
    }
  }
  return (
    <div className="tag-editor">
      {tags.length > 0 ? (
        <ul className="tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="tag">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => write(tagsWithout(tags, tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <TagSuggestField
        className="tag-input-field"
        label="Add tag"
        placeholder="Add tag"
        value={typed}
        onValueChange={setTyped}
        suggestions={suggestions}
        onAdd={add}
      />
    </div>
  )
}
