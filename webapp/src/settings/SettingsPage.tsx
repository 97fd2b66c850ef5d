// The /settings page: the spec's views in order as a navigation list (each a link, so a view can
// be bookmarked and Back works) and the chosen view under its label as the page's one heading.
// The import dialog (`?dialog=import`) is the app layout's, like every dialog.
import { SETTINGS_VIEWS, settingsViewLabel, type SettingsView } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { AccountView } from '../account/AccountView'
import { BillingView } from '../billing/BillingView'
import { IntegrationsView } from '../integrations/IntegrationsView'
import { BackupView } from './BackupView'
import { DocumentsView } from './DocumentsView'
import { GeneralSettingsView } from './GeneralSettingsView'
import { NotificationsView } from './NotificationsView'
import './settings.css'

/** The settings page showing `view`. */
export function SettingsPage({ view }: { view: SettingsView }) {
  return (
    <div className="settings-page">
      <nav aria-label="Settings views" className="settings-nav">
        <ul>
          {SETTINGS_VIEWS.map((item) => (
            <li key={item}>
              <Link
                to="/settings"
                search={{ view: item }}
                aria-current={item === view ? 'page' : undefined}
              >
                {settingsViewLabel(item)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="settings-view" aria-labelledby="settings-view-heading">
        <h1 id="settings-view-heading" className="settings-view-title">
          {settingsViewLabel(view)}
        </h1>
        <SettingsViewContent view={view} />
      </section>
    </div>
  )
}

function SettingsViewContent({ view }: { view: SettingsView }) {
  switch (view) {
    case 'account':
      return <AccountView />
    case 'billing':
      return <BillingView />
    case 'settings':
      return <GeneralSettingsView />
    case 'backup':
      return <BackupView />
    case 'documents':
      return <DocumentsView />
    case 'notifications':
      return <NotificationsView />
    case 'integrations':
      return <IntegrationsView />
  }
}
