import {
  highlightColorName,
  marksShownOnPage,
  offeredHighlightColors,
  sortMarks,
} from '@inkmark/shared'
import { useId, useState } from 'react'
import { appBookmarkUrl } from '../../pages/app-url'
import {
  NO_FILTER,
  colorsOf,
  filterMarks,
  isFiltering,
  type MarkFilter,
} from '../../pages/sidebar-filter'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { UnplacedNotice } from './MarkItem'
import { PageMarkCard } from './PageMarkCard'
import { QueryView } from './QueryView'
import { SidebarShare } from './SidebarShare'

async function loadPageMarks(pageUrl: string) {
  const [bookmark, settings] = await Promise.all([
    pageUrl ? callStore('getBookmarkForUrl', pageUrl) : undefined,
    callStore('getChromeSettings'),
  ])
  const marks = bookmark ? await callStore('getMarksForBookmark', bookmark._id) : []
  return {
    bookmark,
    marks: sortMarks(marksShownOnPage(marks, pageUrl)),
    colors: offeredHighlightColors(settings.recentColors, settings.highlighterMode),
  }
}

const count = (n: number) => `${n} ${n === 1 ? 'highlight' : 'highlights'}`

/** The spec's mark-view: the highlights of the page the sidebar is open on, to show and edit. */
export function PageMarksView({
  pageUrl,
  unplaced,
}: {
  pageUrl: string
  unplaced: ReadonlySet<string>
}) {
  const state = useLibraryQuery(() => loadPageMarks(pageUrl), pageUrl)
  const [filter, setFilter] = useState<MarkFilter>(NO_FILTER)
  const textId = useId()
  const colorId = useId()
  return (
    <QueryView state={state}>
      {({ bookmark, marks, colors }) => {
        if (marks.length === 0) {
          return (
            <p className="empty">No highlights on this page yet. Select text to highlight it.</p>
          )
        }
        const shown = filterMarks(marks, filter)
        return (
          <>
            <div className="filter" role="search" aria-label="Filter this page's highlights">
              <label htmlFor={textId} className="visually-hidden">
                Filter this page&apos;s highlights
              </label>
              <input
                id={textId}
                type="search"
                placeholder="Filter this page's highlights"
                value={filter.text}
                onChange={(event) => setFilter({ ...filter, text: event.target.value })}
              />
              <label htmlFor={colorId} className="visually-hidden">
                Colour
              </label>
              <select
                id={colorId}
                value={filter.color}
                onChange={(event) => setFilter({ ...filter, color: event.target.value })}
              >
                <option value="">All colours</option>
                {colorsOf(marks).map((color) => (
                  <option key={color} value={color}>
                    {highlightColorName(color)}
                  </option>
                ))}
              </select>
            </div>
            <p className="meta" role="status">
              {isFiltering(filter)
                ? `${shown.length} of ${count(marks.length)}`
                : count(marks.length)}
            </p>
            {shown.length === 0 ? (
              <p className="empty">No highlight on this page matches.</p>
            ) : (
              <ul className="list" aria-label="Highlights on this page">
                {shown.map((mark) => (
                  <PageMarkCard
                    key={mark._id}
                    mark={mark}
                    pageUrl={pageUrl}
                    colors={colors}
                    unplacedNotice={unplaced.has(mark._id) ? <UnplacedNotice /> : undefined}
                  />
                ))}
              </ul>
            )}
            {bookmark ? <SidebarShare bookmarkId={bookmark._id} /> : null}
            {bookmark ? (
              <a
                className="footer-link"
                href={appBookmarkUrl(bookmark._id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open this page in Inkmark
              </a>
            ) : null}
          </>
        )
      }}
    </QueryView>
  )
}
