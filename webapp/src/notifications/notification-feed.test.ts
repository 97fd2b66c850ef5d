import { describe, expect, it } from 'vitest'
import {
  NOTIFICATIONS_CACHE_KEY,
  notificationAvatarSource,
  notificationLinkHref,
  parseNotificationFeed,
  readCachedNotifications,
  visibleNotifications,
  writeCachedNotifications,
} from './notification-feed'

const OFFER = {
  id: 'black-friday-2026',
  createdAt: Date.UTC(2026, 10, 23),
  title: 'Black Friday',
  ctaLinks: [{ label: 'Upgrade now', url: '/pricing?discountCode=BLACKFRIDAY' }],
  audience: 'unpaid',
}
const NEWS = { id: 'news', createdAt: Date.UTC(2026, 10, 2), title: 'News', ctaLinks: [] }

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, String(value)),
  }
}

describe('parseNotificationFeed', () => {
  it('keeps the valid notifications and drops the rest', () => {
    const parsed = parseNotificationFeed({
      notifications: [NEWS, { id: '', title: 'no id' }, { id: 'x', createdAt: 'soon' }, OFFER],
    })
    expect(parsed.map((notification) => notification.id)).toEqual(['news', 'black-friday-2026'])
    expect(parsed[1]?.audience).toBe('unpaid')
  })

  it('gives [] for anything that is not a feed', () => {
    expect(parseNotificationFeed(null)).toEqual([])
    expect(parseNotificationFeed('text')).toEqual([])
    expect(parseNotificationFeed({ notifications: 'none' })).toEqual([])
  })
})

describe('visibleNotifications', () => {
  it('lists newest first, once per id, and hides offers on paid plans', () => {
    const list = parseNotificationFeed({ notifications: [NEWS, OFFER, NEWS] })
    expect(visibleNotifications(list, false).map((n) => n.id)).toEqual([
      'black-friday-2026',
      'news',
    ])
    expect(visibleNotifications(list, true).map((n) => n.id)).toEqual(['news'])
  })
})

describe('notificationLinkHref', () => {
  it('puts site paths on the product site', () => {
    expect(notificationLinkHref('/pricing?discountCode=BLACKFRIDAY', 'https://site.test')).toBe(
      'https://site.test/pricing?discountCode=BLACKFRIDAY',
    )
  })
  it('keeps http(s) links and refuses other schemes and protocol-relative paths', () => {
    expect(notificationLinkHref('https://example.org/a', 'https://site.test')).toBe(
      'https://example.org/a',
    )
    expect(notificationLinkHref('javascript:alert(1)', 'https://site.test')).toBe(undefined)
    expect(notificationLinkHref('data:text/html,<b>x</b>', 'https://site.test')).toBe(undefined)
    expect(notificationLinkHref('//evil.test/x', 'https://site.test')).toBe(undefined)
    expect(notificationLinkHref('', 'https://site.test')).toBe(undefined)
  })
})

describe('notificationAvatarSource', () => {
  it('allows http(s) and inline images only', () => {
    expect(notificationAvatarSource('https://example.org/a.png')).toBe('https://example.org/a.png')
    expect(notificationAvatarSource('javascript:alert(1)')).toBe(undefined)
    expect(notificationAvatarSource(undefined)).toBe(undefined)
  })
})

describe('the offline cache', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage()
    const list = parseNotificationFeed({ notifications: [NEWS, OFFER] })
    writeCachedNotifications(storage, list)
    expect(readCachedNotifications(storage)).toEqual(list)
  })

  it('reads [] when the cache is missing or corrupt', () => {
    const storage = memoryStorage()
    expect(readCachedNotifications(storage)).toEqual([])
    storage.setItem(NOTIFICATIONS_CACHE_KEY, '{not json')
    expect(readCachedNotifications(storage)).toEqual([])
  })

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    expect(readCachedNotifications(blocked)).toEqual([])
    expect(() => writeCachedNotifications(blocked, [])).not.toThrow()
  })
})
