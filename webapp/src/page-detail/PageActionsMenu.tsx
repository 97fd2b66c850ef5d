// The page's "More actions" menu (the design system's Menu, React Aria): open the original, copy
// its address, preview its saved text (the page-content-preview dialog), star or unstar, and export to Notion or Capacities (when the build has the misc
// server). Opened by keyboard or pointer; Escape closes it and the focus goes
// back to its button.
import { IconButton, Menu, MenuItem, MenuSection, MenuTrigger } from '@inkmark/design'
import type { Bookmark } from '@inkmark/shared'
import { useToast } from '../components/Toasts'
import type { IntegrationService } from '../integrations/integration-settings'
import { toWebUrl } from '../lib/safe-url'
import { useDialog } from '../shell/use-dialog'

/** Props of PageActionsMenu. */
export interface PageActionsMenuProps {
  bookmark: Bookmark
  onStar: (isStarred: boolean) => void
  /** Starts an export (absent: no export items). */
  onExport?: (service: IntegrationService) => void
}

/** A menu button with the page's secondary actions. */
export function PageActionsMenu({ bookmark, onStar, onExport }: PageActionsMenuProps) {
  const { showToast } = useToast()
  const webUrl = toWebUrl(bookmark.url)
  const { openDialog } = useDialog()

  function copyAddress() {
    navigator.clipboard
      .writeText(bookmark.url)
      .then(() => showToast({ message: 'Address copied', kind: 'success' }))
      .catch(() => showToast({ message: 'The address could not be copied', kind: 'error' }))
  }

  return (
    <MenuTrigger>
      <IconButton aria-label="More actions" variant="secondary">
        ⋯
      </IconButton>
      <Menu placement="bottom end">
        <MenuSection title="Page">
          {webUrl && (
            <MenuItem id="open" href={webUrl} target="_blank" rel="noopener noreferrer">
              Open the original
            </MenuItem>
          )}
          <MenuItem id="copy" onAction={copyAddress}>
            Copy address
          </MenuItem>
          <MenuItem
            id="preview-text"
            onAction={() => openDialog('page-content-preview', { bookmark: bookmark._id })}
          >
            Preview saved text
          </MenuItem>
          <MenuItem id="star" onAction={() => onStar(!bookmark.isStarred)}>
            {bookmark.isStarred ? 'Unsave page' : 'Save page'}
          </MenuItem>
        </MenuSection>
        {onExport !== undefined && (
          <MenuSection title="Export">
            <MenuItem id="export-notion" onAction={() => onExport('notion')}>
              Export to Notion
            </MenuItem>
            <MenuItem id="export-capacities" onAction={() => onExport('capacities')}>
              Export to Capacities
            </MenuItem>
          </MenuSection>
        )}
      </Menu>
    </MenuTrigger>
  )
}
