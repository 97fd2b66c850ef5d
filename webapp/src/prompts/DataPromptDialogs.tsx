// The two prompts about the person's data: backup-or-sync (changes that live only in this browser
// reached the spec's count: download a backup file, or sign in and sync) and auto-download (save
// the text of pages automatically?). Both are shown by UserPromptHost by their rules, or opened by
// name. Every action is real: the backup is the Backup view's file, sync is the running sync.
import { Button } from '@inkmark/design'
import { BACKUP_DOWNLOAD_DELAY_MS, Message, countLabel } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { ModalDialog } from '../components/ModalDialog'
import { useProgress } from '../dialogs/ProgressDialogs'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { recordProductEvent } from '../settings/usage-counts'
import { useDialog } from '../shell/use-dialog'
import { useSync } from '../sync/SyncProvider'
import { downloadFile } from '../transfer/download'
import { usePendingCount } from './use-pending-count'
import './prompts.css'

/** The backup-or-sync prompt. */
export function BackupOrSyncPromptDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const store = useLocalStore()
  const { session } = useSession()
  const sync = useSync()
  const { openDialog } = useDialog()
  const { start } = useProgress()
  const pending = usePendingCount()
  const [failure, setFailure] = useState('')

  async function downloadBackup() {
    setFailure('')
    const done = start({
      dialog: 'loading',
      title: 'Preparing your backup',
      detail: 'Collecting your pages, highlights and settings…',
    })
    try {
      const { fileName, file } = await store.getBackupData()
      const text = JSON.stringify(file)
      // The spec starts the download a moment after the click.
      window.setTimeout(
        () => downloadFile({ fileName, mimeType: 'application/json', text }),
        BACKUP_DOWNLOAD_DELAY_MS,
      )
      recordProductEvent('export_completed')
      done()
    } catch {
      done()
      setFailure(Message.GENERIC_ERROR)
    }
  }

  const changes = pending === undefined ? 'Your recent changes' : countLabel(pending, 'change')
  return (
    <ModalDialog labelledBy={titleId} className="prompt-dialog" onClose={onClose}>
      <h2 id={titleId}>Back up your library</h2>
      {session === null ? (
        <p>
          {changes} {pending === 1 ? 'is' : 'are'} saved only in this browser. Download a backup
          file to keep them safe, or sign in to sync your library to your account.
        </p>
      ) : sync.active && sync.state !== 'PREMIUM_REQUIRED' ? (
        <p>
          {changes} {pending === 1 ? 'waits' : 'wait'} to be synced to your account. Sync now, or
          download a backup file as well.
        </p>
      ) : (
        <p>
          {changes} {pending === 1 ? 'is' : 'are'} saved only in this browser: your plan does not
          include sync. Download a backup file to keep them safe, or upgrade to sync them.
        </p>
      )}
      {failure !== '' && (
        <p className="dialog-error" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog-actions">
        <Button
          onPress={() => {
            void store.updateChromeSettings({ showBackupDialogPrompt: false })
            onClose()
          }}
        >
          Don&apos;t remind me
        </Button>
        <Button onPress={() => void downloadBackup()}>Download backup</Button>
        {session === null ? (
          <Link to="/login" className="button primary" onClick={onClose}>
            Sign in to sync
          </Link>
        ) : sync.active && sync.state !== 'PREMIUM_REQUIRED' ? (
          <Button
            variant="primary"
            onPress={() => {
              sync.syncNow()
              onClose()
            }}
          >
            Sync now
          </Button>
        ) : (
          <Button variant="primary" onPress={() => openDialog('pricing')}>
            See plans
          </Button>
        )}
      </div>
    </ModalDialog>
  )
}

/** The auto-download prompt (closing it unanswered counts as no). */
export function AutoDownloadPromptDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const store = useLocalStore()
  const answered = useLibraryQuery(
    (library) => library.getChromeSettings().autoDownloadPageContent,
    [],
  )
  const answer = (value: boolean) => {
    void store.updateChromeSettings({ autoDownloadPageContent: value })
    onClose()
  }
  return (
    <ModalDialog
      labelledBy={titleId}
      className="prompt-dialog"
      onClose={() => {
        // Closing without an answer is a no, so the question is not asked again; an answer given
        // before (the prompt opened by its link) stays.
        if (answered === undefined) {
          void store.updateChromeSettings({ autoDownloadPageContent: false })
        }
        onClose()
      }}
    >
      <h2 id={titleId}>Save the text of your pages?</h2>
      <p>
        Inkmark can save the text of each page you highlight, so you can read it in the reader and
        search it even when the page changes or you are offline. Saved text uses storage space; you
        can change this in the settings at any time.
      </p>
      {answered !== undefined && (
        <p>Now: {answered ? 'the text of pages is saved' : 'the text of pages is not saved'}.</p>
      )}
      <div className="dialog-actions">
        <Button onPress={() => answer(false)}>No, thanks</Button>
        <Button variant="primary" onPress={() => answer(true)}>
          Save page text
        </Button>
      </div>
    </ModalDialog>
  )
}
