// Issue 14's convergence in two real browsers: a laptop and a phone (two Chromium contexts of the
// built web app, each with its own IndexedDB) signed into one account on a real relay on loopback.
// Both have the card; both go offline (the context's network cut) and review it, each once; back
// online, each syncs as the app does when it starts (in turns, until each has pulled the other's
// copy), and both end with the same learning item holding both reviews, as does the relay. The reviews go through the real store on the app's
// origin (the test-only seed page, webapp-seed-entry.ts), as a learning session writes them.
import {
  createBookmark,
  createMark,
  LearningRating,
  ObjectStore,
  type LearningItem,
  type Mark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { keyOf, relayContents } from './src/sync-snapshot'
import { SEED_PAGE_PATH, type WebappServer, answeredPrompts } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const EMAIL = `learner-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'
const BOOKMARK_ID = 'learn-page'
const MARK_ID = 'learn-card'
const TITLE = 'Notes worth learning'
const MINUTE = 60_000

/** One device: a browser context with the app in one tab and the seed page in another. */
interface Device {
  context: BrowserContext
  seed: Page
  app?: Page
}

describe('a card reviewed offline on two devices', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  const devices: Device[] = []

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  async function openDevice(): Promise<Device> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const seed = await context.newPage()
    await seed.goto(server.url + SEED_PAGE_PATH)
    await seed.waitForFunction(() => typeof window.inkmarkReview === 'function')
    const device: Device = { context, seed }
    devices.push(device)
    return device
  }

  /** Opens the app in a new tab of the device: it syncs as it starts. */
  async function openApp(device: Device): Promise<Page> {
    const app = await device.context.newPage()
    await app.goto(server.url + '/')
    device.app = app
    return app
  }

  /** Closes the app's tab, so that the seed page's store is the only one writing. */
  async function closeApp(device: Device): Promise<void> {
    await device.app?.close()
    device.app = undefined
  }

  const cardOn = (device: Device): Promise<Mark | undefined> =>
    device.seed.evaluate((id) => window.inkmarkReadMark!(id), MARK_ID)
  const reviewIds = (item: LearningItem | undefined) =>
    (item?.reviewLog ?? []).map((entry) => entry.id).sort()
  const cardOnRelay = async (token: string) =>
    (await relayContents(relay.url, token)).live[keyOf(ObjectStore.MARKS, MARK_ID)] as
      Mark | undefined

  it('ends with the same learning item, holding both reviews, everywhere', async () => {
    // The laptop signs up and writes the card; the phone logs into the same account and has it.
    const laptop = await openDevice()
    const signUp = await laptop.context.newPage()
    await signUp.goto(server.url + '/sign-up')
    await signUp.getByLabel('Email').fill(EMAIL)
    await signUp.getByLabel('Password').fill(PASSWORD)
    await signUp.getByRole('button', { name: 'Sign up' }).click()
    await expect
      .poll(() => signUp.locator('[data-sync-state]').getAttribute('data-sync-state'))
      .toBe('UP_TO_DATE')
    const token = (await signUp.evaluate((key) => localStorage.getItem(key), TOKEN_KEY))!
    expect(token).toBeTruthy()
    await signUp.close()
    const now = Date.now()
    const seeded = await laptop.seed.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [
        {
          ...createBookmark(
            { _id: BOOKMARK_ID, url: 'https://example.org/learn', title: TITLE },
            now,
          ),
          isStarred: true,
        },
        createMark(
          {
            _id: MARK_ID,
            _bookmark: BOOKMARK_ID,
            url: 'https://example.org/learn',
            text: 'Spaced repetition brings a card back just before it is forgotten.',
          },
          now,
        ),
        answeredPrompts,
      ],
    )
    expect(seeded.rejected).toEqual([])
    await openApp(laptop)
    await expect.poll(() => cardOnRelay(token).then((card) => card?.text)).toBeTruthy()

    const phone = await openDevice()
    const login = await openApp(phone)
    await login.goto(server.url + '/login')
    await login.getByLabel('Email').fill(EMAIL)
    await login.getByLabel('Password').fill(PASSWORD)
    await login.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => cardOn(phone).then((card) => card?.text)).toBeTruthy()

    // Both offline, both review the card once: each holds only its own review.
    for (const device of [laptop, phone]) {
      await closeApp(device)
      await device.context.setOffline(true)
    }
    const fromLaptop = await laptop.seed.evaluate(
      ([id, rating, at]) => window.inkmarkReview!(id, rating, at),
      [MARK_ID, LearningRating.KNOW, now + MINUTE] as const,
    )
    const fromPhone = await phone.seed.evaluate(
      ([id, rating, at]) => window.inkmarkReview!(id, rating, at),
      [MARK_ID, LearningRating.DONT_KNOW, now + 2 * MINUTE] as const,
    )
    const [laptopReview] = reviewIds(fromLaptop.learningItem)
    const [phoneReview] = reviewIds(fromPhone.learningItem)
    expect(fromLaptop.learningItem?.reviewLog).toHaveLength(1)
    expect(fromPhone.learningItem?.reviewLog).toHaveLength(1)
    expect(laptopReview).not.toBe(phoneReview)

    // Back online, each syncs as the app starts, in turns: the laptop, the phone (its copy is the
    // newer: it is kept and pushed), the laptop again (the phone's copy replaces its own, whose
    // review the store merges back in and pushes), the phone again.
    const both = [laptopReview, phoneReview].sort()
    const reviewsOnRelay = async () => reviewIds((await cardOnRelay(token))?.learningItem)
    for (const device of [laptop, phone]) {
      await device.context.setOffline(false)
    }
    await openApp(laptop)
    await expect.poll(reviewsOnRelay).toContain(laptopReview)
    await closeApp(laptop)
    await openApp(phone)
    await expect.poll(reviewsOnRelay).toContain(phoneReview)
    await closeApp(phone)
    await openApp(laptop)
    await expect.poll(reviewsOnRelay).toEqual(both)
    await expect.poll(async () => reviewIds((await cardOn(laptop))?.learningItem)).toEqual(both)
    await closeApp(laptop)
    await openApp(phone)
    await expect.poll(async () => reviewIds((await cardOn(phone))?.learningItem)).toEqual(both)

    // One learning item everywhere: the same state, the same log, on both devices and the relay.
    const onLaptop = (await cardOn(laptop))!.learningItem
    const onPhone = (await cardOn(phone))!.learningItem
    expect(onPhone).toEqual(onLaptop)
    expect((await cardOnRelay(token))?.learningItem).toEqual(onLaptop)
    expect(onLaptop?.lastLearnedHistory).toEqual([now + MINUTE, now + 2 * MINUTE])
    for (const device of devices) {
      await device.context.close()
    }
  })
})
