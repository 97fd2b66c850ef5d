// A hostile page (issue 12): its scripts try every trick a page has against a content script:
// synthetic shortcut keys, a scripted selection with a synthetic mouseup, synthetic clicks on our
// highlights, on our host and on every element it can reach, reading shadow roots. Nothing may
// happen in the library and the page may learn nothing, while the person's own input, in the same
// page, still works (ADR 027). The page reports what it got in `window.hostileFindings`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { isToolboxShown, openedToolbox } from './src/extension-toolbox'
import {
  FIRST,
  SECOND,
  THIRD,
  highlighterReady,
  paintedHighlights,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'

const NOTE = 'Heron migration plans for the marsh'
const TAG = 'kingfisher-private'

/** The page's own script: every trick, run when the test calls `hostileAttack()`. */
const HOSTILE_SCRIPT = `
window.hostileFindings = []
const report = (finding) => window.hostileFindings.push(finding)
const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0))

function readShadowRoots() {
  for (const element of document.querySelectorAll('*')) {
    const root = element.shadowRoot
    if (root) {
      const texts = [...root.children].filter((child) => child.tagName !== 'STYLE')
        .map((child) => child.textContent)
      const values = [...root.querySelectorAll('textarea, input')].map((field) => field.value)
      report('open shadow root on ' + element.tagName + '#' + element.id + ': ' +
        JSON.stringify({ texts, values }))
      // And the toolbox's Delete, from a script.
      for (const button of root.querySelectorAll('button')) {
        if (button.textContent === 'Delete') {
          button.click()
        }
      }
    }
  }
  const host = document.querySelector('[data-inkmark-ui], #inkmark-ui-host')
  if (host && host.shadowRoot) {
    report('host.shadowRoot readable')
  }
}

function fakeKeys(targets, init) {
  for (const target of targets) {
    for (const type of ['keydown', 'keypress', 'keyup']) {
      target.dispatchEvent(new KeyboardEvent(type, { bubbles: true, cancelable: true, composed: true, ...init }))
    }
  }
}

function selectParagraph(id) {
  const range = document.createRange()
  range.selectNodeContents(document.getElementById(id).firstChild)
  const selection = getSelection()
  selection.removeAllRanges()
  selection.addRange(range)
}

function fakeMouse(target, types) {
  for (const type of types) {
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, view: window }))
  }
}

// A scripted selection ended by a synthetic mouseup and Shift keyup (the marker popup's cue).
window.hostileSelect = async () => {
  selectParagraph('p2')
  fakeMouse(document.getElementById('p2'), ['mousedown', 'mouseup', 'click'])
  fakeKeys([document.getElementById('p2')], { key: 'Shift', shiftKey: true })
  // The highlighter waits a task for the selection to settle; these run after it.
  await macrotask()
  await macrotask()
}

window.hostileAttack = async (secrets) => {
  readShadowRoots()
  // Text our interface shows on the page: window.find searches shadow roots, closed ones too.
  for (const secret of secrets) {
    getSelection().removeAllRanges()
    if (window.find(secret)) {
      report('window.find found ' + secret)
    }
  }
  getSelection().removeAllRanges()
  const host = document.querySelector('#inkmark-ui-host')
  const highlight = document.querySelector('.inkmark-highlight[markid]')
  const targets = [document, window, document.body, document.documentElement, host].filter(Boolean)

  // The shortcuts on a scripted selection: Alt+S, Alt+A (highlight), Alt+W (sidebar),
  // Alt+B (bookmark), Alt+R (reader).
  selectParagraph('p2')
  for (const [key, code] of [['s', 'KeyS'], ['a', 'KeyA'], ['b', 'KeyB'], ['r', 'KeyR']]) {
    fakeKeys(targets, { key, code, altKey: true })
  }
  // Once only: a toggle pressed an even number of times would hide a success.
  fakeKeys([document.body], { key: 'w', code: 'KeyW', altKey: true })
  // Enter and clicks on a highlight (its toolbox), then on our host and on everything else.
  if (highlight) {
    fakeKeys([highlight], { key: 'Enter', code: 'Enter' })
    fakeMouse(highlight, ['mousedown', 'mouseup', 'click'])
  }
  for (const element of [host, ...document.querySelectorAll('*')].filter(Boolean)) {
    fakeMouse(element, ['mousedown', 'mouseup', 'click'])
    if (typeof element.click === 'function') {
      element.click()
    }
  }
  fakeKeys(targets, { key: 'Escape', code: 'Escape' })
  fakeKeys(targets, { key: 'Delete', code: 'Delete' })
  readShadowRoots()
  getSelection().removeAllRanges()
  await macrotask()
  await macrotask()
  return window.hostileFindings
}
`

function hostilePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile page</title>
<script>${HOSTILE_SCRIPT}</script></head>
<body><main><h1>Hostile page</h1><p id="p1">${FIRST}</p><p id="p2">${SECOND}</p><p id="p3" style="margin-top: 900px">${THIRD}</p></main></body></html>`
}

interface StoredMark {
  _id: string
  text: string
  notes?: string
  tags: string[]
  _bookmark: string
}

interface StoredBookmark {
  _id: string
  url: string
  isStarred?: boolean
}

/** Highlights paragraph `id` the way a person does: a triple click selects it, the popup's first colour. */
async function highlightParagraph(page: Page, id: string): Promise<void> {
  const ui = inkmarkUi(page)
  await page.locator(`#${id}`).click({ clickCount: 3 })
  await ui.click({ selector: '[data-inkmark-marker-popup] button.swatch' })
  await ui.waitFor('[data-inkmark-marker-popup]', { state: 'detached' })
}

/** Runs the page's tricks; `secrets` are texts it tries to find with window.find. */
function attack(page: Page, secrets: readonly string[]): Promise<string[]> {
  return page.evaluate(
    (texts) =>
      (
        globalThis as unknown as { hostileAttack(texts: string[]): Promise<string[]> }
      ).hostileAttack(texts),
    [...secrets],
  )
}

/**
 * The person highlights the first paragraph, opens its toolbox with a click and writes a note and
 * a tag in it; the toolbox stays open.
 */
async function highlightWithNote(page: Page): Promise<void> {
  await highlightParagraph(page, 'p1')
  await expect.poll(() => paintedHighlights(page)).toHaveLength(1)
  await page.locator('.inkmark-highlight[markid]').first().click()
  // The toolbox is an extension frame (ADR 033): the person types into it.
  const toolbox = await openedToolbox(page)
  await page.keyboard.type(NOTE)
  await toolbox.getByRole('button', { name: 'Save note' }).click()
  await inkmarkUi(page).waitFor({ selector: '[data-inkmark-toast]', hasText: 'Note saved' })
  await toolbox.getByRole('combobox', { name: 'Add tag' }).focus()
  await page.keyboard.type(TAG)
  await page.keyboard.press('Enter')
  await expect.poll(() => toolbox.getByRole('listitem').allTextContents()).toEqual([`${TAG}×`])
}

async function marksOf(browser: ExtensionBrowser, url: string): Promise<StoredMark[]> {
  const bookmarks = await storeCall<StoredBookmark[]>(browser, 'getAllBookmarks')
  const ids = new Set(bookmarks.filter((bookmark) => bookmark.url === url).map((b) => b._id))
  const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
  return marks.filter((mark) => ids.has(mark._bookmark))
}

describe('a hostile page', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('hostile.html', hostilePage())
    await site.write('hostile-find.html', hostilePage())
    browser = await launchWithExtension()
    // The toolbox opens when the person asks (a click on the highlight), not after a highlight.
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('cannot drive or read Inkmark, while the person still can in the same page', async () => {
    const url = site.url('hostile.html')
    const page = await browser.context.newPage()
    const ui = inkmarkUi(page)
    await page.goto(url)
    expect(await highlighterReady(page)).toBe('ready')
    await highlightWithNote(page)
    const [made] = await marksOf(browser, url)
    expect(made).toMatchObject({ text: FIRST, notes: NOTE, tags: [TAG] })
    const pagesBefore = browser.context.pages().length

    // The page tries everything while the toolbox shows the note and the tag. Soft: one run
    // shows every defence that failed.
    await page.evaluate(() =>
      (globalThis as unknown as { hostileSelect(): Promise<void> }).hostileSelect(),
    )
    expect.soft(await ui.count('[data-inkmark-marker-popup]')).toBe(0)
    expect.soft(await attack(page, [])).toEqual([])
    // Nothing the page did reached our interface: no sidebar, the toolbox still open.
    expect.soft(await ui.count('iframe[data-inkmark-sidebar]')).toBe(0)
    expect.soft(await isToolboxShown(page)).toBe(true)

    // The person's own input still works in the same page: a click elsewhere closes the toolbox,
    // a new highlight by the popup (the third paragraph is far below, clear of the toolbox).
    await highlightParagraph(page, 'p3')
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toContain(THIRD)

    // The library holds what the person made and nothing the page tried (the second paragraph,
    // a starred bookmark, a deleted highlight, a reader tab).
    const marks = await marksOf(browser, url)
    expect.soft(marks.map((mark) => mark.text).sort()).toEqual([FIRST, THIRD].sort())
    expect
      .soft(marks.find((mark) => mark.text === FIRST))
      .toMatchObject({ notes: NOTE, tags: [TAG] })
    const bookmarks = await storeCall<StoredBookmark[]>(browser, 'getAllBookmarks')
    const bookmark = bookmarks.filter((candidate) => candidate.url === url)
    expect.soft(bookmark).toHaveLength(1)
    expect.soft(bookmark[0]?.isStarred ?? false).toBe(false)
    expect.soft(browser.context.pages().length).toBe(pagesBefore)
    await page.close()
  })

  // window.find() searches closed shadow roots too (text and field values), so a page could test
  // guesses of the note and tags a toolbox in our root showed. The toolbox is an extension-origin
  // frame (ADR 033): nothing of it is in the page's document to find.
  it('cannot find the note or tags the toolbox shows with window.find', async () => {
    const url = site.url('hostile-find.html')
    const page = await browser.context.newPage()
    await page.goto(url)
    await highlighterReady(page)
    await highlightWithNote(page)
    expect(await attack(page, [NOTE, TAG])).toEqual([])
    await page.close()
  })
})
