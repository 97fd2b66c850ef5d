// The header of every web app page (skip link, brand, main navigation) and the search shortcuts,
// shared by the app's layout and by the first screen shown while the library opens, so that the
// page does not shift when one replaces the other. On narrow screens it is one compact row: the
// brand, the status controls, and a menu holding the links and the account's destinations
// (docs/adr/040-mobile-layout.md); the wide header's links are hidden there, not duplicated.
import { Link } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { useAiChatEnabled } from '../ai-chat/use-ai-chat-enabled'
import { isEditableTarget, isSearchShortcut } from '../lib/keyboard'
import { HeaderMenu } from './HeaderMenu'
import type { useDialog } from './use-dialog'
import './shell.css'

type OpenDialog = ReturnType<typeof useDialog>['openDialog']

/** Opens the search dialog on Ctrl+K or / anywhere on the page (not while typing). */
export function useSearchShortcut(openDialog: OpenDialog): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inEditable: isEditableTarget(event.target),
      }
      if (!event.defaultPrevented && isSearchShortcut(shortcut)) {
        event.preventDefault()
        openDialog('search')
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [openDialog])
}

/**
 * The skip link and the header; `status` are the status controls (sync, notifications) kept in
 * the row at every width, `account` the account corner (in the menu on narrow screens).
 */
export function AppHeader({
  onOpenDialog,
  status,
  account,
}: {
  onOpenDialog: OpenDialog
  status?: ReactNode
  account: ReactNode
}) {
  const chatEnabled = useAiChatEnabled()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          Inkmark
        </Link>
        <nav aria-label="Main" className="header-wide">
          <ul className="nav-list">
            <li>
              <Link to="/" activeOptions={{ exact: true, includeSearch: false }}>
                Dashboard
              </Link>
            </li>
            <li>
              <Link to="/learning">Learning</Link>
            </li>
            <li>
              <Link to="/sharing">Sharing</Link>
            </li>
            <li>
              <Link to="/discover">Discover</Link>
            </li>
            {chatEnabled && (
              <li>
                <Link to="/ask">Ask your library</Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className="nav-button"
                onClick={() => onOpenDialog('add-content')}
              >
                Add content
              </button>
            </li>
            <li>
              <button
                type="button"
                className="nav-button"
                aria-keyshortcuts="Control+K /"
                onClick={() => onOpenDialog('search')}
              >
                Search <kbd>Ctrl K</kbd>
              </button>
            </li>
            <li>
              <Link to="/settings">Settings</Link>
            </li>
          </ul>
        </nav>
        <div className="header-status">{status}</div>
        <div className="header-account">{account}</div>
        <div className="header-narrow">
          <HeaderMenu onOpenDialog={onOpenDialog} chatEnabled={chatEnabled} />
        </div>
      </header>
    </>
  )
}
