// The learning reminder from the web app to the inbox and back, with real parts: the relay as a
// process on loopback sending through SMTP to a server the test runs, the web app in Chromium.
// A signed-in web app reports its learning (PUT /learning-info, from the marks in its library,
// with the browser's time zone); the relay's own scheduler sends the reminder in the user's
// evening; the email's unsubscribe link opens the web app's page, which changes nothing until its
// button is pressed, then turns the reminder off (a tampered link is refused and changes nothing);
// Settings > Notifications shows the switches. axe-core checks the pages, light and dark.
// The relay process runs on the real clock, so the browser is put in the fixed-offset zone where
// it is 19:00 now (the reminder goes out from 18:00 to 22:59 local time); the relay's own tests
// move its clock through days and DST (relay/src/learning/).
import { createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from './src/smtp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'
import { TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, type WebappServer, answeredPrompts } from './src/webapp-server'

const EMAIL = `learner-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'

/** The IANA fixed-offset zone where it is 19:00 now (Etc/GMT-5 is UTC+5). */
function eveningTimeZone(now = new Date()): string {
  // Offsets run from UTC-12 to UTC+14: past +14 the same hour is a day earlier, 24 hours west.
  const east = 19 - now.getUTCHours()
  const offset = east > 14 ? east - 24 : east
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

const bookmark = createBookmark(
  {
    _id: 'learn-page',
    url: 'https://example.org/learning',
    origin: 'example.org',
    title: 'A page worth remembering',
  },
  TEST_NOW,
)
const marks = [0, 1, 2].map((index) =>
  createMark(
    {
      _id: `learn-mark-${index}`,
      _bookmark: bookmark._id,
      url: bookmark.url,
      title: bookmark.title,
      text: `Highlight ${index} to learn`,
    },
    TEST_NOW,
  ),
)
async function expectAxeClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('the learning reminder email and its unsubscribe page', () => {
  let smtp: SmtpTestServer
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let context: BrowserContext
  let token: string
  let reminder: ReceivedMail

  const relayCall = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(relay.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return (await response.json()) as Record<string, unknown>
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer()
    ;({ relay, server } = await startWebappWithRelay((env) =>
      createRelayProcess(
        Object.assign(env, {
          SMTP_URL: smtp.url,
          INKMARK_DEV_OUTBOX: '0',
          INKMARK_REMINDER_INTERVAL_MS: '200',
        }),
      ),
    ))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: eveningTimeZone(),
    })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
    await smtp?.close()
  })

  it('sends the reminder by SMTP once the signed-in web app has reported due cards', async () => {
    const registered = await fetch(`${relay.url}/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    token = ((await registered.json()) as { token: string }).token
    const confirmation = await smtp.waitForMail(
      (mail) => mail.to.includes(EMAIL) && mail.subject === 'Confirm your Inkmark email',
    )
    const confirmToken = /token=([\w-]+)/.exec(confirmation.text)?.[1]
    expect((await fetch(`${relay.url}/users/confirm-email?token=${confirmToken}`)).status).toBe(200)

    const page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const seeded = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [bookmark, ...marks, answeredPrompts],
    )
    expect(seeded.rejected).toEqual([])
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token])
    // Opening the app signed in sends the report; the relay's scheduler does the rest.
    await page.goto(server.url + '/')
    reminder = await smtp.waitForMail(
      (mail) => mail.to.includes(EMAIL) && mail.subject.includes('waiting for you'),
    )
    expect(reminder.to).toEqual([EMAIL])
    expect(reminder.subject).toBe('3 cards are waiting for you today')
    expect(reminder.text).toContain('Learned today: 0 of 10.')
    expect(reminder.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${relay.url}/unsubscribe/[\\w-]+\\?signature=[\\w-]{43}>$`),
    )
    expect(reminder.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    await page.close()
  })

  it('refuses a tampered link and changes nothing', async () => {
    const link = new URL(/Turn them off with one click: (\S+)/.exec(reminder.text)![1]!)
    const page = await context.newPage()
    const signature = link.searchParams.get('signature')!
    const tampered = `${link.pathname}?signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    await page.goto(server.url + tampered)
    await page.getByRole('button', { name: 'Turn off learning reminders' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This unsubscribe link is not valid: nothing was changed.')
    expect(await relayCall('GET', '/settings')).toEqual({
      emailSettings: 'ALL',
      isLearningReminderEmailEnabled: true,
    })
    await page.goto(server.url + link.pathname)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This unsubscribe link is incomplete.')
    await expectAxeClean(page)
    await page.close()
  })

  it('turns the reminder off from the email’s link with one button, signed out', async () => {
    const link = /Turn them off with one click: (\S+)/.exec(reminder.text)![1]!
    // A browser with no session: the link's signature is all it takes.
    const signedOut = await browser.newContext({ timezoneId: eveningTimeZone() })
    const page = await signedOut.newPage()
    await page.goto(link.replace(/^http:\/\/127\.0\.0\.1:5173/, server.url))
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Learning reminder emails' }).count())
      .toBe(1)
    // Opening the link changed nothing.
    expect((await relayCall('GET', '/settings')).isLearningReminderEmailEnabled).toBe(true)
    await expectAxeClean(page)
    await page.getByRole('button', { name: 'Turn off learning reminders' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Learning reminders are off. You will get no more reminder emails.')
    await expectAxeClean(page)
    expect(await relayCall('GET', '/settings')).toEqual({
      emailSettings: 'ALL',
      isLearningReminderEmailEnabled: false,
    })
    await signedOut.close()
  })

  it('shows the email switches in Settings > Notifications and saves them', async () => {
    const page = await context.newPage()
    await page.goto(server.url + '/settings?view=notifications')
    const reminderSwitch = page.getByRole('switch', { name: 'Daily learning reminder' })
    await expect.poll(() => reminderSwitch.count()).toBe(1)
    expect(await reminderSwitch.isChecked()).toBe(false)
    expect(await page.getByRole('switch', { name: 'Product emails' }).isChecked()).toBe(true)
    await expectAxeClean(page)
    await reminderSwitch.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => reminderSwitch.isChecked()).toBe(true)
    expect((await relayCall('GET', '/settings')).isLearningReminderEmailEnabled).toBe(true)
    await page.getByRole('switch', { name: 'Product emails' }).focus()
    await page.keyboard.press('Space')
    await expect.poll(() => reminderSwitch.isDisabled()).toBe(true)
    expect(await relayCall('GET', '/settings')).toEqual({
      emailSettings: 'NONE',
      isLearningReminderEmailEnabled: true,
    })
    await page.close()
  })
})
