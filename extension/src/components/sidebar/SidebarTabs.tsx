import { useRef, type KeyboardEvent } from 'react'
import {
  SIDEBAR_VIEWS,
  sidebarViewLabel,
  tabAfterKey,
  type SidebarView,
} from '../../pages/sidebar-views'

/** The id of a view's tab and of its panel, for aria-controls and aria-labelledby. */
export const tabId = (view: SidebarView) => `tab-${view}`
export const panelId = (view: SidebarView) => `panel-${view}`

/** The row of view tabs: one tab stop, arrow keys move between tabs (WAI-ARIA tabs pattern). */
export function SidebarTabs({
  view,
  onChange,
}: {
  view: SidebarView
  onChange: (view: SidebarView) => void
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, SIDEBAR_VIEWS.length)
    if (next !== undefined) {
      event.preventDefault()
      onChange(SIDEBAR_VIEWS[next]!)
      tabs.current[next]?.focus()
    }
  }
  return (
    <div className="tabs" role="tablist" aria-label="Sidebar views">
      {SIDEBAR_VIEWS.map((candidate, index) => (
        <button
          key={candidate}
          ref={(element) => {
            tabs.current[index] = element
          }}
          type="button"
          role="tab"
          id={tabId(candidate)}
          className="tab"
          aria-selected={candidate === view}
          aria-controls={candidate === view ? panelId(candidate) : undefined}
          tabIndex={candidate === view ? 0 : -1}
          onClick={() => onChange(candidate)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {sidebarViewLabel(candidate)}
        </button>
      ))}
    </div>
  )
}
