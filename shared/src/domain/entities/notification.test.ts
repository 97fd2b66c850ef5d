import { describe, expect, it } from 'vitest'
import {
  NotificationSchema,
  countUnreadNotifications,
  createNotification,
  isNotificationUnread,
} from './notification'

const CREATED = 1_700_000_000_000

describe('createNotification', () => {
  it('is created at now with no links', () => {
    expect(createNotification({ id: 'n1', title: 'News' }, CREATED)).toEqual({
      id: 'n1',
      title: 'News',
      createdAt: CREATED,
      ctaLinks: [],
    })
  })
})

describe('isNotificationUnread', () => {
  const notification = createNotification({ id: 'n1', title: 'News' }, CREATED)

  it('is unread when the list was never opened', () => {
    expect(isNotificationUnread(notification, undefined)).toBe(true)
  })

  it('is unread when the list was last opened before it was created', () => {
    expect(isNotificationUnread(notification, CREATED - 1)).toBe(true)
  })

  it('is read when the list was opened exactly at its creation time', () => {
    expect(isNotificationUnread(notification, CREATED)).toBe(false)
  })

  it('is read when the list was opened after it was created', () => {
    expect(isNotificationUnread(notification, CREATED + 1)).toBe(false)
  })

  it('is read when explicitly marked read', () => {
    expect(isNotificationUnread({ ...notification, read: true }, undefined)).toBe(false)
    expect(isNotificationUnread({ ...notification, read: false }, CREATED - 1)).toBe(true)
  })

  it('counts the unread ones', () => {
    const list = [
      notification,
      { ...notification, createdAt: CREATED + 10 },
      { ...notification, createdAt: CREATED + 20, read: true },
    ]
    expect(countUnreadNotifications(list, CREATED)).toBe(1)
    expect(countUnreadNotifications(list, undefined)).toBe(2)
  })
})

describe('NotificationSchema', () => {
  const valid = createNotification(
    {
      id: 'n1',
      title: 'Upgrade now',
      description: 'Black Friday',
      ctaLinks: [{ label: 'Upgrade now', url: '/pricing' }],
      avatar: 'https://example.com/a.png',
      read: false,
    },
    CREATED,
  )

  it('accepts its defaults and keeps unknown keys', () => {
    expect(NotificationSchema.parse(valid)).toEqual(valid)
    expect(NotificationSchema.parse({ ...valid, priority: 1 }).priority).toBe(1)
  })

  it.each([
    ['id', ''],
    ['createdAt', '2024-01-01'],
    ['read', 'no'],
    ['title', undefined],
    ['ctaLinks', [{ label: 'x' }]],
    ['avatar', 1],
  ])('rejects %s = %j', (key, value) => {
    expect(NotificationSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})
