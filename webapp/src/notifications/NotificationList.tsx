// The notifications as a list, used by the notifications dialog and the settings view. Titles and
// descriptions are React text (never HTML); links are resolved by notificationLinkHref and open
// the product site in a new tab, as the spec asks for a site link shown outside the site.
import { isNotificationUnread } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { formatDate } from '../lib/format-date'
import { SITE_URL } from '../prompts/prompt-links'
import {
  notificationAvatarSource,
  notificationLinkHref,
  type FeedNotification,
} from './notification-feed'
import { useNotifications } from './NotificationsProvider'
import './notifications.css'

/**
 * The list, marking as new what was unread when it was opened; opening it records the time
 * (once, on mount), so the bell's badge clears while the list still shows what was new.
 */
export function NotificationList() {
  const { notifications, lastOpenedAt, markOpened } = useNotifications()
  const [openedAfter] = useState(lastOpenedAt)
  useEffect(() => markOpened(), [markOpened])
  if (notifications.length === 0) {
    return (
      <p className="notifications-empty">
        No notifications yet. News and offers will show up here.
      </p>
    )
  }
  return (
    <ul className="notification-list">
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          isNew={isNotificationUnread(notification, openedAfter)}
        />
      ))}
    </ul>
  )
}

function NotificationItem({
  notification,
  isNew,
}: {
  notification: FeedNotification
  isNew: boolean
}) {
  const avatar = notificationAvatarSource(notification.avatar)
  const links = notification.ctaLinks
    .map((link) => ({ label: link.label, href: notificationLinkHref(link.url, SITE_URL) }))
    .filter((link): link is { label: string; href: string } => link.href !== undefined)
  return (
    <li className={isNew ? 'notification unread' : 'notification'}>
      {avatar !== undefined && <img className="notification-avatar" src={avatar} alt="" />}
      <div className="notification-body">
        <h3 className="notification-title">
          {isNew && <span className="notification-new">New: </span>}
          {notification.title}
        </h3>
        <p className="notification-date">
          <time dateTime={new Date(notification.createdAt).toISOString()}>
            {formatDate(notification.createdAt)}
          </time>
        </p>
        {notification.description !== undefined && <p>{notification.description}</p>}
        {links.length > 0 && (
          <p className="notification-links">
            {links.map((link) => (
              <a
                key={link.label + link.href}
                className="button"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.label}
              </a>
            ))}
          </p>
        )}
      </div>
    </li>
  )
}
