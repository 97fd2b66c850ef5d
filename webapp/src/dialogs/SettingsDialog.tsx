// The spec's settings dialog: the Settings view's seven views (the same components as /settings,
// imported as they are) as tabs in a dialog, so the settings can be changed without leaving the
// page. It opens on the spec's default view, settings; the full page is one link away.
import { Button } from '@inkmark/design'
import {
  DEFAULT_SETTINGS_VIEW,
  SETTINGS_VIEWS,
  settingsViewLabel,
  type SettingsView,
} from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { AccountView } from '../account/AccountView'
import { BillingView } from '../billing/BillingView'
import { Tabs } from '../components/Tabs'
import { IntegrationsView } from '../integrations/IntegrationsView'
import { ModalDialog } from '../components/ModalDialog'
import { BackupView } from '../settings/BackupView'
import { DocumentsView } from '../settings/DocumentsView'
import { GeneralSettingsView } from '../settings/GeneralSettingsView'
import { NotificationsView } from '../settings/NotificationsView'
import '../settings/settings.css'
import './dialogs.css'

function viewContent(view: SettingsView): ReactNode {
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

/** The settings dialog. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const [view, setView] = useState<SettingsView>(DEFAULT_SETTINGS_VIEW)
  return (
    <ModalDialog labelledBy={titleId} className="settings-dialog" onClose={onClose}>
      <div className="settings-dialog-heading">
        <h2 id={titleId}>Settings</h2>
        <Link to="/settings" search={{ view }}>
          Open as a page
        </Link>
      </div>
      <Tabs
        label="Settings views"
        selected={view}
        onSelect={(id) => setView(id as SettingsView)}
        tabs={SETTINGS_VIEWS.map((item) => ({
          id: item,
          label: settingsViewLabel(item),
          panel: <div className="settings-page settings-dialog-view">{viewContent(item)}</div>,
        }))}
      />
      <div className="dialog-actions">
        <Button variant="primary" onPress={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}
