import { NotificationSchema } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { ANNOUNCEMENTS, notificationsAt, type RelayNotification } from './notifications'

const BEFORE_BLACK_FRIDAY = Date.UTC(2026, 10, 22, 23, 59)
const BLACK_FRIDAY_DAY = Date.UTC(2026, 10, 25, 12)

async function fetchNotifications(now: number): Promise<RelayNotification[]> {
  const app = await buildRelay({ now: () => now })
  const response = await app.inject({ method: 'GET', url: '/notifications' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ notifications: RelayNotification[] }>().notifications
}

describe('GET /notifications', () => {
  it('answers the announcements outside Black Friday, each a valid notification', async () => {
    const notifications = await fetchNotifications(BEFORE_BLACK_FRIDAY)
    expect(notifications.map((notification) => notification.id)).toEqual(
      ANNOUNCEMENTS.map((notification) => notification.id),
    )
    for (const notification of notifications) {
      expect(NotificationSchema.safeParse(notification).success).toBe(true)
    }
  })

  it("adds the Black Friday offer, newest first, with 'Upgrade now' to /pricing", async () => {
    const notifications = await fetchNotifications(BLACK_FRIDAY_DAY)
    expect(notifications[0]).toMatchObject({
      id: 'black-friday-2026',
      createdAt: Date.UTC(2026, 10, 23),
      audience: 'unpaid',
      ctaLinks: [{ label: 'Upgrade now', url: '/pricing?discountCode=BLACKFRIDAY' }],
    })
    expect(notifications).toHaveLength(ANNOUNCEMENTS.length + 1)
  })

  it('refuses unknown query parameters', async () => {
    const app = await buildRelay()
    const response = await app.inject({ method: 'GET', url: '/notifications?x=1' })
    expect(response.statusCode).toBe(400)
  })
})

describe('notificationsAt', () => {
  it('leaves out announcements dated after now, and Black Friday outside 23-30 November', () => {
    expect(notificationsAt(Date.UTC(2026, 0, 1))).toEqual([])
    expect(notificationsAt(Date.UTC(2026, 11, 1)).map((n) => n.id)).toEqual(['web-app-launch-2026'])
    expect(notificationsAt(Date.UTC(2026, 10, 30, 23)).map((n) => n.id)).toContain(
      'black-friday-2026',
    )
  })
})
