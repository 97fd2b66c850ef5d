// The frame of every web app page: a skip link, the main navigation (Dashboard, Add content,
// Search, Settings), the notifications bell, the page itself, whichever dialog the URL names and
// the bookmark-count prompts. The search shortcuts (Ctrl+K and /) are listened for here so that
// they work on every page.
import { Link, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AccountMenu } from '../account/AccountMenu'
import { AddContentDialog } from '../content/AddContentDialog'
import { DEFAULT_ADD_CONTENT_TYPE } from '../content/add-content-type'
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice'
import { isEditableTarget, isSearchShortcut } from '../lib/keyboard'
import { NotificationBell } from '../notifications/NotificationBell'
import { NotificationsDialog } from '../notifications/NotificationsDialog'
import { NotificationsProvider } from '../notifications/NotificationsProvider'
import { BookmarkDetailsDialog } from '../page-detail/BookmarkDetailsDialog'
import { UserPromptHost } from '../prompts/UserPromptHost'
import { SearchDialog } from '../search/SearchDialog'
import { SyncIndicator } from '../sync/SyncIndicator'
import { TooLargeWatcher } from '../sync/TooLargeWatcher'
import { ImportDialog } from '../transfer/ImportDialog'
import { useDialog } from './use-dialog'

/** The layout of the root route. */
export function AppLayout() {
  const { dialog, bookmark, contentType, openDialog, closeDialog } = useDialog()

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

  return (
    <NotificationsProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="app-header">
          <Link to="/" className="brand">
            Inkmark
          </Link>
          <nav aria-label="Main">
            <ul className="nav-list">
              <li>
                <Link to="/" activeOptions={{ exact: true, includeSearch: false }}>
                  Dashboard
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className="nav-button"
                  onClick={() => openDialog('add-content')}
                >
                  Add content
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="nav-button"
                  aria-keyshortcuts="Control+K /"
                  onClick={() => openDialog('search')}
                >
                  Search <kbd>Ctrl K</kbd>
                </button>
              </li>
              <li>
                <Link to="/settings">Settings</Link>
              </li>
            </ul>
          </nav>
          <SyncIndicator />
          <NotificationBell />
          <AccountMenu />
        </header>
        <ConfirmEmailNotice />
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
        {dialog === 'search' && <SearchDialog onClose={closeDialog} />}
        {dialog === 'bookmark-details' && bookmark !== undefined && (
          <BookmarkDetailsDialog bookmarkId={bookmark} onClose={closeDialog} />
        )}
        {dialog === 'notifications-list' && <NotificationsDialog onClose={closeDialog} />}
        {dialog === 'add-content' && (
          <AddContentDialog
            contentType={contentType ?? DEFAULT_ADD_CONTENT_TYPE}
            onSelectType={(type) =>
              // Switching tabs replaces the history entry: Back closes the dialog.
              openDialog('add-content', { contentType: type }, { replace: true })
            }
            onImport={() => openDialog('import')}
            onClose={closeDialog}
          />
        )}
        {dialog === 'import' && <ImportDialog onClose={closeDialog} />}
        <UserPromptHost />
        <TooLargeWatcher />
      </div>
    </NotificationsProvider>
  )
}
