// The page detail's Export button: a menu of the services a page can be exported to.
import { Button, Menu, MenuItem, MenuTrigger } from '@inkmark/design'
import type { IntegrationService } from './integration-settings'

/** The Export menu button; `onExport` starts the export (or leads to Integrations). */
export function ExportMenu({ onExport }: { onExport: (service: IntegrationService) => void }) {
  return (
    <MenuTrigger>
      <Button variant="secondary">Export</Button>
      <Menu placement="bottom end" aria-label="Export to">
        <MenuItem id="export-notion" onAction={() => onExport('notion')}>
          Export to Notion
        </MenuItem>
        <MenuItem id="export-capacities" onAction={() => onExport('capacities')}>
          Export to Capacities
        </MenuItem>
      </Menu>
    </MenuTrigger>
  )
}
