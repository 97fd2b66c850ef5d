// The Notifications settings view: the account's email switches, then the same list as the
// notifications dialog (opening either one reads what it shows).
import { EmailSettingsSection } from '../email-settings/EmailSettingsSection'
import { NotificationList } from '../notifications/NotificationList'

/** The Notifications view. */
export function NotificationsView() {
  return (
    <div className="settings-sections">
      <EmailSettingsSection />
      <NotificationList />
    </div>
  )
}
