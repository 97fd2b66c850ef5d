// The reminder over the real mail path: a relay listening on loopback sends through nodemailer to
// an SMTP server the test runs; its own scheduler (started with the server) sends when the test's
// clock reaches the user's evening. The test signs up and confirms the email by the link that came
// by SMTP, reads the reminder (recipient, subject, text, HTML, RFC 8058 headers), follows the
// one-click List-Unsubscribe with a real POST, and sees the next evening's reminder go to a user
// who stayed subscribed and not to the one who left.
import { afterEach, describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { freePort } from '../testing/relay-process'
import { manualClock, tokenPayload } from '../testing/relay-harness'
import {
  startSmtpTestServer,
  type ReceivedMail,
  type SmtpTestServer,
} from '../testing/smtp-test-server'

const PASSWORD = 'correct horse battery'
/** 26 November 2026, 10:00 in New York (UTC-5). */
const MORNING = Date.UTC(2026, 10, 26, 15)
/** 18:05 in New York that day, and the next. */
const EVENING = Date.UTC(2026, 10, 26, 23, 5)
const NEXT_EVENING = EVENING + 24 * 60 * 60 * 1000

let smtp: SmtpTestServer | undefined
afterEach(async () => {
  await smtp?.close()
})

describe('the learning reminder over SMTP', () => {
  it('arrives by SMTP in the user’s evening, unsubscribes in one click, and stops', async () => {
    smtp = await startSmtpTestServer()
    const server = smtp
    const clock = manualClock(MORNING)
    const port = await freePort()
    const relayUrl = `http://127.0.0.1:${port}`
    const app = await buildRelay({
      now: clock.now,
      config: {
        smtpUrl: server.url,
        devOutbox: false,
        port,
        publicUrl: relayUrl,
        appUrl: 'http://127.0.0.1:5173',
        reminderIntervalMillis: 20,
      },
    })
    await app.listen({ host: '127.0.0.1', port })

    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(relayUrl + path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'wh-timezone': 'America/New_York',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }

    const signUp = async (email: string) => {
      const registered = await call('POST', '/users/register', { email, password: PASSWORD })
      expect(registered.status).toBe(200)
      const confirmation = await server.waitForMail(
        (mail) => mail.to.includes(email) && mail.subject === 'Confirm your Inkmark email',
      )
      const token = /token=([\w-]+)/.exec(confirmation.text)?.[1]
      expect((await call('GET', `/users/confirm-email?token=${token}`)).status).toBe(200)
      const session = String(registered.body.token)
      const userId = String(tokenPayload(session)._id)
      const report = await call('PUT', '/learning-info', { dueCount: 3, learnedToday: 1 }, session)
      expect(report.status).toBe(200)
      return { email, userId }
    }
    const ada = await signUp('ada@example.com')
    const bob = await signUp('bob@example.com')
    const remindersTo = (email: string) =>
      server.mails.filter((mail) => mail.to.includes(email) && mail.subject.includes('waiting'))
    const reminderFor = (email: string, nth: number) =>
      server.waitForMail(
        (mail) => mail.subject.includes('waiting') && remindersTo(email).indexOf(mail) === nth - 1,
      )

    clock.set(EVENING)
    const mail: ReceivedMail = await reminderFor(ada.email, 1)
    expect(mail.to).toEqual([ada.email])
    expect(mail.from).toBe('no-reply@inkmark.app')
    expect(mail.subject).toBe('3 cards are waiting for you today')
    expect(mail.text).toContain(
      '3 cards are waiting for you today in Inkmark. Learned today: 1 of 10.',
    )
    expect(mail.text).toContain('Start learning: http://127.0.0.1:5173/learning')
    const pageLink = /Turn them off with one click: (\S+)/.exec(mail.text)?.[1] ?? ''
    expect(pageLink).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:5173/unsubscribe/${ada.userId}\\?signature=[\\w-]{43}$`),
    )
    expect(mail.html).toContain('<a href="http://127.0.0.1:5173/learning">Start learning</a>')
    expect(mail.html).toContain(`<a href="${pageLink}">Turn learning reminders off</a>`)
    const signature = new URL(pageLink).searchParams.get('signature')
    expect(mail.headers.get('list-unsubscribe')).toBe(
      `<${relayUrl}/unsubscribe/${ada.userId}?signature=${signature}>`,
    )
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    await reminderFor(bob.email, 1)

    // What a mail client does for its Unsubscribe button (RFC 8058).
    const oneClick = await fetch(mail.headers.get('list-unsubscribe')!.slice(1, -1), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.json()).toMatchObject({ ok: true, isLearningReminderEmailEnabled: false })

    clock.set(NEXT_EVENING)
    await reminderFor(bob.email, 2)
    // Every pass that could have mailed ada has finished once this one has.
    await app.services.reminders.runOnce()
    expect(remindersTo(ada.email)).toHaveLength(1)
    expect(remindersTo(bob.email)).toHaveLength(2)
  })
})
