// Notion and Capacities from the web app in Chromium (ADR 067), against a real relay, a real misc
// server on its accounts, and the local stand-ins of Notion's and Capacities' APIs the misc server
// is pointed at (relay/src/misc/testing: test stand-ins, never defaults). Notion is connected
// through the OAuth round trip: the stand-in's authorize address (Notion's consent page, where the
// person clicks Allow) is answered by the test with Notion's documented redirect back to
// /oauth/notion with a code from the stand-in and the state it was given. A database is chosen, a
// page with highlights is exported (the stand-in received the highlights with their notes and
// colours), a second export updates the same Notion page; a Free account's second export of the
// day opens the upgrade dialog; a revoked token leads to reconnecting; a forged callback stores
// nothing. Capacities: a token pasted, a space chosen, a page exported. The tokens never reach the
// relay's database or the address bar. axe-core checks the view and the dialogs, light and dark;
// connecting and exporting also work with the keyboard alone.
import './src/fake-indexeddb-setup'
import {
  NOTION_DAILY_LIMIT_MESSAGE,
  PLAN_DISPLAY_NAMES,
  Plan,
  UserPlanDuration,
  UserPlanType,
  createBookmark,
  createMark,
} from '@inkmark/shared'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startCapacitiesStandIn,
  type CapacitiesStandIn,
} from '../relay/src/misc/testing/capacities-stand-in'
import { startNotionStandIn, type NotionStandIn } from '../relay/src/misc/testing/notion-stand-in'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import type { MiscProcess } from './src/misc-process'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelayAndMisc } from './src/webapp-with-relay'

const PASSWORD = 'correct horse battery'
const DAY_MILLIS = 24 * 60 * 60 * 1000
const NOTE = 'Why this matters to me'

/** A page with two highlights in two colours, the first with a note. */
function pageEntities(id: string) {
  const url = `https://example.org/articles/${id}`
  return [
    createBookmark({ _id: id, url, title: `Exported article ${id}`, tags: ['reading'] }, TEST_NOW),
    createMark(
      {
        _id: `${id}-m1`,
        _bookmark: id,
        url,
        text: 'First highlight',
        notes: NOTE,
        color: '#f8fc46',
      },
      TEST_NOW,
    ),
    createMark(
      { _id: `${id}-m2`, _bookmark: id, url, text: 'Second highlight', color: '#92ffaa' },
      TEST_NOW + 1,
    ),
  ]
}

/** Every file under `dir`, read as text (latin1 keeps every byte). */
function allFilesText(dir: string): string {
  let text = ''
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    text += statSync(path).isDirectory() ? allFilesText(path) : readFileSync(path, 'latin1')
  }
  return text
}

describe('Notion and Capacities in the web app', () => {
  let relay: RelayProcess
  let misc: MiscProcess
  let server: WebappServer
  let browser: Browser
  let notion: NotionStandIn
  let capacities: CapacitiesStandIn
  const contexts: BrowserContext[] = []

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(context)
    // Notion's consent page: the person allows access, and Notion redirects back to the web app
    // with a one-time code (issued by the stand-in for that redirect address) and the state.
    await context.route(`${notion.url}/v1/oauth/authorize?**`, async (route) => {
      const asked = new URL(route.request().url())
      const redirectUri = asked.searchParams.get('redirect_uri') ?? ''
      const back = new URL(redirectUri)
      back.searchParams.set('code', notion.issueCode(redirectUri))
      back.searchParams.set('state', asked.searchParams.get('state') ?? '')
      await route.fulfill({ status: 302, headers: { location: back.toString() } })
    })
    return context.newPage()
  }

  async function seed(page: Page, entities: unknown[]): Promise<void> {
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate((list) => window.inkmarkSeed!(list), entities)
    expect(result.rejected).toEqual([])
  }

  async function signUpWithPlan(page: Page, email: string, plan: Plan): Promise<void> {
    await page.goto(`${server.url}/auth?tab=sign-up`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'), {
        timeout: 20_000,
      })
      .toBe('UP_TO_DATE')
    setStoredPlan(
      relay.dataDir,
      email,
      plan === Plan.PREMIUM
        ? {
            type: UserPlanType.PREMIUM,
            expiresDateMillis: Date.now() + 30 * DAY_MILLIS,
            userPlanDuration: UserPlanDuration.ONE_MONTH,
          }
        : {
            type: UserPlanType.FREE_TRIAL,
            expiresDateMillis: Date.now() - 60_000,
            userPlanDuration: UserPlanDuration.ONE_YEAR,
          },
    )
    // Opening the Account view reads the account again: the token carries the new plan.
    await page.getByRole('link', { name: 'Account', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[plan]}`)
  }

  async function openIntegrations(page: Page): Promise<void> {
    await page.goto(`${server.url}/settings?view=integrations`)
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor()
  }

  async function expectAccessible(page: Page): Promise<void> {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
  }

  /** Connects Notion from the Integrations view through the OAuth round trip. */
  async function connectNotion(page: Page): Promise<void> {
    await openIntegrations(page)
    await page.getByRole('button', { name: 'Connect Notion' }).click()
    await page.getByText('Notion connected: Stand-in workspace').waitFor({ timeout: 20_000 })
    await page.getByText('Connected to the workspace Stand-in workspace on this device.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/settings')
    expect(page.url()).not.toContain('code=')
  }

  async function chooseNotionTarget(page: Page, label: string): Promise<void> {
    await page.getByRole('button', { name: /Choose where pages go/ }).click()
    await page.getByRole('option', { name: label }).click()
    await page.getByText(`Pages will go to ${label}`).waitFor()
  }

  async function exportFromPageDetail(page: Page, id: string, service: string): Promise<void> {
    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: `Export to ${service}` }).click()
    await page.getByRole('dialog', { name: `Export to ${service}` }).waitFor()
  }

  /** The Notion pages made in database `databaseId`. */
  function rowsOf(databaseId: string) {
    return [...notion.pages.values()].filter(
      (candidate) =>
        candidate.parent.type === 'database_id' &&
        candidate.parent.database_id === databaseId &&
        !candidate.archived,
    )
  }

  /** All text in a Notion page's blocks (rich text of every block, children included). */
  function blockText(pageId: string): string {
    const texts: string[] = []
    const walk = (parent: string) => {
      for (const block of notion.childrenOf(parent)) {
        texts.push(JSON.stringify(block.sent))
        walk(block.id)
      }
    }
    walk(pageId)
    return texts.join('\n')
  }

  beforeAll(async () => {
    notion = await startNotionStandIn()
    capacities = await startCapacitiesStandIn()
    ;({ relay, misc, server } = await startWebappWithRelayAndMisc(createRelayProcess, {
      miscEnv: {
        INKMARK_NOTION_API_URL: notion.url,
        NOTION_CLIENT_ID: notion.clientId,
        NOTION_CLIENT_SECRET: notion.clientSecret,
        INKMARK_CAPACITIES_API_URL: capacities.url,
      },
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    for (const context of contexts) {
      await context.close()
    }
    await browser?.close()
    await server?.close()
    await misc?.stop()
    await relay?.dispose()
    await notion?.close()
    await capacities?.close()
  })

  it('explains that the integrations need an account, and offers sign-in', async () => {
    const page = await newPage()
    await seed(page, [answeredPrompts])
    await openIntegrations(page)
    await page
      .getByText("Exports to Notion and Capacities run through Inkmark's server", { exact: false })
      .waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth')
  })

  it('connects Notion, exports a page with its highlights to a database, and updates it', async () => {
    const page = await newPage()
    const id = `notion-${Date.now()}`
    const database = notion.addDatabase(`Reading ${id}`, { Name: 'title' })
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)

    await openIntegrations(page)
    await page.getByText('No page exported to Notion yet.', { exact: false }).waitFor()
    await expectAccessible(page)
    await connectNotion(page)
    await chooseNotionTarget(page, `Database: Reading ${id}`)
    await expectAccessible(page)

    // The token stays on this device: not in the relay's database, not in localStorage.
    const token = /^Bearer (\S+)$/.exec(
      String(
        notion.requests.find((request) => request.path === '/v1/search')?.headers.authorization,
      ),
    )?.[1]
    expect(token).toBeDefined()
    expect(allFilesText(relay.dataDir)).not.toContain(token!)
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token!)

    await exportFromPageDetail(page, id, 'Notion')
    const dialog = page.getByRole('dialog', { name: 'Export to Notion' })
    await dialog
      .getByText(`This page and its 2 highlights go to the database Reading ${id}.`)
      .waitFor()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByText('Exported to Notion').waitFor({ timeout: 30_000 })
    expect(await page.getByRole('button', { name: 'Open in Notion' }).count()).toBe(1)
    await expect.poll(() => rowsOf(database.id).length).toBe(1)
    const [row] = rowsOf(database.id)
    expect(notion.titleOf(row!.id)).toBe(`Exported article ${id}`)
    const blocks = blockText(row!.id)
    expect(blocks).toContain('First highlight')
    expect(blocks).toContain('Second highlight')
    expect(blocks).toContain(NOTE)

    // Exported again: the same Notion page is updated, not duplicated.
    await exportFromPageDetail(page, id, 'Notion')
    await page
      .getByRole('dialog', { name: 'Export to Notion' })
      .getByText('The Notion page made by the last export is updated.', { exact: false })
      .waitFor()
    await page
      .getByRole('dialog', { name: 'Export to Notion' })
      .getByRole('button', { name: 'Export', exact: true })
      .click()
    await page.getByText('Updated in Notion').waitFor({ timeout: 30_000 })
    expect(rowsOf(database.id).map((candidate) => candidate.id)).toEqual([row!.id])
    expect(blockText(row!.id).split('First highlight').length - 1).toBe(1)

    // The Integrations view shows the last export.
    await openIntegrations(page)
    const card = page.getByRole('region', { name: 'Notion' })
    await card.getByRole('link', { name: `Exported article ${id}` }).waitFor()
    expect(await card.getByRole('link', { name: 'Open in Notion' }).getAttribute('href')).toBe(
      row!.url,
    )
  })

  it("opens the upgrade dialog on a Free account's second Notion export of the day", async () => {
    const page = await newPage()
    const id = `free-${Date.now()}`
    const target = notion.addPage(`Inbox ${id}`)
    await seed(page, [answeredPrompts, ...pageEntities(id), ...pageEntities(`${id}-b`)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.FREE)
    await connectNotion(page)
    await chooseNotionTarget(page, `Page: Inbox ${id}`)

    await exportFromPageDetail(page, id, 'Notion')
    await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByText('Exported to Notion').waitFor({ timeout: 30_000 })

    await exportFromPageDetail(page, `${id}-b`, 'Notion')
    await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click()
    const upgrade = page.getByRole('dialog', { name: 'Daily limit of Notion exports reached' })
    await upgrade.getByText(NOTION_DAILY_LIMIT_MESSAGE).waitFor({ timeout: 30_000 })
    await expectAccessible(page)
    expect(
      [...notion.pages.values()].filter(
        (candidate) =>
          candidate.parent.type === 'page_id' && candidate.parent.page_id === target.id,
      ),
    ).toHaveLength(1)
    await upgrade.getByRole('button', { name: 'Not now' }).click()
  })

  it('leads to reconnecting when Notion no longer accepts the token', async () => {
    const page = await newPage()
    const id = `revoked-${Date.now()}`
    notion.addPage(`Revoked ${id}`)
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)
    await connectNotion(page)
    await chooseNotionTarget(page, `Page: Revoked ${id}`)
    const token = /^Bearer (\S+)$/.exec(
      String(
        notion.requests.filter((request) => request.path === '/v1/search').at(-1)?.headers
          .authorization,
      ),
    )?.[1]
    notion.revokeToken(token!)

    await exportFromPageDetail(page, id, 'Notion')
    const dialog = page.getByRole('dialog', { name: 'Export to Notion' })
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    await dialog.getByText('Reconnect Notion in Integrations.', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Reconnect Notion' }).click()
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor()
  })

  it('stores nothing from a callback this tab did not start, or one Notion refused', async () => {
    const page = await newPage()
    const id = `forged-${Date.now()}`
    await seed(page, [answeredPrompts])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)

    await page.goto(
      `${server.url}/oauth/notion?code=${notion.issueCode(`${server.url}/oauth/notion`)}&state=forged`,
    )
    await page.getByRole('alert').getByText('did not start in this tab', { exact: false }).waitFor()
    expect(page.url()).toBe(`${server.url}/oauth/notion`)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Back to Integrations' }).click()
    await page.getByRole('button', { name: 'Connect Notion' }).waitFor()

    await page.goto(`${server.url}/oauth/notion?error=access_denied&state=whatever`)
    await page
      .getByRole('alert')
      .getByText('Notion was not connected: access was not allowed in Notion.')
      .waitFor()
    await page.getByRole('link', { name: 'Back to Integrations' }).click()
    await page.getByRole('button', { name: 'Connect Notion' }).waitFor()
  })

  it('connects Capacities with a pasted token, chooses a space and exports a page', async () => {
    const page = await newPage()
    const id = `capacities-${Date.now()}`
    const spaceTitle = `Space ${id}`
    const spaceId = capacities.addSpace(spaceTitle)
    const token = capacities.issueToken()
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)
    await openIntegrations(page)
    const card = page.getByRole('region', { name: 'Capacities' })

    // A wrong token is refused and not kept.
    await card.getByLabel('Capacities API token').fill('cap-api-wrong')
    await card.getByRole('button', { name: 'Connect Capacities' }).click()
    await card.getByText('Capacities did not accept this token.', { exact: false }).waitFor()
    await expectAccessible(page)

    await card.getByLabel('Capacities API token').fill(token)
    expect(await card.getByLabel('Capacities API token').getAttribute('type')).toBe('password')
    await card.getByRole('button', { name: 'Connect Capacities' }).click()
    await expect.poll(() => card.innerText()).toContain('Connected to Capacities on this device.')
    await card.getByRole('button', { name: /Choose a space/ }).click()
    await page.getByRole('option', { name: spaceTitle }).click()
    await page.getByText(`Pages will go to the space ${spaceTitle}`).waitFor()
    await expectAccessible(page)
    expect(allFilesText(relay.dataDir)).not.toContain(token)

    await exportFromPageDetail(page, id, 'Capacities')
    await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByText('Exported to Capacities').waitFor({ timeout: 30_000 })
    const weblink = capacities.weblinks.find(
      (saved) => saved.url === `https://example.org/articles/${id}`,
    )
    expect(weblink?.spaceId).toBe(spaceId)
    expect(weblink?.mdText).toContain('First highlight')
    expect(weblink?.mdText).toContain(NOTE)
    await openIntegrations(page)
    await card.getByRole('link', { name: `Exported article ${id}` }).waitFor()

    // Disconnect forgets the token on this device.
    await card.getByRole('button', { name: 'Disconnect Capacities' }).click()
    await card.getByLabel('Capacities API token').waitFor()
  })

  it('connects Notion and exports with the keyboard alone', async () => {
    const page = await newPage()
    const id = `keys-${Date.now()}`
    const database = notion.addDatabase(`Keys ${id}`, { Name: 'title' })
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)
    await openIntegrations(page)

    /** Presses Tab until the focused element's accessible text is `name`. */
    async function tabTo(name: string | RegExp): Promise<void> {
      for (let step = 0; step < 60; step += 1) {
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null
          return (element?.getAttribute('aria-label') ?? element?.innerText ?? '').trim()
        })
        if (typeof name === 'string' ? focused === name : name.test(focused)) {
          return
        }
      }
      throw new Error(`Tab never reached ${String(name)}`)
    }

    await tabTo('Connect Notion')
    await page.keyboard.press('Enter')
    await page.getByText('Notion connected: Stand-in workspace').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: /Choose where pages go/ }).waitFor()
    await tabTo(/Choose a page or database|Loading/)
    await page.keyboard.press('Enter')
    const option = page.getByRole('option', { name: `Database: Keys ${id}` })
    await page.getByRole('listbox').waitFor()
    for (
      let step = 0;
      step < 40 && !(await option.evaluate((element) => element === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await page.getByText(`Pages will go to Database: Keys ${id}`).waitFor()

    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('heading', { level: 1, name: `Exported article ${id}` }).waitFor()
    await tabTo('Export')
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Export to Notion' }).waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Export to Notion')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Export to Notion' })
    await dialog.waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Export')
    await page.keyboard.press('Enter')
    await page.getByText('Exported to Notion').waitFor({ timeout: 30_000 })
    await expect.poll(() => rowsOf(database.id).length).toBe(1)
  })
})
