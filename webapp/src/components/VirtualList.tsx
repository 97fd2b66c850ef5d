// A windowed list: rows of known heights in a scrolling box, of which only those near the viewport
// are in the DOM, so that 10,000 pages scroll as smoothly as 10. The arithmetic lives in
// ../lib/virtual-window.ts; this component only tracks the scroll position and places the rows.
// On narrow screens the list scrolls with the page instead of in a box of its own
// (`scrollsWith: 'window'`, docs/adr/040-mobile-layout.md): its place under the viewport's top is
// read from its position on the page.
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
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
  /** What scrolls: a box of `viewportHeight` of its own (the default) or the page. */
  scrollsWith?: 'self' | 'window'
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
  scrollsWith = 'self',
}: VirtualListProps<R>) {
  const [scrollTop, setScrollTop] = useState(0)
  const frame = useRef<number | undefined>(undefined)
  const offsets = useMemo(() => rowOffsets(rows.map(heightOf)), [rows, heightOf])
  const windowView = useWindowView(scrollsWith === 'window')
  const { start, end } =
    windowView.view === undefined
      ? visibleRange(offsets, scrollTop, viewportHeight, overscan)
      : visibleRange(offsets, windowView.view.top, windowView.view.height, overscan)
  const total = offsets[offsets.length - 1] ?? 0
  const content = (
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
  )

  if (scrollsWith === 'window') {
    return (
      <div className="virtual-page-list" role="region" aria-label={label} ref={windowView.ref}>
        {content}
      </div>
    )
  }
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
      {content}
    </div>
  )
}

/**
 * For a list that scrolls with the page: how far the list's top has gone above the viewport's top
 * (0 while it is below it) and the viewport's height, read again on every scroll and resize (once
 * per frame). `view` is undefined when `active` is false.
 */
function useWindowView(active: boolean): {
  ref: (element: HTMLDivElement | null) => void
  view: { top: number; height: number } | undefined
} {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const [view, setView] = useState({ top: 0, height: 0 })
  useLayoutEffect(() => {
    if (!active || element === null) {
      return undefined
    }
    let frame: number | undefined
    const measure = () => {
      frame = undefined
      const top = Math.max(0, -element.getBoundingClientRect().top)
      const height = window.innerHeight
      setView((previous) =>
        previous.top === top && previous.height === height ? previous : { top, height },
      )
    }
    const schedule = () => {
      frame ??= requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame !== undefined) {
        cancelAnimationFrame(frame)
      }
    }
  }, [active, element])
  return { ref: setElement, view: active ? view : undefined }
}
