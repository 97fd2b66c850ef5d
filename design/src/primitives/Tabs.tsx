// Tabs on React Aria: one tab stop, arrows/Home/End move and select, the panel is labelled by its
// tab. Given as a list of tabs so callers cannot forget a panel.
import type { Key, ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** One tab: its id, label and panel. */
export interface TabItem {
  id: string
  label: ReactNode
  panel: ReactNode
}

/** Props of Tabs. */
export interface TabsProps {
  /** The tab list's accessible name. */
  'aria-label': string
  items: readonly TabItem[]
  selectedKey: string
  onSelectionChange: (id: string) => void
  className?: string
}

/** A tab list and the selected tab's panel. */
export function Tabs({ items, selectedKey, onSelectionChange, className, ...props }: TabsProps) {
  return (
    <AriaTabs
      className={classNames('ink-tabs', className)}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key) => onSelectionChange(String(key))}
    >
      <TabList aria-label={props['aria-label']} className="ink-tabs__list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="ink-tabs__tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="ink-tabs__panel">
          {item.panel}
        </TabPanel>
      ))}
    </AriaTabs>
  )
}
