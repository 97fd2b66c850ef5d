// Decides which prompt is due and shows it 250 ms later: the backup-or-sync prompt by the spec's
// pending-count rule (dueBackupPromptId: before the others, as it is about the person's data), and
// the bookmark-count prompts by the shared rule (nextUserPrompt). A prompt only starts on the
// dashboard while no other dialog is open, so it never interrupts settings, an import or a dialog
// the person opened, and not for a day after a large import (import-quiet.ts). Showing a prompt
// stores what keeps it from showing again (its flag or step id in the synced settings, this
// device's last-shown time): each shows once, a bookmark-count prompt one a day at most. The
// auto-download question is asked by create-bookmark (auto-download-rule.ts); like every prompt it
// also opens by its name.
import {
  PROMPT_DELAY_MS,
  dueBackupPromptId,
  nextUserPrompt,
  type UserPrompt,
} from '@inkmark/shared'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { AutoDownloadPromptDialog, BackupOrSyncPromptDialog } from './DataPromptDialogs'
import { LAST_LARGE_IMPORT_KEY, isQuietAfterImport } from './import-quiet'
import { PromptDialog } from './PromptDialogs'
import {
  LAST_PROMPT_SHOWN_KEY,
  promptOfDialog,
  promptShownChanges,
  toPromptState,
} from './prompt-state'
import { usePendingCount } from './use-pending-count'

/** The backup steps remembered at most (the oldest are forgotten first). */
const MAX_DISMISSED_BACKUP_STEPS = 50

/** The dismissed backup steps with `id` added, the oldest dropped past the cap. */
export function withDismissedStep(
  dismissed: readonly (string | number)[],
  id: string,
): (string | number)[] {
  return [...dismissed.filter((step) => String(step) !== id), id].slice(-MAX_DISMISSED_BACKUP_STEPS)
}

/** A prompt the host shows by its rule. */
type ShownPrompt = { kind: 'count'; prompt: UserPrompt } | { kind: 'backup'; id: string }

/** Shows the prompt that is due, if any. */
export function UserPromptHost() {
  const store = useLocalStore()
  const { session } = useSession()
  const { dialog, closeDialog } = useDialog()
  const onDashboard = useLocation({ select: (location) => location.pathname === '/' })
  const bookmarkCount = useLibraryQuery((library) => library.getAllBookmarks().length, [])
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const pendingCount = usePendingCount()
  // A device value: not part of the library doc, so it is read once and followed here.
  const [lastShownAt, setLastShownAt] = useState<unknown>(() =>
    store.device.getValue(LAST_PROMPT_SHOWN_KEY),
  )
  const [shown, setShown] = useState<ShownPrompt | null>(null)

  const renderedAt = Date.now()
  const quiet = isQuietAfterImport(store.device.getValue(LAST_LARGE_IMPORT_KEY), renderedAt)
  const free = shown === null && dialog === undefined && onDashboard && !quiet
  const backupId =
    free && pendingCount !== undefined
      ? dueBackupPromptId({
          pendingCount,
          interval: settings.backupDialogPromptInterval,
          showBackupDialogPrompt: settings.showBackupDialogPrompt,
          dismissedBackupPromptIds: settings.dismissedBackupPromptIds,
        })
      : null
  const countPrompt =
    free && backupId === null
      ? nextUserPrompt(
          toPromptState(bookmarkCount, settings, session?.plan, lastShownAt),
          renderedAt,
        )
      : null
  const due: ShownPrompt | null =
    backupId !== null
      ? { kind: 'backup', id: backupId }
      : countPrompt !== null
        ? { kind: 'count', prompt: countPrompt }
        : null
  const dueKey = due === null ? null : due.kind === 'count' ? due.prompt : `backup:${due.id}`

  useEffect(() => {
    if (due === null) {
      return
    }
    const timer = window.setTimeout(() => {
      setShown(due)
      if (due.kind === 'count') {
        const now = Date.now()
        store.device.setValue(LAST_PROMPT_SHOWN_KEY, now)
        setLastShownAt(now)
        void store.updateChromeSettings(promptShownChanges(due.prompt))
      } else if (due.kind === 'backup') {
        // Each step of the rule shows once: its id is stored as dismissed as it appears.
        void store.updateChromeSettings({
          dismissedBackupPromptIds: withDismissedStep(
            store.getChromeSettings().dismissedBackupPromptIds,
            due.id,
          ),
        })
      }
    }, PROMPT_DELAY_MS)
    return () => window.clearTimeout(timer)
    // `due` is rebuilt each render; its key says when it changed.
  }, [dueKey, store])

  if (dialog === 'backup-or-sync-prompt') {
    return <BackupOrSyncPromptDialog onClose={closeDialog} />
  }
  if (dialog === 'auto-download-prompt') {
    return <AutoDownloadPromptDialog onClose={closeDialog} />
  }
  const linked = promptOfDialog(dialog)
  if (linked !== undefined) {
    // Opened by its URL (a link or Back): shown as asked, without touching the sequence.
    return <PromptDialog prompt={linked} onClose={closeDialog} />
  }
  if (shown === null) {
    return null
  }
  const close = () => setShown(null)
  switch (shown.kind) {
    case 'backup':
      return <BackupOrSyncPromptDialog onClose={close} />
    case 'count':
      return <PromptDialog prompt={shown.prompt} onClose={close} />
  }
}
