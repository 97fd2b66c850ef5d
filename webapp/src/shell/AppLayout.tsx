// The frame of every web app page: a skip link, the main navigation (Dashboard, Learning, Add
// content, Search, Settings), the notifications bell, the page itself, whichever dialog the URL names and
// the bookmark-count prompts. The search shortcuts (Ctrl+K and /) are listened for here so that
// they work on every page.
import { Outlet } from '@tanstack/react-router'
import { AccountMenu } from '../account/AccountMenu'
import { AddContentDialog } from '../content/AddContentDialog'
import { DEFAULT_ADD_CONTENT_TYPE } from '../content/add-content-type'
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice'
import { BlackFridayBanner } from '../billing/BlackFridayBanner'
import { PricingDialog } from '../billing/PricingDialog'
import { LearningProgressDialog, LearningReminderDialog } from '../learning/LearningDialogs'
import { NotificationBell } from '../notifications/NotificationBell'
import { NotificationsDialog } from '../notifications/NotificationsDialog'
import { NotificationsProvider } from '../notifications/NotificationsProvider'
import { DiscoverFeedInfoDialog } from '../discover/DiscoverFeedInfoDialog'
import { BookmarkDetailsDialog } from '../page-detail/BookmarkDetailsDialog'
import { UserPromptHost } from '../prompts/UserPromptHost'
import { SearchDialog } from '../search/SearchDialog'
import { SyncIndicator } from '../sync/SyncIndicator'
import { TooLargeWatcher } from '../sync/TooLargeWatcher'
import { ImportDialog } from '../transfer/ImportDialog'
import { AppHeader, useSearchShortcut } from './AppHeader'
import { useDialog } from './use-dialog'

/** The layout of the root route. */
export function AppLayout() {
  const { dialog, bookmark, contentType, openDialog, closeDialog } = useDialog()

  useSearchShortcut(openDialog)

  return (
    <NotificationsProvider>
      <div className="app">
        <AppHeader
          onOpenDialog={openDialog}
          status={
            <>
              <SyncIndicator />
              <NotificationBell />
            </>
          }
          account={<AccountMenu />}
        />
        <ConfirmEmailNotice />
        <BlackFridayBanner />
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
        {dialog === 'pricing' && <PricingDialog onClose={closeDialog} />}
        {dialog === 'learning-dashboard' && <LearningProgressDialog onClose={closeDialog} />}
        {dialog === 'learning-reminder' && <LearningReminderDialog onClose={closeDialog} />}
        {dialog === 'discover-feed-info' && <DiscoverFeedInfoDialog onClose={closeDialog} />}
        <UserPromptHost />
        <TooLargeWatcher />
      </div>
    </NotificationsProvider>
  )
}
