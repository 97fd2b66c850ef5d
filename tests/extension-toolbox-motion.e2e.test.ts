// The highlight toolbox's motion, tag suggestions, link question and copy notices in the built
// extension in Chromium (spec sections 4, 5 and 8; ADR 078): it slides in on click and out once
// closed, at once with reduced motion; the toolbox's and the sidebar's tag fields suggest the
// library's tags in the spec's order, without the highlight's own, work from the keyboard, and
// store cleaned tags; a highlight inside a link asks 'Continue to link?' (Cancel stays, Continue
// goes); Copy says what happened, for text and images, and when it could not.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  SECOND,
  THIRD,
  article,
  closeNewHighlightToolbox,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, sidebarFrame } from './src/extension-sidebar'
import {
  isToolboxFocused,
  isToolboxShown,
  openedToolbox,
  shownToolbox,
  toolboxFrame,
} from './src/extension-toolbox'
import { pressShortcut } from './src/shortcuts'
import { startStaticServer, type StaticServer } from './src/static-server'
import { recordToolboxMotion, seedTagCounts, suggestionTexts } from './src/toolbox-motion'

interface StoredMark {
  _id: string
  tags: string[]
  [field: string]: unknown
}

const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#c00"/></svg>`

const TOAST = '[data-inkmark-toast]'

describe('toolbox motion, tags, links and copying', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let strictSite: StaticServer
  let strictDir: string

  beforeAll(async () => {
    site = await writtenSite()
    for (const name of ['motion', 'reduced', 'tags', 'sidebar-tags', 'copy']) {
      await site.write(`${name}.html`, article([FIRST, SECOND, THIRD]))
    }
    await site.write(
      'linked.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title></head>
<body><main><h1>Links</h1><p id="p1"><a id="go" href="destination.html">Read the destination article about marshes and carbon</a></p>
<p id="p2">${SECOND}</p></main></body></html>`,
    )
    await site.write('destination.html', article([THIRD]))
    await site.write('picture.svg', PICTURE)
    await site.write(
      'images.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pictures</title></head>
<body><main><h1>Pictures</h1><p id="p1">${FIRST}</p><img id="picture" src="picture.svg" alt="A red rectangle" width="40" height="30">
<img id="gone" src="gone.svg" alt="A picture that is gone" width="40" height="30"></main></body></html>`,
    )
    strictDir = await mkdtemp(join(tmpdir(), 'inkmark-strict-'))
    await writeFile(join(strictDir, 'strict.html'), article([FIRST, SECOND]))
    await writeFile(
      join(strictDir, '_headers'),
      '/strict.html\n  Permissions-Policy: clipboard-write=()\n',
    )
    strictSite = await startStaticServer(strictDir)
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await strictSite?.close()
    await rm(strictDir, { recursive: true, force: true })
  })

  const marks = () => storeCall<StoredMark[]>(browser, 'getAllMarks')
  const markById = async (id: string) => (await marks()).find((mark) => mark._id === id)

  /** A page of `name` with one highlight of its first paragraph, its toolbox closed. */
  async function highlightedPage(name: string): Promise<{ page: Page; markId: string }> {
    const page = await browser.context.newPage()
    await page.goto(site.url(name))
    expect(await highlighterReady(page)).toBe('ready')
    await selectText(page, '#p1', 0, 24)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)
    const [made] = await paintedHighlights(page)
    return { page, markId: made!.id }
  }

  const highlight = (page: Page, markId: string) =>
    page.locator(`.inkmark-highlight[markid="${markId}"]`).first()

  it('slides in on click and out once closed, then hides', async () => {
    const { page, markId } = await highlightedPage('motion.html')
    const motion = await recordToolboxMotion(page)
    await highlight(page, markId).click()
    await openedToolbox(page)
    await expect.poll(() => motion.states()).toEqual(['hidden', 'sliding-in', 'shown'])
    await page.keyboard.press('Escape')
    await expect
      .poll(() => motion.states())
      .toEqual(['hidden', 'sliding-in', 'shown', 'sliding-out', 'hidden'])
    expect(await isToolboxShown(page)).toBe(false)
    // The page has its clicks back: the frame takes none once hidden.
    const owner = await toolboxFrame(page)!.frameElement()
    expect(
      await owner.evaluate((element) => getComputedStyle(element as Element).pointerEvents),
    ).toBe('none')
    await page.close()
  })

  it('shows and hides at once with reduced motion', async () => {
    const { page, markId } = await highlightedPage('reduced.html')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const motion = await recordToolboxMotion(page)
    await highlight(page, markId).click()
    await openedToolbox(page)
    await expect.poll(() => motion.states()).toEqual(['hidden', 'shown'])
    await page.keyboard.press('Escape')
    await expect.poll(() => motion.states()).toEqual(['hidden', 'shown', 'hidden'])
    expect(await isToolboxShown(page)).toBe(false)
    await page.close()
  })

  it("suggests the library's tags in the spec's order in the toolbox, without the highlight's own, from the keyboard", async () => {
    // Spec section 5, typing "design": exact 100 + 4, prefix 90 + 5, contains 70 + 5,
    // 50 - 2 edits + 5 ("sign"), 50 - 1 edit + 3 ("deign").
    await seedTagCounts(
      browser,
      { design: 4, designer: 9, webdesign: 5, sign: 10, deign: 3 },
      'toolbox',
    )
    const { page, markId } = await highlightedPage('tags.html')
    await highlight(page, markId).click()
    const toolbox = await openedToolbox(page)
    const frame = toolboxFrame(page)!
    const field = toolbox.getByRole('combobox', { name: 'Add tag' })

    await field.fill('design')
    await expect
      .poll(async () => (await suggestionTexts(toolbox)).slice(0, 5))
      .toEqual(['design', 'designer', 'webdesign', 'sign', 'deign'])
    expect(await axeViolationsIn(frame)).toEqual([])

    // ArrowDown twice, Enter: the second suggestion is added.
    await field.press('ArrowDown')
    await field.press('ArrowDown')
    expect(await field.getAttribute('aria-activedescendant')).toBe(
      await toolbox.getByRole('option', { name: 'designer', exact: true }).getAttribute('id'),
    )
    await field.press('Enter')
    await expect.poll(async () => (await markById(markId))?.tags).toEqual(['designer'])

    // The highlight's tags are left out, whatever their case; what is typed is stored cleaned.
    await field.fill(' #Web Design ')
    await field.press('Escape')
    expect(await isToolboxShown(page)).toBe(true)
    await field.press('Enter')
    await expect.poll(async () => (await markById(markId))?.tags).toEqual(['designer', 'WebDesign'])
    await field.fill('design')
    await expect
      .poll(async () => (await suggestionTexts(toolbox)).slice(0, 3))
      .toEqual(['design', 'sign', 'deign'])
    // ArrowUp from none wraps to the last; Escape closes the list, then the toolbox.
    await field.press('ArrowUp')
    await expect.poll(() => field.getAttribute('aria-activedescendant')).not.toBeNull()
    await field.press('Escape')
    await expect.poll(() => suggestionTexts(toolbox)).toEqual([])
    expect(await isToolboxShown(page)).toBe(true)
    await field.press('Escape')
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    await page.close()
  })

  it("suggests the library's tags in the spec's order in the sidebar, without the highlight's own", async () => {
    await seedTagCounts(browser, { garden: 2, gardening: 6, rooftopgarden: 1 }, 'sidebar')
    const { page, markId } = await highlightedPage('sidebar-tags.html')
    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarFrame(page)
    const card = sidebar.locator(`[data-mark-id="${markId}"]`)
    const field = card.getByRole('combobox', { name: 'Add tag' })

    // "garden": exact 100 + 2, prefix 90 + 5, contains 70 + 1.
    await field.fill('garden')
    await expect
      .poll(async () => (await suggestionTexts(card)).slice(0, 3))
      .toEqual(['garden', 'gardening', 'rooftopgarden'])
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await field.press('ArrowDown')
    await field.press('Enter')
    await expect.poll(async () => (await markById(markId))?.tags).toEqual(['garden'])

    await field.fill('GARDEN')
    await expect
      .poll(async () => (await suggestionTexts(card)).slice(0, 2))
      .toEqual(['gardening', 'rooftopgarden'])
    // A click on a suggestion adds it too.
    await card.getByRole('option', { name: 'rooftopgarden', exact: true }).click()
    await expect
      .poll(async () => (await markById(markId))?.tags)
      .toEqual(['garden', 'rooftopgarden'])
    // Typed and cleaned; a tag it already has (in another case) is not added twice.
    await field.fill('Garden (Shed)')
    await field.press('Escape')
    await field.press('Enter')
    await field.fill('GARDEN')
    await field.press('Escape')
    await field.press('Enter')
    await expect
      .poll(async () => (await markById(markId))?.tags)
      .toEqual(['garden', 'rooftopgarden', 'GardenShed'])
    await page.close()
  })

  it("asks 'Continue to link?' on a highlight inside a link: Cancel stays, Continue goes", async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('linked.html'))
    expect(await highlighterReady(page)).toBe('ready')
    await selectText(page, '#go', 9, 31)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)
    const [made] = await paintedHighlights(page)
    const ui = inkmarkUi(page)

    await highlight(page, made!.id).click()
    await openedToolbox(page)
    await ui.waitFor({ selector: TOAST, hasText: 'Continue to link?' })
    expect(page.url()).toBe(site.url('linked.html'))
    // The pointer on the question holds it however long the checks below take.
    const question = await ui.box({ selector: TOAST, hasText: 'Continue to link?' })
    await page.mouse.move(question.x + question.width / 2, question.y + question.height / 2)
    expect(await closedRootAxeViolations(ui)).toEqual([])
    await ui.click({ selector: `${TOAST} button`, hasText: 'Cancel' })
    await ui.waitFor({ selector: TOAST, hasText: 'Continue to link?' }, { state: 'detached' })
    expect(page.url()).toBe(site.url('linked.html'))

    // The toolbox's 'Open link', from the keyboard, asks the same with the keyboard on Continue.
    // The person is in the toolbox first (its note clicked): a mouse click that both moves the
    // keyboard into the frame and asks at once races Chromium's frame-focus update, which reaches
    // the page after the frame's message when the machine is loaded (no person clicks that fast).
    const toolbox = await shownToolbox(page)
    await toolbox.getByRole('textbox', { name: 'Note' }).click()
    await expect.poll(() => isToolboxFocused(page)).toBe(true)
    await toolbox.getByRole('button', { name: 'Open link' }).focus()
    await page.keyboard.press('Enter')
    await ui.waitFor({ selector: TOAST, hasText: 'Continue to link?' })
    await expect
      .poll(() => ui.isFocused({ selector: `${TOAST} button`, hasText: 'Continue' }))
      .toBe(true)
    await page.keyboard.press('Escape')
    await ui.waitFor({ selector: TOAST, hasText: 'Continue to link?' }, { state: 'detached' })
    expect(page.url()).toBe(site.url('linked.html'))

    await highlight(page, made!.id).click()
    await ui.click({ selector: `${TOAST} button`, hasText: 'Continue' })
    await expect.poll(() => page.url()).toBe(site.url('destination.html'))
    await page.close()
  })

  it('copies a highlight and says so, and says when the clipboard refuses', async () => {
    const { page, markId } = await highlightedPage('copy.html')
    const ui = inkmarkUi(page)
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await highlight(page, markId).click()
    let toolbox = await openedToolbox(page)
    await toolbox.getByRole('button', { name: 'Copy' }).click()
    await ui.waitFor({ selector: TOAST, hasText: 'Copied to clipboard 📄' })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FIRST.slice(0, 24))

    await page.close()

    // A page that forbids writing the clipboard (Permissions-Policy): the spec's warning.
    const strict = await browser.context.newPage()
    await strict.goto(`${strictSite.url}/strict.html`)
    expect(await highlighterReady(strict)).toBe('ready')
    await selectText(strict, '#p1', 0, 24)
    await pressShortcut(strict, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(strict)).length).toBe(1)
    await closeNewHighlightToolbox(strict)
    const [made] = await paintedHighlights(strict)
    await highlight(strict, made!.id).click()
    toolbox = await openedToolbox(strict)
    await toolbox.getByRole('button', { name: 'Copy' }).click()
    await inkmarkUi(strict).waitFor({
      selector: TOAST,
      hasText: 'Sorry, copying text is not possible here.',
    })
    await strict.close()
  })

  it('copies an image highlight and says so, and says when the image cannot be copied', async () => {
    // Image highlights as the context menu makes them (their plan check is another test's), made
    // from this page's text highlight.
    const { page, markId } = await highlightedPage('images.html')
    const model = (await markById(markId))!
    const bookmark = model['_bookmark']
    await storeCall(browser, 'createOrUpdateEntities', [
      {
        ...model,
        _id: 'copy-picture',
        _bookmark: bookmark,
        url: site.url('images.html'),
        mediaType: 'image',
        imageSrc: site.url('picture.svg'),
        text: 'A red rectangle',
        tags: [],
        _objectStore: 'marks',
      },
      {
        ...model,
        _id: 'copy-gone',
        _bookmark: bookmark,
        url: site.url('images.html'),
        mediaType: 'image',
        imageSrc: site.url('gone.svg'),
        text: 'A picture that is gone',
        tags: [],
        _objectStore: 'marks',
      },
    ])
    await page.reload()
    await highlighterReady(page)
    await page.waitForSelector('img#picture.inkmark-highlight[markid]')
    await page.waitForSelector('img#gone.inkmark-highlight[markid]')
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const ui = inkmarkUi(page)

    await page.locator('img#picture').click()
    let toolbox = await openedToolbox(page)
    await toolbox.getByRole('button', { name: 'Copy' }).click()
    await ui.waitFor({ selector: TOAST, hasText: 'Successfully copied image 📷' })
    const types = await page.evaluate(async () =>
      (await navigator.clipboard.read()).flatMap((item) => [...item.types]),
    )
    expect(types).toContain('image/png')

    await page.keyboard.press('Escape')
    await page.locator('img#gone').click()
    toolbox = await openedToolbox(page)
    await toolbox.getByRole('button', { name: 'Copy' }).click()
    await ui.waitFor({
      selector: TOAST,
      hasText: 'Sorry, copying image is not possible here. Please copy it manually!',
    })
    await page.close()
  })
})
