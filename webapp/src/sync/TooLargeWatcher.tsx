// Keeps the too-large review in step for the app shell: on every library change it releases what
// changed since it was set aside (so the next sync tries it again), and when sync sets something
// aside it shows the spec's error toast ('Content is too large to sync. Click to review.', 10 s)
// whose Review button opens the list in the Backup settings.
import { LONG_TOAST_DURATION_MS, Message } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useToast } from '../components/Toasts'
import { useLibraryVersion, useLocalStore } from '../library/LibraryProvider'
import { useSync } from './SyncProvider'
import { releaseChangedTooLarge, undecidedTooLargeCount } from './too-large'
import './sync-notices.css'

/** The id of the too-large toast (a repeat replaces it instead of stacking). */
export const TOO_LARGE_TOAST_ID = 'too-large-to-sync'
/** The id of the too-large section of the Backup settings view. */
export const TOO_LARGE_SECTION_ID = 'too-large-to-sync'

/** Renders nothing; watches the library and sync's notices. */
export function TooLargeWatcher() {
  const store = useLocalStore()
  const version = useLibraryVersion()
  const { tooLargeNotices } = useSync()
  const { showToast } = useToast()
  const navigate = useNavigate()

  useEffect(() => {
    releaseChangedTooLarge(store)
  }, [store, version])

  useEffect(() => {
    if (tooLargeNotices === 0) {
      return
    }
    releaseChangedTooLarge(store)
    if (undecidedTooLargeCount(store) === 0) {
      return
    }
    showToast({
      id: TOO_LARGE_TOAST_ID,
      kind: 'error',
      message: Message.TOO_LARGE_TO_SYNC,
      durationMs: LONG_TOAST_DURATION_MS,
      action: {
        label: 'Review',
        onClick: () =>
          void navigate({
            to: '/settings',
            search: { view: 'backup' },
            hash: TOO_LARGE_SECTION_ID,
          } as never),
      },
    })
  }, [store, tooLargeNotices, showToast, navigate])
  return null
}
