import { ToastQueue, ToastRegion } from '@inkmark/design'
import { sidebarFontSize } from '@inkmark/shared'
import { useEffect, useId, useState } from 'react'
import { AiView } from '../ai/AiView'
import { AI_CSS } from '../ai/ai-styles'
import { DEFAULT_SIDEBAR_VIEW, type SidebarView } from '../../pages/sidebar-views'
import { useUnplacedIds } from '../../pages/use-unplaced-ids'
import { DomainsView } from './DomainsView'
import { HistoryView } from './HistoryView'
import { PageMarksView } from './PageMarksView'
import { SearchResultsView } from './SearchResultsView'
import { SIDEBAR_CSS } from './sidebar-styles'
import { SidebarTabs, panelId, tabId } from './SidebarTabs'
import { SyncPlanNotice } from './SyncPlanNotice'
import { TagsView } from './TagsView'

export interface SidebarProps {
  /** The page the sidebar is open on. */
  pageUrl: string
  /** Asks the page to close the sidebar. */
  onClose: () => void
}

/** The font size the sidebar's width calls for (the window is the sidebar's frame). */
function useFontSize(): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return sidebarFontSize(width)
}

/** The extension's sidebar: search, then the page's highlights, history, domains and tags. */
export function Sidebar({ pageUrl, onClose }: SidebarProps) {
  const [toasts] = useState(() => new ToastQueue())
  const [view, setView] = useState<SidebarView>(DEFAULT_SIDEBAR_VIEW)
  const [search, setSearch] = useState('')
  const unplaced = useUnplacedIds()
  const fontSize = useFontSize()
  const searchId = useId()
  const searching = search.trim() !== ''

  return (
    <div className="sidebar" style={{ fontSize }}>
      <style>{SIDEBAR_CSS}</style>
      <style>{AI_CSS}</style>
      <header className="sidebar-header">
        <h1>Inkmark</h1>
        <button
          type="button"
          className="icon-button"
          aria-label="Close sidebar"
          title="Close sidebar"
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <main className="sidebar-main">
        <SyncPlanNotice />
        <div className="search" role="search">
          <label htmlFor={searchId}>Search your library</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Pages, highlights, notes, tags"
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && search !== '') {
                event.preventDefault()
                setSearch('')
              }
            }}
          />
        </div>
        {searching ? (
          <SearchResultsView value={search} />
        ) : (
          <>
            <SidebarTabs view={view} onChange={setView} />
            <div role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)}>
              {view === 'mark-view' ? (
                <PageMarksView pageUrl={pageUrl} unplaced={unplaced} />
              ) : null}
              {view === 'ai-view' ? <AiView pageUrl={pageUrl} toasts={toasts} /> : null}
              {view === 'history-view' ? <HistoryView /> : null}
              {view === 'domains-view' ? <DomainsView /> : null}
              {view === 'tags-view' ? <TagsView /> : null}
            </div>
          </>
        )}
      </main>
      <ToastRegion queue={toasts} />
    </div>
  )
}
