// The transcript's lines (docs/adr/075), as the extension's panel lists them (ADR 016): each line
// has its timestamp (a link to the video at that moment on YouTube: the web app embeds no player),
// its text and a toggle button ("Highlight line at 00:03" / "Remove highlight at 00:03"). The
// arrow keys, Home and End move between lines keeping the column; only one line's link and button
// are in the Tab order (a roving tabindex), so the list is two Tab stops, not hundreds. A text
// selection over several lines is highlighted with the toolbar's "Highlight selection".
import { highlightOfLine, type TranscriptHighlight } from '@inkmark/shared/youtube'
import type { TranscriptSegment } from '@inkmark/shared'
import { useRef, useState, type KeyboardEvent } from 'react'
import { matchParts } from './transcript-search'
import { transcriptTimestamp } from './transcript-formats'

/** Props of TranscriptLines. */
export interface TranscriptLinesProps {
  lines: readonly TranscriptSegment[]
  /** The indexes of the lines shown (the search's matches). */
  shown: readonly number[]
  query: string
  highlights: readonly TranscriptHighlight[]
  watchUrl: string
  onHighlight: (index: number) => void
  onRemove: (markId: string) => void
}

type Column = 'time' | 'toggle'

/** The list of lines. */
export function TranscriptLines({
  lines,
  shown,
  query,
  highlights,
  watchUrl,
  onHighlight,
  onRemove,
}: TranscriptLinesProps) {
  const [active, setActive] = useState({ position: 0, column: 'toggle' as Column })
  const list = useRef<HTMLOListElement>(null)
  const position = Math.min(active.position, Math.max(0, shown.length - 1))

  const focusAt = (next: number, column: Column) => {
    const clamped = Math.max(0, Math.min(shown.length - 1, next))
    setActive({ position: clamped, column })
    const selector = `[data-position="${clamped}"] [data-column="${column}"]`
    // After React moved the tabindex: the element exists already, only its tabindex changes.
    list.current?.querySelector<HTMLElement>(selector)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusAt(position + 1, active.column),
      ArrowUp: () => focusAt(position - 1, active.column),
      Home: () => focusAt(0, active.column),
      End: () => focusAt(shown.length - 1, active.column),
      ArrowLeft: () => focusAt(position, 'time'),
      ArrowRight: () => focusAt(position, 'toggle'),
    }
    const move = moves[event.key]
    if (move !== undefined) {
      event.preventDefault()
      move()
    }
  }

  return (
    <ol className="yt-lines" ref={list} onKeyDown={onKeyDown} aria-label="Transcript lines">
      {shown.map((index, at) => {
        const line = lines[index]!
        const highlight = highlightOfLine(highlights, line.offset)
        const isActive = at === position
        const time = transcriptTimestamp(line.offset)
        return (
          <li
            key={index}
            data-line={index}
            data-position={at}
            className={highlight === undefined ? 'yt-line' : 'yt-line yt-line--highlighted'}
            style={highlight === undefined ? undefined : { background: highlight.color }}
          >
            <a
              className="yt-time"
              data-column="time"
              href={`${watchUrl}&t=${Math.floor(line.offset)}s`}
              target="_blank"
              rel="noopener noreferrer"
              tabIndex={isActive && active.column === 'time' ? 0 : -1}
              aria-label={`${time}, watch from here on YouTube`}
              onFocus={() => setActive({ position: at, column: 'time' })}
            >
              {time}
            </a>
            <span className="yt-text">
              {matchParts(line.text, query).map((part, partIndex) =>
                part.match ? (
                  <mark key={partIndex} className="yt-match">
                    {part.text}
                  </mark>
                ) : (
                  part.text
                ),
              )}
            </span>
            <button
              type="button"
              className="yt-toggle"
              data-column="toggle"
              aria-pressed={highlight !== undefined}
              tabIndex={isActive && active.column === 'toggle' ? 0 : -1}
              onFocus={() => setActive({ position: at, column: 'toggle' })}
              onClick={() =>
                highlight === undefined ? onHighlight(index) : onRemove(highlight._id)
              }
            >
              <span className="ink-visually-hidden">
                {highlight === undefined ? 'Highlight line at ' : 'Remove highlight at '}
                {time}
              </span>
              <span aria-hidden="true">{highlight === undefined ? '＋' : '✓'}</span>
            </button>
          </li>
        )
      })}
    </ol>
  )
}
