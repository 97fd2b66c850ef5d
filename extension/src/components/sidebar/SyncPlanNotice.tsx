// The sidebar's word on sync when the relay refuses it for the plan (PREMIUM_REQUIRED): the same
// sentence as the popup's, and "Upgrade", which opens the web app's pricing page in a new tab.
// Nothing is shown in any other state: the popup is where sync is looked after.
import { Button } from '@inkmark/design'
import { APP_PRICING_URL } from '../../pages/app-url'
import { useSyncStatus } from '../../pages/session-client'
import { PREMIUM_REQUIRED_TEXT } from '../popup/popup-words'

export function SyncPlanNotice() {
  const [state] = useSyncStatus()
  if (state.kind !== 'ready' || state.status.state !== 'PREMIUM_REQUIRED') {
    return null
  }
  return (
    <section className="sync-plan-notice" aria-label="Sync" data-testid="sidebar-premium-required">
      <p>{PREMIUM_REQUIRED_TEXT}</p>
      <Button
        variant="primary"
        size="sm"
        onPress={() => void chrome.tabs.create({ url: APP_PRICING_URL })}
      >
        Upgrade
      </Button>
    </section>
  )
}
