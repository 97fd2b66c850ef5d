// The Kindle notebook import helper in the built extension, in Chromium, on a local page shaped
// like the notebook (tests/pages/kindle-notebook.html) served as https://read.amazon.com/notebook:
// Chromium maps the host to a loopback HTTPS server. Two books; the second one's highlights come in
// two pages, the second page held back by the test until the progress was seen. Covered: the card
// and its axe check, the import by the person's click (progress, then the outcome), both books and
// their highlights in the library (type kindle, ASIN, cover, colours on Inkmark's palette, notes,
// locations and pages) and in the web app of the same browser, a second import adding nothing, and
// a page script's click doing nothing.
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations } from './src/axe'
import { ClosedShadow } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { storeCall } from './src/extension-page'
import { E2E_WEBAPP_PORT, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { startWebapp, type WebappServer } from './src/webapp-server'
import { hostLaunchArgs, startLoopbackHttps, type LoopbackHttps } from './src/loopback-https'

interface Row {
  color?: 'yellow' | 'blue' | 'pink' | 'orange'
  text?: string
  note?: string
  location: number
  page?: string
}
interface TestBook {
  asin: string
  title: string
  author: string
  /** The annotations, by page of the notebook's list. */
  pages: Row[][]
}

const BOOKS: TestBook[] = [
  {
    asin: 'B0TESTBK01',
    title: 'The Quiet Lighthouse',
    author: 'Ada Marlowe',
    pages: [
      [
        {
          color: 'yellow',
          text: 'The lamp turned all night, whether or not a ship was there to see it.',
          note: 'Duty without an audience.',
          location: 112,
        },
        {
          color: 'blue',
          text: 'Salt gets into everything, even the clocks.',
          location: 480,
          page: '17',
        },
      ],
    ],
  },
  {
    asin: 'B0TESTBK02',
    title: 'Rivers & <Maps>',
    author: 'Jonas Ek',
    pages: [
      [
        { color: 'pink', text: 'A map is a promise the river never made.', location: 33 },
        { color: 'orange', text: 'Every delta forgets its mountain.', location: 901 },
      ],
      [{ color: 'yellow', text: 'We named the bends after the people we lost.', location: 1402 }],
    ],
  },
]

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function libraryHtml(origin: string): string {
  return BOOKS.map(
    (book) => `
<div id="${book.asin}" class="a-row kp-notebook-library-each-book">
  <span class="a-declarative" data-action="get-annotations-for-asin">
    <a class="a-link-normal a-text-normal" href="javascript:void(0);">
      <img src="${origin}/covers/${book.asin}.jpg" alt="" class="kp-notebook-cover-image" />
      <div>
        <h2 class="a-size-base a-color-base a-text-bold kp-notebook-searchable">${escape(book.title)}</h2>
        <p class="a-size-base a-color-secondary kp-notebook-searchable">By: ${escape(book.author)}</p>
      </div>
    </a>
  </span>
</div>`,
  ).join('')
}

function rowHtml(row: Row, index: number): string {
  const kind =
    row.text === undefined
      ? 'Note'
      : `${row.color![0]!.toUpperCase()}${row.color!.slice(1)} highlight`
  const place = row.page === undefined ? `Location:&nbsp;${row.location}` : `Page:&nbsp;${row.page}`
  return `
<div id="ANNOTATION${index}" class="a-row a-spacing-base">
  <div class="a-column a-span10 kp-notebook-row-separator">
    <div class="a-row">
      <input type="hidden" name="" value="${row.location}" id="kp-annotation-location" />
      <span id="annotationHighlightHeader" class="a-size-small a-color-secondary kp-notebook-metadata">${kind} | ${place}</span>
    </div>
    <div class="a-row a-spacing-top-medium">
      <div id="highlight-ANNOTATION${index}" class="a-row kp-notebook-highlight kp-notebook-highlight-${row.color ?? 'yellow'}">
        <span id="highlight" class="a-size-base-plus a-color-base">${escape(row.text ?? '')}</span>
      </div>
      <div id="note-ANNOTATION${index}" class="a-row a-spacing-top-base kp-notebook-note">
        <span id="note-label" class="a-size-small a-color-secondary">Note:</span><span id="note" class="a-size-base-plus a-color-base">${escape(row.note ?? '')}</span>
      </div>
    </div>
  </div>
</div>`
}

/** The annotation section of `book`'s page `page` (0-based), as the notebook's fetch answers it. */
function annotationsHtml(book: TestBook, page: number): string {
  const next = page + 1 < book.pages.length ? `page-${page + 1}` : ''
  return `
<div class="a-row a-spacing-base kp-notebook-annotation-container">
  <input type="hidden" id="kp-notebook-annotations-asin" value="${book.asin}" />
  <input type="hidden" class="kp-notebook-annotations-next-page-start" value="${next}" />
  <input type="hidden" class="kp-notebook-content-limit-state" value="" />
  <h3 class="a-spacing-top-small a-color-base kp-notebook-selectable kp-notebook-metadata">${escape(book.title)}</h3>
  <p class="a-spacing-none a-spacing-top-micro a-size-base a-color-secondary kp-notebook-selectable kp-notebook-metadata">${escape(book.author)}</p>
</div>
<div id="kp-notebook-annotations" class="a-row">${book.pages[page]!.map((row, index) => rowHtml(row, page * 100 + index)).join('')}</div>`
}

interface NotebookSite {
  server: LoopbackHttps
  /** Holds the next answer for a later page of a book until `release()` is called. */
  holdLaterPages(): { release: () => void; asked: Promise<void> }
}

async function startNotebookSite(): Promise<NotebookSite> {
  const template = await readFile(
    join(dirname(fileURLToPath(import.meta.url)), 'pages', 'kindle-notebook.html'),
    'utf8',
  )
  let hold: { release: Promise<void>; asked: () => void } | undefined
  const origin = 'https://read.amazon.com'
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin)
    const book = BOOKS.find((candidate) => candidate.asin === url.searchParams.get('asin'))
    if (url.pathname === '/notebook' && book !== undefined) {
      const page = Number(/^page-(\d+)$/.exec(url.searchParams.get('token') ?? '')?.[1] ?? 0)
      const send = () => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(annotationsHtml(book, page))
      }
      const held = page > 0 ? hold : undefined
      if (held) {
        hold = undefined
        held.asked()
        void held.release.then(send)
      } else {
        send()
      }
    } else if (url.pathname === '/notebook') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        template
          .replace('__LIBRARY__', libraryHtml(origin))
          .replace('__ANNOTATIONS__', annotationsHtml(BOOKS[0]!, 0)),
      )
    } else if (url.pathname.startsWith('/covers/')) {
      response.writeHead(404).end()
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  }
  const server = await startLoopbackHttps('read.amazon.com', handler)
  return {
    server,
    holdLaterPages() {
      let release!: () => void
      let asked!: () => void
      const askedPromise = new Promise<void>((resolve) => (asked = resolve))
      hold = { release: new Promise<void>((resolve) => (release = resolve)), asked }
      return { release, asked: askedPromise }
    },
  }
}

interface StoredBookmark {
  _id: string
  url: string
  title: string
  type: string
  asin?: string
  author?: string
  coverTitle?: string
  coverImageUrl?: string
  deletedAt?: number
}
interface StoredMark {
  _bookmark: string
  text?: string
  notes?: string
  color: string
  type: string
  kindleLocation?: number
  kindlePage?: string
  deletedAt?: number
}

/** Generous: an effect, not a deadline (the walk loads pages). */
const WAIT = { timeoutMs: 30_000 }

const helper = (page: Page) => new ClosedShadow(page, '#inkmark-kindle-helper')

async function kindleLibrary(browser: ExtensionBrowser) {
  const bookmarks = (await storeCall<StoredBookmark[]>(browser, 'getAllBookmarks')).filter(
    (bookmark) => bookmark.type === 'kindle' && bookmark.deletedAt === undefined,
  )
  const ids = new Set(bookmarks.map((bookmark) => bookmark._id))
  const marks = (await storeCall<StoredMark[]>(browser, 'getAllMarks')).filter(
    (mark) => ids.has(mark._bookmark) && mark.deletedAt === undefined,
  )
  return { bookmarks, marks }
}

describe('the Kindle notebook import helper', () => {
  // The web app shares the extension's library in the same browser (ADR 035).
  holdE2eWebappOriginDuringBlock()
  let site: NotebookSite
  let browser: ExtensionBrowser
  let webapp: WebappServer

  beforeAll(async () => {
    site = await startNotebookSite()
    webapp = await startWebapp({ port: E2E_WEBAPP_PORT })
    browser = await launchWithExtension(undefined, { extraArgs: hostLaunchArgs(site.server) })
  })

  afterAll(async () => {
    await browser?.close()
    await webapp?.close()
    await site?.server.close()
  })

  it('imports both books and their highlights with progress, and a second import adds nothing', async () => {
    const page = await browser.context.newPage()
    await page.goto('https://read.amazon.com/notebook')
    const card = helper(page)
    await card.waitFor({ selector: 'button[data-action="import"]', hasText: 'Import to Inkmark' })
    expect(await closedRootAxeViolations(card)).toEqual([])

    // A page script's click reaches the host only, never the button in the closed root.
    await page.evaluate(() =>
      document.querySelector<HTMLElement>('#inkmark-kindle-helper')!.click(),
    )
    expect(await card.text('[data-part="status"]')).toBe('')

    const held = site.holdLaterPages()
    await card.click('button[data-action="import"]')
    // The walk is at the second book, waiting for its second page: the progress says so.
    await card.waitFor(
      { selector: '[data-part="status"]', hasText: 'Importing book 2 of 2: Rivers & <Maps>' },
      WAIT,
    )
    await held.asked
    expect(await card.attribute('progress', 'max')).toBe('2')
    expect(await card.attribute('button[data-action="import"]', 'disabled')).toBe('')
    expect(await closedRootAxeViolations(card)).toEqual([])
    held.release()
    await card.waitFor(
      { selector: '[data-part="status"]', hasText: 'Imported 2 new books and 5 highlights.' },
      WAIT,
    )
    expect(await card.text('[data-part="alert"]')).toBe('')

    const { bookmarks, marks } = await kindleLibrary(browser)
    expect(
      bookmarks
        .map(({ title, asin, author, coverTitle, coverImageUrl, url }) => ({
          title,
          asin,
          author,
          coverTitle,
          coverImageUrl,
          url,
        }))
        .sort((a, b) => a.asin!.localeCompare(b.asin!)),
    ).toEqual([
      {
        title: 'The Quiet Lighthouse',
        asin: 'B0TESTBK01',
        author: 'Ada Marlowe',
        coverTitle: 'The Quiet Lighthouse',
        coverImageUrl: 'https://read.amazon.com/covers/B0TESTBK01.jpg',
        url: `kindle:${encodeURIComponent('The Quiet Lighthouse (Ada Marlowe)')}`,
      },
      {
        title: 'Rivers & <Maps>',
        asin: 'B0TESTBK02',
        author: 'Jonas Ek',
        coverTitle: 'Rivers & <Maps>',
        coverImageUrl: 'https://read.amazon.com/covers/B0TESTBK02.jpg',
        url: `kindle:${encodeURIComponent('Rivers & <Maps> (Jonas Ek)')}`,
      },
    ])
    const bookOf = new Map(bookmarks.map((bookmark) => [bookmark._id, bookmark.asin]))
    expect(
      marks
        .map((mark) => ({
          asin: bookOf.get(mark._bookmark),
          text: mark.text,
          notes: mark.notes,
          color: mark.color,
          type: mark.type,
          location: mark.kindleLocation,
          page: mark.kindlePage,
        }))
        .sort((a, b) => a.location! - b.location!),
    ).toEqual([
      {
        asin: 'B0TESTBK02',
        text: 'A map is a promise the river never made.',
        notes: undefined,
        color: '#f7c2d6',
        type: 'kindle',
        location: 33,
        page: undefined,
      },
      {
        asin: 'B0TESTBK01',
        text: 'The lamp turned all night, whether or not a ship was there to see it.',
        notes: 'Duty without an audience.',
        color: '#fdffb4',
        type: 'kindle',
        location: 112,
        page: undefined,
      },
      {
        asin: 'B0TESTBK01',
        text: 'Salt gets into everything, even the clocks.',
        notes: undefined,
        color: '#c3effc',
        type: 'kindle',
        location: 480,
        page: '17',
      },
      {
        asin: 'B0TESTBK02',
        text: 'Every delta forgets its mountain.',
        notes: undefined,
        color: '#ffad2a',
        type: 'kindle',
        location: 901,
        page: undefined,
      },
      {
        asin: 'B0TESTBK02',
        text: 'We named the bends after the people we lost.',
        notes: undefined,
        color: '#fdffb4',
        type: 'kindle',
        location: 1402,
        page: undefined,
      },
    ])

    // The person's book is shown again, and a second import finds nothing new.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector<HTMLInputElement>('#kp-notebook-annotations-asin')?.value,
        ),
      )
      .toBe('B0TESTBK01')
    await card.click('button[data-action="import"]')
    await card.waitFor(
      {
        selector: '[data-part="status"]',
        hasText: 'Nothing new: every book and highlight is already in Inkmark.',
      },
      WAIT,
    )
    const again = await kindleLibrary(browser)
    expect(again.bookmarks).toHaveLength(2)
    expect(again.marks).toHaveLength(5)
    await page.close()

    // The web app of this browser lists both books.
    const app = await browser.context.newPage()
    await app.goto(`${webapp.url}/`)
    await app.getByText('Library shared with the Inkmark extension').waitFor({ timeout: 30_000 })
    for (const title of ['The Quiet Lighthouse', 'Rivers & <Maps>']) {
      await expect.poll(() => app.getByRole('link', { name: title }).count()).toBeGreaterThan(0)
    }
    await app.close()
  }, 240_000)
})
