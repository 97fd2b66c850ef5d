// The Notifications settings view: the same list as the notifications dialog (opening either one
// reads what it shows).
import { NotificationList } from '../notifications/NotificationList'

/** The Notifications view. */
export function NotificationsView() {
  return (
    <div className="settings-sections">
      <NotificationList />
    </div>
  )
}
