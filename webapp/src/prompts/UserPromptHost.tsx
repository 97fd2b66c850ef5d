// Decides, with the shared rule (nextUserPrompt), whether a bookmark-count prompt is due and shows
// it 250 ms later. A prompt only starts on the dashboard while no other dialog is open, so it never
// interrupts settings, an import or a dialog the person opened, and not for a day after a large
// import (import-quiet.ts). Showing it stores its flag (synced settings) and this device's
// last-shown time at once: each prompt shows once, one a day at most.
import { PROMPT_DELAY_MS, nextUserPrompt, type UserPrompt } from '@inkmark/shared'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { LAST_LARGE_IMPORT_KEY, isQuietAfterImport } from './import-quiet'
import { PromptDialog } from './PromptDialogs'
import {
  LAST_PROMPT_SHOWN_KEY,
  promptOfDialog,
  promptShownChanges,
  toPromptState,
} from './prompt-state'

/** Shows the prompt that is due, if any. */
export function UserPromptHost() {
  const store = useLocalStore()
  const { session } = useSession()
  const { dialog, closeDialog } = useDialog()
  const onDashboard = useLocation({ select: (location) => location.pathname === '/' })
  const bookmarkCount = useLibraryQuery((library) => library.getAllBookmarks().length, [])
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  // A device value: not part of the library doc, so it is read once and followed here.
  const [lastShownAt, setLastShownAt] = useState<unknown>(() =>
    store.device.getValue(LAST_PROMPT_SHOWN_KEY),
  )
  const [shown, setShown] = useState<UserPrompt | null>(null)

  const renderedAt = Date.now()
  const quiet = isQuietAfterImport(store.device.getValue(LAST_LARGE_IMPORT_KEY), renderedAt)
  const due =
    shown === null && onDashboard && dialog === undefined && !quiet
      ? nextUserPrompt(
          toPromptState(bookmarkCount, settings, session?.plan, lastShownAt),
          renderedAt,
        )
      : null

  useEffect(() => {
    if (due === null) {
      return
    }
    const timer = window.setTimeout(() => {
      const now = Date.now()
      store.device.setValue(LAST_PROMPT_SHOWN_KEY, now)
      setLastShownAt(now)
      setShown(due)
      void store.updateChromeSettings(promptShownChanges(due))
    }, PROMPT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [due, store])

  const linked = promptOfDialog(dialog)
  if (linked !== undefined) {
    // Opened by its URL (a link or Back): shown as asked, without touching the sequence.
    return <PromptDialog prompt={linked} onClose={closeDialog} />
  }
  if (shown === null) {
    return null
  }
  return <PromptDialog prompt={shown} onClose={() => setShown(null)} />
}
