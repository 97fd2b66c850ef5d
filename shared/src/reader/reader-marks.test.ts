// Creating highlights from the reader and saving articles as page content, on a real store
// (fake-indexeddb): the bookmark is created once, the mark keeps the reader's anchors, the quota
// refuses with the store's reason and keeps nothing.
import { afterEach, describe, expect, it } from 'vitest'
import type { RangeSelectors } from '../anchoring/selectors'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { ObjectStore } from '../domain/entities/object-store'
import { savePageContent } from './page-content-save'
import { noteChanges } from '../domain/entities/mark'
import { createReaderMark, updateReaderMark } from './reader-marks'

const URL_OF_PAGE = 'https://example.org/articles/reading'
const selectors: RangeSelectors = {
  highlightSource: {
    startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 },
    endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 5 },
    text: 'Words',
  },
  quote: { type: 'TextQuoteSelector', exact: 'Words', prefix: '', suffix: ' need' },
  position: { type: 'TextPositionSelector', start: 0, end: 5 },
}

const open: TestStore[] = []
afterEach(async () => {
  for (const harness of open.splice(0)) {
    await harness.store.close()
  }
})
async function store(plan?: 'FREE' | 'PREMIUM') {
  const harness = await openTestStore(plan ? { quotaPlan: plan } : {})
  open.push(harness)
  return harness.store
}

describe('createReaderMark', () => {
  it("creates the page's bookmark once and marks with the reader's anchors", async () => {
    const library = await store()
    const first = await createReaderMark(library, {
      url: URL_OF_PAGE,
      title: 'Reading',
      color: '#a8d1ff',
      selectors,
    })
    await createReaderMark(library, {
      url: URL_OF_PAGE,
      title: 'Reading',
      color: '#fdffb4',
      selectors,
    })
    const bookmark = library.getBookmarkForUrl(URL_OF_PAGE)!
    expect(bookmark.title).toBe('Reading')
    const marks = library.getMarksForBookmark(bookmark._id)
    expect(marks).toHaveLength(2)
    const stored = marks.find((mark) => mark._id === first._id)!
    expect(stored.highlightSource).toBeUndefined()
    expect(stored.highlightSourceReader).toMatchObject({
      startMeta: selectors.highlightSource.startMeta,
      selectors: [selectors.quote, selectors.position],
    })
    expect(stored.text).toBe('Words')
    expect(library.getChromeSettings().recentColors.slice(0, 2)).toEqual(['#fdffb4', '#a8d1ff'])
  })

  it('refuses an invalid highlight and stores no mark', async () => {
    const library = await store()
    await expect(
      createReaderMark(library, {
        url: URL_OF_PAGE,
        title: 'x',
        color: 'not a colour',
        selectors: {
          ...selectors,
          // A mark whose text is not a string is invalid.
          quote: { ...selectors.quote, exact: 5 as unknown as string },
        },
      }),
    ).rejects.toThrow()
    expect(library.getMarksForBookmark(library.getBookmarkForUrl(URL_OF_PAGE)!._id)).toEqual([])
  })
})

describe('savePageContent', () => {
  const saved = (html: string) => ({
    url: URL_OF_PAGE,
    title: 'Reading',
    excerpt: 'About it',
    html,
  })

  it('saves one page content per page and replaces it when saved again', async () => {
    const library = await store()
    const first = await savePageContent(library, saved('<p>one</p>'), { appType: 'EXTENSION' })
    const second = await savePageContent(library, saved('<p>two, longer</p>'))
    expect(first).toEqual(second)
    const content = await library.getPageContentForUrl(URL_OF_PAGE)
    expect(content).toMatchObject({
      content: '<p>two, longer</p>',
      title: 'Reading',
      description: 'About it',
      length: '<p>two, longer</p>'.length,
      wasUpdatedWithLatestContentFromAppType: 'EXTENSION',
    })
    expect(library.getAllPageContents()).toHaveLength(1)
  })

  it('keeps one page content when two saves of a page overlap (reader tab and background)', async () => {
    const library = await store()
    const [first, second] = await Promise.all([
      savePageContent(library, saved('<p>from the reader</p>')),
      savePageContent(library, saved('<p>from the live page</p>')),
    ])
    expect(first).toEqual(second)
    expect(library.getAllPageContents()).toHaveLength(1)
    // Another address of the same page (www, fragment) is the same page content too.
    await savePageContent(library, {
      ...saved('<p>again</p>'),
      url: 'https://www.example.org/articles/reading#top',
    })
    expect(library.getAllPageContents()).toHaveLength(1)
  })

  it('saves a page again after its content was deleted', async () => {
    const library = await store()
    const first = await savePageContent(library, saved('<p>one</p>'))
    expect(first.ok).toBe(true)
    const id = first.ok ? first.id : ''
    await library.markEntitiesAsDeleted([{ _id: id, _objectStore: ObjectStore.PAGE_CONTENTS }])
    expect(library.getAllPageContents()).toEqual([])
    expect(await savePageContent(library, saved('<p>two</p>'))).toEqual({ ok: true, id })
    expect(await library.getPageContentForUrl(URL_OF_PAGE)).toMatchObject({ content: '<p>two</p>' })
  })

  it("does not save over the plan's quota and says why", async () => {
    const library = await store('FREE')
    const result = await savePageContent(library, saved('x'.repeat(10_000_001)))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.message).toMatch(/^Storage full\./)
    expect(library.getAllPageContents()).toEqual([])
  })
})

describe('updateReaderMark', () => {
  it('stores the new colour and note, and throws the store’s reason when it refuses', async () => {
    const library = await store()
    const mark = await createReaderMark(library, {
      url: URL_OF_PAGE,
      title: 'Reading',
      color: '#a8d1ff',
      selectors,
    })
    await updateReaderMark(library, mark, { color: '#c3effc' })
    expect(library.getMarksForBookmark(mark._bookmark).map((stored) => stored.color)).toEqual([
      '#c3effc',
    ])
    const recolored = library.getMarksForBookmark(mark._bookmark)[0]!
    await updateReaderMark(library, recolored, noteChanges(' Worth rereading. '))
    expect(library.getMarksForBookmark(mark._bookmark)[0]).toMatchObject({
      color: '#c3effc',
      notes: 'Worth rereading.',
    })
    // A mark of a bookmark that is gone is refused (a highlight needs its bookmark).
    const orphan = { ...mark, _id: 'orphan', _bookmark: 'no-such-bookmark' }
    await expect(updateReaderMark(library, orphan, { color: '#fdffb4' })).rejects.toThrow()
  })
})
