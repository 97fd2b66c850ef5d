// A windowed list: rows of known heights in a scrolling box, of which only those near the viewport
// are in the DOM, so that 10,000 pages scroll as smoothly as 10. The arithmetic lives in
// ../lib/virtual-window.ts; this component only tracks the scroll position and places the rows.
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { rowOffsets, visibleRange } from '../lib/virtual-window'

/** Props of VirtualList. */
export interface VirtualListProps<R> {
  rows: readonly R[]
  keyOf: (row: R) => string
  heightOf: (row: R) => number
  renderRow: (row: R) => ReactNode
  /** Height of the scrolling box in pixels. */
  viewportHeight: number
  /** Accessible name of the scrolling region. */
  label: string
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number
}

/** Renders the rows in view (plus `overscan`) inside a scrolling region. */
export function VirtualList<R>({
  rows,
  keyOf,
  heightOf,
  renderRow,
  viewportHeight,
  label,
  overscan = 4,
}: VirtualListProps<R>) {
  const [scrollTop, setScrollTop] = useState(0)
  const frame = useRef<number | undefined>(undefined)
  const offsets = useMemo(() => rowOffsets(rows.map(heightOf)), [rows, heightOf])
  const { start, end } = visibleRange(offsets, scrollTop, viewportHeight, overscan)
  const total = offsets[offsets.length - 1] ?? 0

  return (
    <div
      className="virtual-scroller"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ height: viewportHeight }}
      onScroll={(event) => {
        const target = event.currentTarget
        if (frame.current === undefined) {
          frame.current = requestAnimationFrame(() => {
            frame.current = undefined
            setScrollTop(target.scrollTop)
          })
        }
      }}
    >
      <div className="virtual-content" style={{ height: total }}>
        {rows.slice(start, end).map((row, index) => (
          <div
            key={keyOf(row)}
            className="virtual-row"
            style={{ top: offsets[start + index], height: heightOf(row) }}
          >
            {renderRow(row)}
          </div>
        ))}
      </div>
    </div>
  )
}
