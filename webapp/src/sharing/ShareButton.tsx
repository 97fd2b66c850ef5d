// The button that opens a page's share dialog (the page detail's "Share", /sharing's "Manage"). A
// plan without sharing opens the upgrade-needed dialog instead, unless the page is shared already:
// stopping is always allowed, so then the dialog opens and offers Stop sharing only. No account, no
// relay or no connection open the dialog, which says so and offers sign-in where that helps.
import { Button } from '@inkmark/design'
import type { Bookmark, Mark } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { RELAY_URL } from '../account/relay-url'
import { useUpgradeNeeded } from '../billing/UpgradeNeededProvider'
import { opensUpgrade, shareBlocker, type ShareBlocker } from './share-dialog-model'
import { ShareDialog } from './ShareDialog'

/** Whether the browser says it is online, kept current. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}

/** Why sharing cannot start in this browser now, or undefined. */
export function useShareBlocker(): ShareBlocker | undefined {
  const { session } = useSession()
  const online = useOnline()
  return shareBlocker({ relayConfigured: RELAY_URL !== '', plan: session?.plan, online })
}

/** Opens `bookmark`'s share dialog unless the plan refuses sharing a private page (then upgrade). */
export function useShareGate(): {
  blocker: ShareBlocker | undefined
  open: (bookmark: Bookmark, show: () => void) => void
} {
  const blocker = useShareBlocker()
  const { showUpgradeNeeded } = useUpgradeNeeded()
  return {
    blocker,
    open: (bookmark, show) =>
      opensUpgrade(blocker, bookmark) ? showUpgradeNeeded('share') : show(),
  }
}

/** A button (`label`, named `accessibleName`) opening the share dialog of `bookmark`. */
export function ShareButton({
  bookmark,
  marks,
  label,
  accessibleName,
}: {
  bookmark: Bookmark
  marks: readonly Mark[]
  label: string
  accessibleName?: string
}) {
  const [open, setOpen] = useState(false)
  const gate = useShareGate()
  return (
    <>
      <Button
        variant="secondary"
        {...(accessibleName === undefined ? {} : { 'aria-label': accessibleName })}
        onPress={() => gate.open(bookmark, () => setOpen(true))}
      >
        {label}
      </Button>
      {open && (
        <ShareDialog
          bookmark={bookmark}
          marks={marks}
          blocker={gate.blocker}
          isOpen
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
