// Highlights on a real saved page (Wikipedia's New Zealand article from the fixtures) placed again
// after 5% of the page's words changed: at least 95% of them are found, each on text that is still
// close to what was highlighted. The page's outside resources are refused (no network here).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  highlighterReady,
  paintedHighlights,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { pressShortcut } from './src/shortcuts'

const FIXTURES = fixturesDir('pages')
const HIGHLIGHTS = 20
const CHANGED_SHARE = 0.05

/** mulberry32, so the same words change on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The HTML with 5% of the words of its text (not of scripts, styles or tags) changed. */
function changeWords(html: string, seed: number): { html: string; changed: number; words: number } {
  const random = seeded(seed)
  let changed = 0
  let words = 0
  const parts = html.split(/(<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>)/i)
  const edited = parts.map((part, index) =>
    index % 2 === 1
      ? part
      : part.replace(/[A-Za-z]{3,}/g, (word) => {
          words += 1
          if (random() >= CHANGED_SHARE) {
            return word
          }
          changed += 1
          return [...word].reverse().join('')
        }),
  )
  return { html: edited.join(''), changed, words }
}

/** Edit distance similarity in [0, 1] of the texts with their whitespace collapsed. */
function similarity(first: string, second: string): number {
  const a = first.replace(/\s+/g, ' ').trim()
  const b = second.replace(/\s+/g, ' ').trim()
  const row = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return 1 - row[b.length]! / Math.max(a.length, b.length, 1)
}

/** Selects `length` characters from `start` of the text of paragraph `index` (across its nodes). */
function selectInParagraph(page: Page, index: number, start: number, length: number) {
  return page.evaluate(
    ([paragraphIndex, from, count]) => {
      const paragraph = document.querySelectorAll('#mw-content-text p')[paragraphIndex]!
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      let offset = 0
      let started = false
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text
        const end = offset + text.length
        if (!started && from < end) {
          range.setStart(text, from - offset)
          started = true
        }
        if (started && from + count <= end) {
          range.setEnd(text, from + count - offset)
          break
        }
        offset = end
      }
      const selection = window.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return range.toString()
    },
    [index, start, length] as const,
  )
}

describe('re-anchoring on a real page after 5% of its words changed', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let original: string

  beforeAll(async () => {
    original = await readFile(join(FIXTURES, 'pages/wikipedia-new-zealand.html'), 'utf8')
    site = await writtenSite()
    await site.write('new-zealand.html', original)
    browser = await launchWithExtension()
    const loopback = new URL(site.url('')).origin
    await browser.context.route('**/*', (route) =>
      route.request().url().startsWith(loopback) ? route.continue() : route.abort(),
    )
    await storeCall(browser, 'updateChromeSettings', {
      showToolboxAutomatically: false,
      showMarkerPopup: false,
    })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('finds at least 95% of 20 highlights again, each on text close to the original', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('new-zealand.html'), { waitUntil: 'domcontentloaded' })
    await highlighterReady(page)
    const lengths = await page.evaluate(() =>
      [...document.querySelectorAll('#mw-content-text p')].map(
        (paragraph) => paragraph.textContent?.length ?? 0,
      ),
    )
    const long = lengths.flatMap((length, index) => (length > 300 ? [index] : []))
    const random = seeded(7)
    const chosen: string[] = []
    for (let made = 0; made < HIGHLIGHTS; made++) {
      const paragraph = long[Math.floor((made * long.length) / HIGHLIGHTS)]!
      const start = Math.floor(random() * (lengths[paragraph]! - 200))
      chosen.push(await selectInParagraph(page, paragraph, start, 40 + Math.floor(random() * 80)))
      await pressShortcut(page, 'Alt+S')
      await expect.poll(async () => (await paintedHighlights(page)).length).toBe(made + 1)
    }

    const edit = changeWords(original, 2024)
    expect(edit.changed / edit.words).toBeGreaterThan(0.04)
    await site.write('new-zealand.html', edit.html)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await highlighterReady(page)
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: 'highlights applied',
    })
    const painted = await paintedHighlights(page)
    const placedCloseToOriginal = painted.filter((highlight) =>
      chosen.some((text) => similarity(highlight.text, text) >= 0.75),
    )
    expect(placedCloseToOriginal.length).toBeGreaterThanOrEqual(Math.ceil(HIGHLIGHTS * 0.95))
    expect(placedCloseToOriginal).toHaveLength(painted.length)
    await page.close()
  }, 120_000)
})
