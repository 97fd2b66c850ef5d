import { SETTINGS_VIEWS, settingsViewLabel } from '@inkmark/shared'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/settings')({
  component: SettingsPlaceholder,
})

// A placeholder until the settings views (issue 7's later part) land here.
function SettingsPlaceholder() {
  return (
    <div className="notice">
      <h1>Settings</h1>
      <p>Settings are not available yet. They will have these views:</p>
      <ul>
        {SETTINGS_VIEWS.map((view) => (
          <li key={view}>{settingsViewLabel(view)}</li>
        ))}
      </ul>
    </div>
  )
}
