// The settings views whose features have not landed in the web app yet say so plainly, rather
// than showing controls that do nothing.
import { settingsViewLabel, type SettingsView } from '@inkmark/shared'

const NOT_YET: Partial<Record<SettingsView, string>> = {
  integrations: 'Integrations (Notion, Capacities) are not available here yet.',
}

/** A view that is not built yet. */
export function PlaceholderView({ view }: { view: SettingsView }) {
  return (
    <div className="settings-sections">
      <p>{NOT_YET[view] ?? `${settingsViewLabel(view)} is not available yet.`}</p>
    </div>
  )
}
