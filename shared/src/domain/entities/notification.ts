// An in-app notification (news, offers). Whether it is unread depends on when the user last
// opened the notifications list, so the read state needs no write per notification.
import { z } from 'zod'
import { EpochMillisSchema, withoutUndefined } from './common'

/** A call-to-action link on a notification. */
export const NotificationCtaLinkSchema = z.looseObject({
  label: z.string(),
  url: z.string(),
})
export type NotificationCtaLink = z.infer<typeof NotificationCtaLinkSchema>

/** Validates a notification. */
export const NotificationSchema = z.looseObject({
  id: z.string().min(1),
  createdAt: EpochMillisSchema,
  /** Explicitly read (e.g. dismissed one by one); opening the list reads all older ones. */
  read: z.boolean().optional(),
  title: z.string(),
  description: z.string().optional(),
  ctaLinks: z.array(NotificationCtaLinkSchema).default(() => []),
  /** Image url shown beside the notification. */
  avatar: z.string().optional(),
})
export type Notification = z.infer<typeof NotificationSchema>
/** What `createNotification` accepts: the id and title plus any notification field. */
export type NotificationInit = Pick<z.input<typeof NotificationSchema>, 'id' | 'title'> &
  Partial<z.input<typeof NotificationSchema>>

/** A notification created at `now`. */
export function createNotification(fields: NotificationInit, now: number): Notification {
  return NotificationSchema.parse({ createdAt: now, ...withoutUndefined(fields) })
}

/** Unread until notificationsLastOpenedAt is at or after its creation time (or it is marked read). */
export function isNotificationUnread(
  notification: Pick<Notification, 'createdAt' | 'read'>,
  notificationsLastOpenedAt: number | undefined,
): boolean {
  if (notification.read === true) {
    return false
  }
  return (
    notificationsLastOpenedAt === undefined || notificationsLastOpenedAt < notification.createdAt
  )
}

/** How many of the notifications are unread. */
export function countUnreadNotifications(
  notifications: readonly Pick<Notification, 'createdAt' | 'read'>[],
  notificationsLastOpenedAt: number | undefined,
): number {
  return notifications.filter((n) => isNotificationUnread(n, notificationsLastOpenedAt)).length
}
