import { createFileRoute } from '@tanstack/react-router'
import { SettingsPage } from '../settings/SettingsPage'
import { parseSettingsSearch, settingsViewOf } from '../settings/settings-search'

export const Route = createFileRoute('/settings')({
  validateSearch: parseSettingsSearch,
  component: SettingsRoute,
})

function SettingsRoute() {
  return <SettingsPage view={settingsViewOf(Route.useSearch())} />
}
