// The notifications as the web app holds them: read from the relay's GET /notifications answer,
// each checked against the shared schema (a malformed one is dropped, the rest still show), kept
// in localStorage so the list works offline with what was last fetched, and narrowed to the
// person's plan. Links are resolved here: a site path goes to the product site, an absolute link
// must be http(s); anything else is not rendered as a link at all.
import { NotificationSchema, type Notification } from '@inkmark/shared'
import { toImageSource, toWebUrl } from '../lib/safe-url'

/** The localStorage key of the last fetched notifications. */
export const NOTIFICATIONS_CACHE_KEY = 'inkmark.notifications'

/** A notification with whom it is for ('unpaid': hidden on a paid plan). */
export type FeedNotification = Notification & { audience?: unknown }

/** The valid notifications of a relay answer (or of the cache); anything else gives []. */
export function parseNotificationFeed(json: unknown): FeedNotification[] {
  const list =
    typeof json === 'object' && json !== null
      ? (json as { notifications?: unknown }).notifications
      : undefined
  if (!Array.isArray(list)) {
    return []
  }
  const parsed: FeedNotification[] = []
  for (const item of list) {
    const result = NotificationSchema.safeParse(item)
    if (result.success) {
      parsed.push(result.data)
    }
  }
  return parsed
}

/** The notifications to list for a person: newest first, one per id, offers hidden on paid plans. */
export function visibleNotifications(
  notifications: readonly FeedNotification[],
  isPaidPlan: boolean,
): FeedNotification[] {
  const byId = new Map<string, FeedNotification>()
  for (const notification of notifications) {
    if (!(isPaidPlan && notification.audience === 'unpaid') && !byId.has(notification.id)) {
      byId.set(notification.id, notification)
    }
  }
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt)
}

/** Where a call-to-action link goes: a site path on the product site, else only http(s). */
export function notificationLinkHref(url: string, siteUrl: string): string | undefined {
  const trimmed = url.trim()
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return toWebUrl(siteUrl + trimmed)
  }
  return toWebUrl(trimmed)
}

/** The avatar's image source, when it is a safe one. */
export function notificationAvatarSource(avatar: string | undefined): string | undefined {
  return toImageSource(avatar)
}

/** The cached notifications, or [] when there are none or storage is blocked or corrupt. */
export function readCachedNotifications(storage: Pick<Storage, 'getItem'>): FeedNotification[] {
  try {
    const text = storage.getItem(NOTIFICATIONS_CACHE_KEY)
    return text === null ? [] : parseNotificationFeed(JSON.parse(text))
  } catch {
    return []
  }
}

/** Keeps `notifications` for offline use; storage errors only lose the cache. */
export function writeCachedNotifications(
  storage: Pick<Storage, 'setItem'>,
  notifications: readonly FeedNotification[],
): void {
  try {
    storage.setItem(NOTIFICATIONS_CACHE_KEY, JSON.stringify({ notifications }))
  } catch {
    // Full or blocked storage: the list is fetched again next time.
  }
}
