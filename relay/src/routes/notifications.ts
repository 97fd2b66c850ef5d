// GET /notifications: the in-app notifications every client shows in its list. They are the
// product's announcements below plus, from 23 to 30 November (UTC, the relay's clock, the same rule
// that honours the code), the Black Friday offer. Links are site paths ('/pricing...') that each
// client resolves against the product site; a client that is offline shows what it last fetched.
import { BLACK_FRIDAY, isBlackFridayPeriod } from '@inkmark/shared'
import type { FastifyPluginCallback } from 'fastify'

/** A notification as the relay sends it (the spec's fields; audience 'unpaid' hides it for paid plans). */
export interface RelayNotification {
  id: string
  createdAt: number
  title: string
  description?: string
  ctaLinks: { label: string; url: string }[]
  avatar?: string
  audience?: 'everyone' | 'unpaid'
}

/** The product's announcements, newest first. */
export const ANNOUNCEMENTS: readonly RelayNotification[] = [
  {
    id: 'web-app-launch-2026',
    createdAt: Date.UTC(2026, 10, 2, 9),
    title: 'Your library on the web',
    description:
      'Read, search and organise your highlights in any browser with the Inkmark web app. ' +
      'Sign in to keep it in step with the extension.',
    ctaLinks: [{ label: 'Read more', url: '/' }],
    audience: 'everyone',
  },
]

/** The Black Friday notification of the year of `now`. */
export function blackFridayNotification(now: number): RelayNotification {
  const year = new Date(now).getUTCFullYear()
  return {
    id: `black-friday-${year}`,
    createdAt: Date.UTC(year, BLACK_FRIDAY.month - 1, BLACK_FRIDAY.firstDay),
    title: `Black Friday: ${BLACK_FRIDAY.percentOff}% off yearly plans`,
    description: `Until 30 November, the code ${BLACK_FRIDAY.code} takes ${BLACK_FRIDAY.percentOff}% off Premium and Ultimate for a year.`,
    ctaLinks: [{ label: 'Upgrade now', url: `/pricing?discountCode=${BLACK_FRIDAY.code}` }],
    audience: 'unpaid',
  }
}

/** The notifications to show at `now`, newest first. */
export function notificationsAt(now: number): RelayNotification[] {
  const current = ANNOUNCEMENTS.filter((notification) => notification.createdAt <= now)
  const all = isBlackFridayPeriod(now) ? [blackFridayNotification(now), ...current] : current
  return all.sort((a, b) => b.createdAt - a.createdAt)
}

/** The notifications route. */
export const notificationRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(
    '/notifications',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } },
    () => ({ notifications: notificationsAt(app.services.now()) }),
  )
  done()
}
