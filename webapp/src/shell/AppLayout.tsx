// The frame of every web app page: a skip link, the main navigation (Dashboard, Learning, Add
// content, Search, Settings), the notifications bell, the page itself, whichever dialog the URL names and
// the prompts (bookmark-count, backup-or-sync), the long work's progress dialogs and the learning
// reminder's schedule. The search shortcuts (Ctrl+K and /) are listened for here so that
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
import { CreateBookmarkDialog } from '../dialogs/CreateBookmarkDialog'
import { DateTimePickerDialog } from '../dialogs/DateTimePickerDialog'
import { ImageViewerDialog } from '../dialogs/ImageViewerDialog'
import { PageContentPreviewDialog } from '../dialogs/PageContentPreviewDialog'
import { ProgressDialog, ProgressProvider } from '../dialogs/ProgressDialogs'
import { SettingsDialog } from '../dialogs/SettingsDialog'
import { LearningReminderScheduler } from '../learning/LearningReminderScheduler'
import { AppHeader, useSearchShortcut } from './AppHeader'
import { useDialog } from './use-dialog'

/** The layout of the root route. */
export function AppLayout() {
  const { dialog, bookmark, mark, contentType, openDialog, closeDialog } = useDialog()

  useSearchShortcut(openDialog)

  return (
    <NotificationsProvider>
      <ProgressProvider>
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
          {dialog === 'image-viewer' && mark !== undefined && (
            <ImageViewerDialog markId={mark} onClose={closeDialog} />
          )}
          {dialog === 'create-bookmark' && <CreateBookmarkDialog onClose={closeDialog} />}
          {dialog === 'page-content-preview' && bookmark !== undefined && (
            <PageContentPreviewDialog bookmarkId={bookmark} onClose={closeDialog} />
          )}
          {(dialog === 'loading' || dialog === 'youtube-loading') && (
            <ProgressDialog name={dialog} onClose={closeDialog} />
          )}
          {dialog === 'datetimepicker' && <DateTimePickerDialog onClose={closeDialog} />}
          {dialog === 'settings' && <SettingsDialog onClose={closeDialog} />}
          <UserPromptHost />
          <LearningReminderScheduler />
          <TooLargeWatcher />
        </div>
      </ProgressProvider>
    </NotificationsProvider>
  )
}
