// The Integrations settings view: one card per service (Notion, Capacities). The exports run
// through Inkmark's misc server with the signed-in account, so the view first says when there is
// no misc server in this build, or no account, and what to do about it (ADR 067).
import { Button } from '@inkmark/design'
import { useSession } from '../account/SessionProvider'
import { useOpenSignIn } from '../account/open-sign-in'
import { MISC_ADDRESS } from '../misc/misc-client'
import { CapacitiesCard } from './CapacitiesCard'
import { NotionCard } from './NotionCard'
import './integrations.css'

/** The Integrations view. */
export function IntegrationsView() {
  const { session } = useSession()
  const openSignIn = useOpenSignIn()
  if (MISC_ADDRESS === undefined) {
    return (
      <div className="settings-sections">
        <p>
          This Inkmark server has no integrations service, so exporting to Notion or Capacities is
          not possible here.
        </p>
      </div>
    )
  }
  if (!session) {
    return (
      <div className="settings-sections">
        <p>
          Exports to Notion and Capacities run through Inkmark&apos;s server with your account. Sign
          in to connect them.
        </p>
        <p>
          <Button variant="primary" onPress={() => openSignIn()}>
            Sign in
          </Button>
        </p>
      </div>
    )
  }
  return (
    <div className="settings-sections integrations">
      <p>
        Connections are kept on this device only: each device connects on its own. Where exports go
        is kept with your settings.
      </p>
      <NotionCard />
      <CapacitiesCard />
    </div>
  )
}
