// The share dialog's one flow for every change (share, save, reset link, stop sharing): write the
// entities through the store, run a sync and wait for it, then ask the relay whether the public
// page answers as it should (200 when sharing, 404 when not). Progress and the outcome are the
// dialog's status line; a plan the relay refuses for sharing opens the upgrade-needed dialog. Stopping
// is never refused here: with sync refused for the plan, the relay is still asked whether the public
// page is gone (it publishes nothing without canShare, ADR 057).
import { Message, ObjectStore, isSharedPermission, type Bookmark, type Mark } from '@inkmark/shared'
import { useCallback, useState } from 'react'
import { useUpgradeNeeded } from '../billing/UpgradeNeededProvider'
import { useLocalStore } from '../library/LibraryProvider'
import { useSync } from '../sync/SyncProvider'
import {
  confirmPublication,
  outcomeOfSync,
  outcomeText,
  type PublishOutcome,
} from './confirm-publication'
import { isPublished } from './sharing-api'

/** The status line: progress while `busy`, else the last outcome. */
export interface PublishStatus {
  busy: boolean
  text: string
  tone: 'info' | 'success' | 'warning'
}

/** Publishes a change and says how it went. */
export function useSharePublisher(): {
  status: PublishStatus | undefined
  publish: (entities: { bookmark: Bookmark; marks: Mark[] }) => Promise<PublishOutcome | undefined>
} {
  const store = useLocalStore()
  const { syncAndWait } = useSync()
  const { showUpgradeNeeded } = useUpgradeNeeded()
  const [status, setStatus] = useState<PublishStatus>()

  const publish = useCallback(
    async ({
      bookmark,
      marks,
    }: {
      bookmark: Bookmark
      marks: Mark[]
    }): Promise<PublishOutcome | undefined> => {
      const sharing = isSharedPermission(bookmark.permission)
      setStatus({
        busy: true,
        text: sharing ? 'Publishing…' : 'Removing the public page…',
        tone: 'info',
      })
      try {
        const { rejected } = await store.createOrUpdateEntities([
          { ...bookmark, _objectStore: ObjectStore.BOOKMARKS },
          ...marks.map((mark) => ({ ...mark, _objectStore: ObjectStore.MARKS })),
        ])
        if (rejected.length > 0) {
          setStatus({ busy: false, text: rejected[0]!.message, tone: 'warning' })
          return undefined
        }
        const shareId = bookmark.shareId
        const confirm = () =>
          shareId === undefined
            ? Promise.resolve<PublishOutcome>('confirmed')
            : confirmPublication(() => isPublished(shareId), sharing)
        let outcome = outcomeOfSync(await syncAndWait()) ?? (await confirm())
        if (outcome === 'plan' && !sharing && (await confirm()) === 'confirmed') {
          outcome = 'plan-gone'
        }
        if (outcome === 'plan' && sharing) {
          showUpgradeNeeded('share')
        }
        setStatus({
          busy: false,
          text: outcomeText(outcome, sharing),
          tone: outcome === 'confirmed' || outcome === 'plan-gone' ? 'success' : 'warning',
        })
        return outcome
      } catch {
        setStatus({ busy: false, text: Message.GENERIC_ERROR, tone: 'warning' })
        return undefined
      }
    },
    [store, syncAndWait, showUpgradeNeeded],
  )
  return { status, publish }
}
