// The highlighter's Advanced (EXPERT) mode (ADR 077) on a plan with unlimited features: a fresh
// account at a real relay is on the Ultimate trial. In Advanced, a selection wholly inside a
// painted highlight highlighted with another colour changes that highlight's colour (stored and
// painted, also after a reload) and lays no second highlight; in Standard (BASIC), on the same
// plan, the same action lays a second highlight over the first.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  sessionCall,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { pressShortcut } from './src/shortcuts'
import { registerAccount } from './src/sync-device'

const PASSWORD = 'correct horse battery'
const SENTENCE = 'A sentence highlighted whole, then a few of its words in another colour.'
/** "few of its" inside SENTENCE. */
const WORDS = { start: SENTENCE.indexOf('few'), end: SENTENCE.indexOf('few') + 'few of its'.length }
/** The default colour (Alt+S) and the marker popup's "Highlight blue" (soft palette). */
const YELLOW = '#fdffb4'
const BLUE = '#c3effc'
/** Generous: an effect, not a deadline. */
const WAIT = { timeout: 20_000 }

interface StoredMark {
  _id: string
  url: string
  text: string
  color: string
  deleted?: boolean
}

/** The marks the background holds for `url`. */
async function marksOf(browser: ExtensionBrowser, url: string): Promise<StoredMark[]> {
  const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
  return marks.filter((mark) => mark.url === url && mark.deleted !== true)
}

/** Each painted highlight's id and the background colours of its wrappers (as hex). */
function paintedColors(page: Page): Promise<{ id: string; colors: string[] }[]> {
  return page.evaluate(() => {
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((part) => Number(part).toString(16).padStart(2, '0'))
        .join('')}`
    const byId = new Map<string, Set<string>>()
    for (const wrapper of document.querySelectorAll<HTMLElement>('.inkmark-highlight[markid]')) {
      const id = wrapper.getAttribute('markid')!
      const colors = byId.get(id) ?? new Set<string>()
      colors.add(hex(getComputedStyle(wrapper).backgroundColor))
      byId.set(id, colors)
    }
    return [...byId].map(([id, colors]) => ({ id, colors: [...colors] }))
  })
}

describe('the highlighter in Advanced and Standard mode on the Ultimate trial', () => {
  let relay: RelayProcess
  let site: WrittenSite
  let browser: ExtensionBrowser

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    site = await writtenSite()
    await site.write('advanced.html', article([SENTENCE]))
    await site.write('standard.html', article([SENTENCE]))
    const email = `advanced-mode-${Date.now()}@example.com`
    await registerAccount(relay.url, email, PASSWORD)
    browser = await launchWithExtension()
    const status = await sessionCall<{ signedIn: boolean; plan?: string }>(
      browser,
      'signIn',
      relay.url,
      email,
      PASSWORD,
    )
    // A new account is on the Ultimate trial: unlimited features, Advanced allowed.
    expect(status).toMatchObject({ signedIn: true, plan: 'FREE_TRIAL' })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  /** Sets the mode (the toolbox kept closed), opens `path` and highlights SENTENCE with Alt+S. */
  async function highlightWholeSentence(
    path: string,
    mode: 'EXPERT' | 'BASIC',
  ): Promise<{ page: Page; url: string; first: StoredMark }> {
    await storeCall(browser, 'updateChromeSettings', {
      highlighterMode: mode,
      showToolboxAutomatically: false,
      defaultHighlightColor: YELLOW,
    })
    const url = site.url(path)
    const page = await browser.context.newPage()
    await page.goto(url)
    expect(await highlighterReady(page)).toBe('ready')
    expect(await selectText(page, '#p1', 0, SENTENCE.length)).toBe(SENTENCE)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(() => paintedHighlights(page), WAIT).toHaveLength(1)
    await expect.poll(() => marksOf(browser, url), WAIT).toHaveLength(1)
    const [first] = await marksOf(browser, url)
    expect(first).toMatchObject({ text: SENTENCE, color: YELLOW })
    return { page, url, first: first! }
  }

  /** Selects WORDS (inside the painted highlight) and picks "Highlight blue" in the marker popup. */
  async function highlightWordsBlue(page: Page): Promise<void> {
    expect(await selectText(page, '#p1', WORDS.start, WORDS.end)).toBe('few of its')
    await inkmarkUi(page).click('[data-inkmark-marker-popup] button[aria-label="Highlight blue"]')
  }

  it('Advanced: highlighting words inside a highlight recolours it, no second highlight', async () => {
    const { page, url, first } = await highlightWholeSentence('advanced.html', 'EXPERT')
    // Advanced is in effect on this plan: the marker popup offers its extra action.
    await selectText(page, '#p1', WORDS.start, WORDS.end)
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-marker-popup] button',
      hasText: 'Highlight and add note',
    })
    await page.keyboard.press('Escape')

    await highlightWordsBlue(page)
    await expect
      .poll(() => marksOf(browser, url), WAIT)
      .toEqual([expect.objectContaining({ _id: first._id, text: SENTENCE, color: BLUE })])
    await expect.poll(() => paintedColors(page), WAIT).toEqual([{ id: first._id, colors: [BLUE] }])
    expect((await paintedHighlights(page)).map((highlight) => highlight.text)).toEqual([SENTENCE])

    // Read back from the store on a fresh load: still one highlight, blue.
    await page.reload()
    await highlighterReady(page)
    await expect.poll(() => paintedColors(page), WAIT).toEqual([{ id: first._id, colors: [BLUE] }])
    await page.close()
  })

  it('Standard: the same action on the same plan lays a second highlight', async () => {
    const { page, url, first } = await highlightWholeSentence('standard.html', 'BASIC')
    await selectText(page, '#p1', WORDS.start, WORDS.end)
    await inkmarkUi(page).waitFor({ selector: '[data-inkmark-marker-popup]' })
    expect(
      await inkmarkUi(page).count({
        selector: '[data-inkmark-marker-popup] button',
        hasText: 'Highlight and add note',
      }),
    ).toBe(0)
    await page.keyboard.press('Escape')

    await highlightWordsBlue(page)
    await expect.poll(async () => (await marksOf(browser, url)).length, WAIT).toBe(2)
    const marks = await marksOf(browser, url)
    const second = marks.find((mark) => mark._id !== first._id)
    expect(marks.find((mark) => mark._id === first._id)).toMatchObject({
      text: SENTENCE,
      color: YELLOW,
    })
    expect(second).toMatchObject({ text: 'few of its', color: BLUE })
    await expect.poll(() => paintedColors(page), WAIT).toHaveLength(2)
    const painted = await paintedColors(page)
    expect(painted.find((entry) => entry.id === first._id)?.colors).toContain(YELLOW)
    expect(painted.find((entry) => entry.id === second!._id)?.colors).toEqual([BLUE])
    await page.close()
  })
})
