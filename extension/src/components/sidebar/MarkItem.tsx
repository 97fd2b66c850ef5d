import { Message, markNoteText, type Mark } from '@inkmark/shared'
import { useId, useState } from 'react'
import { MatchedText } from './MatchedText'
import { MemoryLevelLine } from './MemoryLevelLine'

export interface MarkItemProps {
  mark: Mark
  /** Whether the page could not place this highlight (it shows only here). */
  unplaced?: boolean
  /** Shows the page's title above the highlight (in lists that mix pages). */
  showPage?: boolean
  /** Search words to mark in the text and note. */
  terms?: readonly string[]
}

/** One highlight: its text, colour, note, tags and memory level, all rendered as text. */
export function MarkItem({ mark, unplaced = false, showPage = false, terms }: MarkItemProps) {
  const note = markNoteText(mark)
  return (
    <li
      className="card mark"
      data-mark-id={mark._id}
      style={{ ['--mark-color' as string]: /^#[0-9a-f]{3,8}$/i.test(mark.color) ? mark.color : '' }}
    >
      {showPage && mark.title ? <div className="meta">{mark.title}</div> : null}
      <p className="mark-text">
        {mark.mediaType === 'image' ? (
          `Image: ${mark.imageAlt || mark.text || ''}`
        ) : (
          <MatchedText text={mark.text ?? ''} terms={terms} />
        )}
      </p>
      {note ? (
        <p className="mark-note">
          <span className="visually-hidden">Note: </span>
          <MatchedText text={note} terms={terms} />
        </p>
      ) : null}
      {mark.tags.length > 0 ? (
        <ul className="tags" aria-label="Tags">
          {mark.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <MemoryLevelLine mark={mark} />
      {unplaced ? <UnplacedNotice /> : null}
    </li>
  )
}

/** The badge and explanation of a highlight the page could not place. */
export function UnplacedNotice() {
  const [expanded, setExpanded] = useState(false)
  const explanationId = useId()
  return (
    <>
      <div className="unplaced">
        <span className="unplaced-badge">{Message.HIGHLIGHT_ONLY_IN_SIDEBAR}</span>
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={explanationId}
          onClick={() => setExpanded(!expanded)}
        >
          Learn more
        </button>
      </div>
      <p id={explanationId} className="explain" hidden={!expanded}>
        The page has changed since you made this highlight, so Inkmark could not find its text on
        the page again. It stays in your library and is listed here.
      </p>
    </>
  )
}
