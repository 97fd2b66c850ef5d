// The web app's tabs, on the design system's Tabs (React Aria): one tab stop, arrow keys, Home and
// End move between tabs and select them, the panel follows.
import { Tabs as DesignTabs } from '@inkmark/design'
import type { ReactNode } from 'react'

/** One tab: its id, its label and its panel. */
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
  return (
    <DesignTabs
      aria-label={label}
      className="tabs"
      items={tabs}
      selectedKey={tabs.some((tab) => tab.id === selected) ? selected : (tabs[0]?.id ?? '')}
      onSelectionChange={onSelect}
    />
  )
}
