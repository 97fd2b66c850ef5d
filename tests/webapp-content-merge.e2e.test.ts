// Issue 20's merging user text in two real browsers (ADR 081): a laptop and a phone (two Chromium
// contexts of the built web app, each with its own IndexedDB) signed into one account on a real
// relay on loopback both edit one text. Typed on both, each device's words reach the other's open
// editor; then the phone goes offline (its network cut) and both type again; back online and
// synced, both editors, both stored texts and the relay hold every word typed, merged rather
// than one device's save replacing the other's. axe-core finds nothing serious in the editor.
import { ObjectStore } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { relayContents } from './src/sync-snapshot'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const EMAIL = `writer-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'

describe('a text edited on two devices', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  async function newDevice(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(context)
    return context.newPage()
  }

  const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true })
  const syncState = (page: Page) =>
    page.locator('[data-sync-state]').first().getAttribute('data-sync-state')

  /** Types `text` at the end of the text, waits for the save, and syncs. */
  async function typeAtEnd(page: Page, text: string, sync = true): Promise<void> {
    await editorOf(page).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(text)
    await expect.poll(() => page.locator('.save-status').textContent()).toBe('Saved')
    if (sync) {
      await syncNow(page)
    }
  }

  async function syncNow(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Sync now' }).first().click()
    await expect.poll(() => syncState(page)).toBe('UP_TO_DATE')
  }

  it('merges both devices’ typing, offline included, and loses none of it', async () => {
    // The laptop signs up and writes a text.
    const laptop = await newDevice()
    await laptop.goto(server.url + '/sign-up')
    await laptop.getByLabel('Email').fill(EMAIL)
    await laptop.getByLabel('Password').fill(PASSWORD)
    await laptop.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => syncState(laptop)).toBe('UP_TO_DATE')
    const token = (await laptop.evaluate((key) => localStorage.getItem(key), TOKEN_KEY))!
    await laptop.goto(server.url + '/?dialog=add-content')
    const dialog = laptop.getByRole('dialog', { name: 'Add content' })
    await dialog.getByLabel('Title').fill('Shared plan')
    await editorOf(laptop).click()
    await laptop.keyboard.type('Plan: ')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await laptop.waitForURL(/\/content\/[^/?]+$/)
    const contentPath = new URL(laptop.url()).pathname
    await syncNow(laptop)

    // The phone logs in and opens the same text.
    const phone = await newDevice()
    await phone.goto(server.url + '/login')
    await phone.getByLabel('Email').fill(EMAIL)
    await phone.getByLabel('Password').fill(PASSWORD)
    await phone.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => syncState(phone)).toBe('UP_TO_DATE')
    await phone.goto(server.url + contentPath)
    await expect.poll(() => phone.locator('.content-text').textContent()).toContain('Plan:')

    // Both edit; each one's words reach the other's open editor.
    for (const page of [laptop, phone]) {
      await page.getByRole('button', { name: 'Edit' }).click()
      await expect.poll(() => editorOf(page).count()).toBe(1)
    }
    expect(await seriousAxeViolations(laptop)).toEqual([])
    await typeAtEnd(laptop, ' laptop-one')
    await syncNow(phone)
    await expect.poll(() => editorOf(phone).textContent()).toContain('laptop-one')
    await typeAtEnd(phone, ' phone-one')
    await syncNow(laptop)
    await expect.poll(() => editorOf(laptop).textContent()).toContain('phone-one')

    // The phone goes offline; both type; the laptop's words reach the relay.
    await phone.context().setOffline(true)
    await typeAtEnd(phone, ' phone-offline', false)
    await typeAtEnd(laptop, ' laptop-online')

    // Back online and synced, both hold every word, and so does the relay.
    await phone.context().setOffline(false)
    await syncNow(phone)
    await syncNow(laptop)
    const words = ['Plan:', 'laptop-one', 'phone-one', 'phone-offline', 'laptop-online']
    for (const page of [laptop, phone]) {
      await expect
        .poll(async () => {
          const text = (await editorOf(page).textContent()) ?? ''
          return words.filter((word) => text.includes(word))
        })
        .toEqual(words)
    }
    expect(await editorOf(phone).textContent()).toBe(await editorOf(laptop).textContent())
    const merged = (await editorOf(laptop).textContent()) ?? ''
    // Each word once: nothing doubled by the merge or the migration.
    for (const word of words) {
      expect(merged.split(word)).toHaveLength(2)
    }
    expect(await seriousAxeViolations(phone)).toEqual([])

    // Done on both: the stored texts, and the relay's, are the merged text.
    for (const page of [laptop, phone]) {
      await page.getByRole('button', { name: 'Done editing' }).click()
      await expect.poll(() => page.locator('.content-text').textContent()).toBe(merged)
    }
    await syncNow(laptop)
    await expect
      .poll(async () => {
        const { live } = await relayContents(relay.url, token)
        return Object.values(live)
          .filter((entity) => entity._objectStore === ObjectStore.PAGE_CONTENTS)
          .map((entity) => (typeof entity.content === 'string' ? entity.content : ''))
      })
      .toEqual([`<p>${merged}</p>`])
    for (const context of contexts) {
      await context.close()
    }
  })
})
