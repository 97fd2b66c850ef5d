// The settings views whose features have not landed in the web app yet say so plainly, rather
// than showing controls that do nothing.
import { settingsViewLabel, type SettingsView } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useSession } from '../account/SessionProvider'

const NOT_YET: Partial<Record<SettingsView, string>> = {
  account: 'Account details are not available here yet.',
  billing: 'Plans and billing are not available here yet.',
  integrations: 'Integrations (Notion, Capacities) are not available here yet.',
}

/** A view that is not built yet. */
export function PlaceholderView({ view }: { view: SettingsView }) {
  const { session } = useSession()
  return (
    <div className="settings-sections">
      <p>{NOT_YET[view] ?? `${settingsViewLabel(view)} is not available yet.`}</p>
      {view === 'account' && session !== null && (
        <p>{signedInText(session.email, session.planName)}</p>
      )}
      {view === 'account' && session === null && (
        <p>
          <Link to="/login">Log in</Link> to sync your library between devices.
        </p>
      )}
    </div>
  )
}

function signedInText(email: string | undefined, planName: string): string {
  return `Signed in${email === undefined ? '' : ` as ${email}`} (${planName}).`
}
