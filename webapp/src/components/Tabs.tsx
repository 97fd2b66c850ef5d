// Tabs with the WAI-ARIA keyboard pattern: one tab stop, arrow keys (and Home, End) move between
// tabs and select them, the panel follows.
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

/** One tab: its id (for the DOM), its label and its panel. */
export interface TabDefinition {
  id: string
  label: string
  panel: ReactNode
}

/** Props of Tabs. */
export interface TabsProps {
  tabs: readonly TabDefinition[]
  selected: string
  onSelect: (id: string) => void
  label: string
}

/** A tab list and the selected tab's panel. */
export function Tabs({ tabs, selected, onSelect, label }: TabsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  )
  const current = tabs[index]

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const tab = next === undefined ? undefined : tabs[next]
    if (tab) {
      event.preventDefault()
      onSelect(tab.id)
      buttons.current.get(tab.id)?.focus()
    }
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) {
                buttons.current.set(tab.id, element)
              } else {
                buttons.current.delete(tab.id)
              }
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab === current}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab === current ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`panel-${current.id}`}
          aria-labelledby={`tab-${current.id}`}
          className="tab-panel"
          tabIndex={0}
        >
          {current.panel}
        </div>
      )}
    </div>
  )
}
