// The extension's account against a real relay on loopback (ADR 056): signing in from the popup
// carries the wh- headers (recorded by a pass-through proxy in front of the relay); a plan bought
// through the relay's test payment provider shows in the popup without signing in again; a trial
// that ended at the relay (its clock moved past the trial's end) stops sync with PREMIUM_REQUIRED
// and "Upgrade" (popup and sidebar), keeps the pending highlight, and syncs it once the plan is
// bought; the Black Friday banner follows the popup's clock; image highlighting refused says so in
// Inkmark's closed root with "See plans"; a session the relay ended asks to sign in again and the
// token is gone. axe checks each popup state added.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import { E2E_WEBAPP_URL, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  sessionCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, openPopupFor, sidebarDocument } from './src/extension-sidebar'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { pressShortcut } from './src/shortcuts'
import { registerAccount } from './src/sync-device'

/** The web app the shared extension build names (PLASMO_PUBLIC_WEBAPP_URL of the e2e build). */
const WEBAPP_URL = E2E_WEBAPP_URL
const PASSWORD = 'correct horse battery'
const DAY = 24 * 60 * 60 * 1000

interface Status {
  signedIn: boolean
  state: string
  plan?: string
}

interface RecordedCall {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
}

/** A pass-through proxy to `target` that records each request's method, path and headers. */
async function recordingProxy(target: string): Promise<{
  url: string
  calls: RecordedCall[]
  close(): Promise<void>
}> {
  const targetUrl = new URL(target)
  const calls: RecordedCall[] = []
  const tunnels = new Set<{ destroy(): void }>()
  const server: Server = createServer((incoming, outgoing) => {
    calls.push({
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: { ...incoming.headers },
    })
    const forwarded = httpRequest(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: targetUrl.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.once('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  // The live room's WebSocket passes through untouched.
  server.on('upgrade', (incoming, socket, head) => {
    const upstream = connect(Number(targetUrl.port), targetUrl.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`]
      for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
        lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`)
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    tunnels.add(upstream)
    tunnels.add(socket)
    upstream.once('error', () => socket.destroy())
    socket.once('error', () => upstream.destroy())
  })
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const tunnel of tunnels) {
          tunnel.destroy()
        }
        server.closeAllConnections()
        server.close(() => resolveClose())
      }),
  }
}

/** Buys `plan` for a year through the relay's test payment provider, as the checkout page does. */
async function buyWithTestProvider(relayUrl: string, token: string, plan: string): Promise<void> {
  const started = await fetch(`${relayUrl}/billing/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan, duration: '1Y' }),
  })
  const checkout = (await started.json()) as { provider?: string; checkoutId?: string }
  expect(started.status, JSON.stringify(checkout)).toBe(200)
  expect(checkout.provider).toBe('test')
  const completed = await fetch(
    `${relayUrl}/billing/test-checkout/${encodeURIComponent(checkout.checkoutId!)}/complete`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` } },
  )
  expect(completed.status, await completed.clone().text()).toBe(200)
}

/** Signs in from the popup's form, at `serverUrl` (typed under Advanced). */
async function signInFromPopup(
  popup: Awaited<ReturnType<typeof openPopupFor>>,
  serverUrl: string,
  email: string,
): Promise<void> {
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('textbox', { name: 'Email' }).fill(email)
  await popup.getByLabel('Password').fill(PASSWORD)
  await popup.getByText('Advanced').click()
  await popup.getByRole('textbox', { name: 'Server address' }).fill(serverUrl)
  await popup.getByRole('button', { name: 'Sign in', exact: true }).last().click()
  await popup.getByText(`Signed in as ${email}`).waitFor()
}

describe('the extension account at a real relay', () => {
  // The e2e web app origin is one fixed port: held for this whole file (ADR 070).
  holdE2eWebappOriginDuringBlock()

  let relay: RelayProcess
  let site: WrittenSite
  let browser: ExtensionBrowser | undefined
  let clockDir: string
  /** The relay's environment; read again at each start, so a test can move the relay's clock. */
  const relayEnv: Record<string, string> = {
    // Every popup opening reads the plan again (the config's TTL is the check's interval).
    INKMARK_CONFIG_CACHE_TTL_MS: '0',
    // A one-day trial, so that moving the relay's clock two days on ends it (tokens last 7 days).
    INKMARK_TRIAL_DAYS: '1',
  }

  beforeAll(async () => {
    // The relay's clock, moved by INKMARK_TEST_CLOCK_OFFSET_MS (loaded into the relay process only).
    clockDir = await mkdtemp(join(tmpdir(), 'inkmark-relay-clock-'))
    const clockModule = join(clockDir, 'relay-clock.mjs')
    await writeFile(
      clockModule,
      [
        "const offset = Number(process.env.INKMARK_TEST_CLOCK_OFFSET_MS ?? '0')",
        'const realNow = Date.now.bind(Date)',
        'Date.now = () => realNow() + offset',
        '',
      ].join('\n'),
    )
    relayEnv.NODE_OPTIONS = `--import=${pathToFileURL(clockModule).href}`
    relayEnv.INKMARK_TEST_CLOCK_OFFSET_MS = '0'
    relay = await createRelayProcess(relayEnv)
    await relay.start()
    site = await writtenSite()
    await site.write(
      'article.html',
      article(['A paragraph worth keeping, highlighted while the plan had run out.']),
    )
    await site.write(
      'picture.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Picture</title></head>
<body><main><h1>Picture</h1><p id="p1">A picture below.</p>
<img id="picture" src="picture.svg" alt="A red square" width="40" height="40"></main></body></html>`,
    )
    await site.write(
      'picture.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
    )
  }, 120_000)

  afterEach(async () => {
    await browser?.close()
    browser = undefined
  })

  afterAll(async () => {
    await site?.close()
    await relay?.dispose()
    await rm(clockDir, { recursive: true, force: true })
  })

  it('signs in from the popup with the wh- headers, then reads the plan again', async () => {
    const email = `account-headers-${Date.now()}@example.com`
    await registerAccount(relay.url, email, PASSWORD)
    const proxy = await recordingProxy(relay.url)
    try {
      browser = await launchWithExtension()
      const page = await browser.context.newPage()
      await page.goto(site.url('article.html'))
      await highlighterReady(page)
      const popup = await openPopupFor(browser, page)
      await signInFromPopup(popup, proxy.url, email)
      await popup.getByTestId('account-plan').getByText('Plan: Ultimate Trial').waitFor()
      await expect.poll(() => popup.getByTestId('sync-state').textContent()).toBe('Up to date')

      const timeZone = await popup.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
      const signIn = proxy.calls.find((call) => call.method === 'POST' && call.path === '/auth')
      expect(signIn?.headers).toMatchObject({
        'wh-timezone': timeZone,
        'wh-browser-type': 'chrome',
        'wh-app-type': 'extension',
      })
      expect(signIn?.headers.authorization).toBeUndefined()
      // After the sign-in: the account read with its cache dropped, then a token with its plan.
      const order = proxy.calls.map((call) => `${call.method} ${call.path}`)
      const userinfo = order.findIndex((call) =>
        /^GET \/users\/userinfo\/[^?]+\?invalidateCache=true$/.test(call),
      )
      expect(userinfo).toBeGreaterThan(order.indexOf('POST /auth'))
      expect(order.indexOf('POST /auth/refresh-token', userinfo)).toBeGreaterThan(userinfo)
      expect(order.indexOf('GET /config')).toBeGreaterThanOrEqual(0)
      // Every call to the relay, sync included, carries the three headers.
      for (const call of proxy.calls.filter((recorded) => recorded.path !== '/rooms')) {
        expect(call.headers['wh-app-type'], `${call.method} ${call.path}`).toBe('extension')
        expect(call.headers['wh-browser-type'], `${call.method} ${call.path}`).toBe('chrome')
      }
      expect(order.some((call) => call.startsWith('GET /sync?'))).toBe(true)
      expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
      await popup.getByRole('button', { name: 'Sign out' }).click()
      await popup.getByText('Not signed in: everything stays on this device.').waitFor()
    } finally {
      await proxy.close()
    }
  })

  it('shows a plan bought in the web app without signing in again', async () => {
    const email = `account-purchase-${Date.now()}@example.com`
    const token = await registerAccount(relay.url, email, PASSWORD)
    browser = await launchWithExtension()
    const signedIn = await sessionCall<Status>(browser, 'signIn', relay.url, email, PASSWORD)
    expect(signedIn).toMatchObject({ signedIn: true, plan: 'FREE_TRIAL' })
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    let popup = await openPopupFor(browser, page)
    await popup.getByText('Plan: Ultimate Trial').waitFor()
    await popup.close()

    await buyWithTestProvider(relay.url, token, 'PREMIUM')
    // The popup opening reads the plan again (the check is due: the relay's TTL is 0 here).
    popup = await openPopupFor(browser, page)
    await popup.getByText('Plan: Premium').waitFor()
    expect((await sessionCall<Status>(browser, 'getStatus')).plan).toBe('PREMIUM')
    await popup.close()
  })

  it('stops syncing with PREMIUM_REQUIRED when the trial ended, keeps the highlight, and syncs it after a purchase', async () => {
    const email = `account-expired-${Date.now()}@example.com`
    const token = await registerAccount(relay.url, email, PASSWORD)
    browser = await launchWithExtension()
    await sessionCall(browser, 'signIn', relay.url, email, PASSWORD)
    await expect
      .poll(async () => (await sessionCall<Status>(browser!, 'getStatus')).state)
      .toBe('UP_TO_DATE')

    // The relay's clock moves past the trial's end; the extension's token still names the trial.
    await relay.stop()
    relayEnv.INKMARK_TEST_CLOCK_OFFSET_MS = String(2 * DAY)
    try {
      await relay.start()
      const page = await browser.context.newPage()
      await page.goto(site.url('article.html'))
      await highlighterReady(page)
      const text = await selectText(page, '#p1', 0, 18)
      await pressShortcut(page, 'Alt+S')
      await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
      await expect
        .poll(async () => (await sessionCall<Status>(browser!, 'syncNow')).state)
        .toBe('PREMIUM_REQUIRED')

      // The sidebar says so too, with Upgrade.
      await pressShortcut(page, 'Alt+W')
      const sidebar = await sidebarDocument(page)
      const sidebarNotice = sidebar.getByTestId('sidebar-premium-required')
      await sidebarNotice.getByRole('button', { name: 'Upgrade' }).waitFor()
      expect(await axeViolationsIn(sidebar)).toEqual([])
      await pressShortcut(page, 'Alt+W')

      const popup = await openPopupFor(browser, page)
      const notice = popup.getByTestId('premium-required')
      await notice
        .getByText('Sync is paused: your plan does not include sync.', { exact: false })
        .waitFor()
      await expect
        .poll(() => popup.getByTestId('sync-state').textContent())
        .toBe('Sync needs a plan')
      // The highlight is kept on this device.
      expect(await paintedHighlights(page)).toHaveLength(1)
      expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
      // Upgrade opens the web app's pricing page in a new tab.
      const opened = browser.context.waitForEvent('request', {
        predicate: (request) => request.url() === `${WEBAPP_URL}/pricing`,
      })
      const clicked = notice
        .getByRole('button', { name: 'Upgrade' })
        .click()
        .catch(() => undefined)
      expect((await opened).url()).toBe(`${WEBAPP_URL}/pricing`)
      await clicked
      await popup.close().catch(() => undefined)

      // Bought in the web app: the next popup reads the plan again and sync resumes by itself.
      await buyWithTestProvider(relay.url, token, 'ULTIMATE')
      const after = await openPopupFor(browser, page)
      await after.getByText('Plan: Ultimate').waitFor()
      await expect.poll(() => after.getByTestId('sync-state').textContent()).toBe('Up to date')
      expect(await after.getByTestId('premium-required').count()).toBe(0)
      const response = await fetch(`${relay.url}/marks`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const marks = (await response.json()) as { text?: string }[] | { marks: { text?: string }[] }
      expect((Array.isArray(marks) ? marks : marks.marks).map((mark) => mark.text)).toEqual([text])
    } finally {
      await relay.stop()
      relayEnv.INKMARK_TEST_CLOCK_OFFSET_MS = '0'
      await relay.start()
    }
  })

  it('shows the Black Friday banner from 23 to 30 November by the popup clock, and closes it', async () => {
    browser = await launchWithExtension()
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    const ready = async (popup: Awaited<ReturnType<typeof openPopupFor>>) => {
      await expect
        .poll(() => popup.getByTestId('sync-state').textContent())
        .toBe('On this device only')
    }

    // The evening before the week (UTC): no banner.
    await browser.context.clock.install({ time: Date.UTC(2026, 10, 22, 23, 0) })
    let popup = await openPopupFor(browser, page)
    await ready(popup)
    expect(await popup.getByTestId('black-friday-banner').count()).toBe(0)
    await popup.close()

    // Inside the week, signed out (not on a paid plan): the banner and Upgrade now.
    await browser.context.clock.setSystemTime(Date.UTC(2026, 10, 23, 9, 0))
    popup = await openPopupFor(browser, page)
    const banner = popup.getByTestId('black-friday-banner')
    await banner.getByText('40% off yearly plans until 30 November').waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    const opened = browser.context.waitForEvent('request', {
      predicate: (request) => request.url() === `${WEBAPP_URL}/pricing`,
    })
    const clicked = banner
      .getByRole('button', { name: 'Upgrade now' })
      .click()
      .catch(() => undefined)
    expect((await opened).url()).toBe(`${WEBAPP_URL}/pricing`)
    await clicked
    await popup.close().catch(() => undefined)

    // Closed by keyboard: gone, and still gone in the next popup of the week.
    popup = await openPopupFor(browser, page)
    const close = popup.getByRole('button', { name: 'Close the Black Friday offer' })
    await close.focus()
    await popup.keyboard.press('Enter')
    await ready(popup)
    expect(await popup.getByTestId('black-friday-banner').count()).toBe(0)
    await popup.close()
    await browser.context.clock.setSystemTime(Date.UTC(2026, 10, 30, 20, 0))
    popup = await openPopupFor(browser, page)
    await ready(popup)
    expect(await popup.getByTestId('black-friday-banner').count()).toBe(0)
    await popup.close()

    // After the week: none.
    await browser.context.clock.setSystemTime(Date.UTC(2026, 11, 1, 0, 30))
    popup = await openPopupFor(browser, page)
    await ready(popup)
    expect(await popup.getByTestId('black-friday-banner').count()).toBe(0)
    await popup.close()
  })

  it('says image highlighting needs another plan in its own closed root, with See plans', async () => {
    browser = await launchWithExtension()
    const page = await browser.context.newPage()
    await page.goto(site.url('picture.html'))
    await highlighterReady(page)
    // Signed out (Offline): what the background sends for the "Highlight image" menu item.
    await browser.serviceWorker.evaluate(async (pageUrl) => {
      const tabs = (
        globalThis as unknown as {
          chrome: {
            tabs: {
              query(filter: { url: string }): Promise<{ id?: number }[]>
              sendMessage(tabId: number, message: unknown): Promise<unknown>
            }
          }
        }
      ).chrome.tabs
      const [tab] = await tabs.query({ url: pageUrl })
      await tabs.sendMessage(tab!.id!, {
        channel: 'inkmark:upgrade-needed',
        feature: 'image-highlighting',
      })
    }, site.url('picture.html'))
    const ui = inkmarkUi(page)
    await ui.waitFor({
      selector: '[data-inkmark-toast]',
      hasText: 'Highlighting images is part of Ultimate and the free trial.',
    })
    // The page's own DOM has none of it, and no highlight was made.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Ultimate')
    expect(await page.locator('img#picture.inkmark-highlight').count()).toBe(0)
    const opened = browser.context.waitForEvent('request', {
      predicate: (request) => request.url() === `${WEBAPP_URL}/pricing`,
    })
    await ui.click({ selector: '[data-inkmark-toast] button', hasText: 'See plans' })
    expect((await opened).url()).toBe(`${WEBAPP_URL}/pricing`)
  })

  it('asks to sign in again when the relay ended the session, and forgets the token', async () => {
    const email = `account-ended-${Date.now()}@example.com`
    const token = await registerAccount(relay.url, email, PASSWORD)
    browser = await launchWithExtension()
    await sessionCall(browser, 'signIn', relay.url, email, PASSWORD)
    await expect
      .poll(async () => (await sessionCall<Status>(browser!, 'getStatus')).state)
      .toBe('UP_TO_DATE')
    // Signed out everywhere (as after a password change in the web app): the token is refused.
    const ended = await fetch(`${relay.url}/users/logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ended.status).toBe(200)
    await expect
      .poll(async () => (await sessionCall<Status>(browser!, 'syncNow')).signedIn)
      .toBe(false)

    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    const popup = await openPopupFor(browser, page)
    await popup.getByText('Your token expired. Please login again.').waitFor()
    // The sign-in form is open at once.
    await popup.getByRole('textbox', { name: 'Email' }).waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    // The stored login token is gone.
    const stored = await browser.serviceWorker.evaluate(
      () =>
        new Promise<unknown>((resolveRead, reject) => {
          const opened = indexedDB.open('inkmark-session')
          opened.onerror = () => reject(new Error(String(opened.error)))
          opened.onsuccess = () => {
            const read = opened.result.transaction('session').objectStore('session').get('current')
            read.onsuccess = () => {
              opened.result.close()
              resolveRead(read.result ?? null)
            }
            read.onerror = () => reject(new Error(String(read.error)))
          }
        }),
    )
    expect(stored).toBeNull()
    await popup.close()
  })
})
