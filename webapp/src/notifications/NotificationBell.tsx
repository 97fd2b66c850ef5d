// The bell in the app header: opens the notifications-list dialog and shows how many are unread.
import { useDialog } from '../shell/use-dialog'
import { useNotifications } from './NotificationsProvider'
import './notifications.css'

/** The header's notifications button. */
export function NotificationBell() {
  const { unreadCount } = useNotifications()
  const { openDialog } = useDialog()
  const label = unreadCount === 0 ? 'Notifications' : `Notifications, ${unreadCount} unread`
  return (
    <button
      type="button"
      className="nav-button notification-bell"
      aria-label={label}
      onClick={() => openDialog('notifications-list')}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {unreadCount > 0 && (
        <span className="notification-badge" aria-hidden="true" data-testid="unread-badge">
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      )}
    </button>
  )
}
