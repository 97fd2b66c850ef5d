// The Kindle notebook helper's channel in the background (ADR 083): only the notebook page's top
// frame may send books, a malformed book is refused with a short message, and the answer is counts.
import { KINDLE_NOTEBOOK_CHANNEL } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { routeMessage, type RouterContext, type Sender } from './message-router'

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop'
const ORIGIN = `chrome-extension://${EXTENSION_ID}`
const tabAt = (url: string, frameId = 0): Sender => ({
  id: EXTENSION_ID,
  url,
  tab: { id: 1, url },
  frameId,
})
const notebook = tabAt('https://read.amazon.co.uk/notebook?ref_=kcr_notebook_lib')

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

async function context() {
  const harness = await openTestStore()
  opened.push(harness)
  const router: RouterContext = {
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    library: () => Promise.resolve(harness.store),
  }
  return { router, store: harness.store }
}

const message = {
  channel: KINDLE_NOTEBOOK_CHANNEL,
  book: {
    asin: 'B0TESTBK01',
    title: 'The Quiet Lighthouse',
    author: 'Ada Marlowe',
    annotations: [
      { text: 'The lamp turned all night.', color: 'yellow', location: 112 },
      { text: 'Salt gets into everything.', note: 'Clocks too.', color: 'blue', location: 480 },
    ],
  },
}

describe('the Kindle notebook channel', () => {
  it('imports a book from the notebook page once, and answers with counts only', async () => {
    const { router, store } = await context()
    expect(await routeMessage(message, notebook, router)).toEqual({
      ok: true,
      value: { bookCreated: true, highlightsAdded: 2, highlightsSkipped: 0 },
    })
    expect(await routeMessage(message, notebook, router)).toEqual({
      ok: true,
      value: { bookCreated: false, highlightsAdded: 0, highlightsSkipped: 2 },
    })
    expect(store.getAllBookmarks()).toHaveLength(1)
    expect(store.getAllBookmarks()[0]).toMatchObject({ type: 'kindle', asin: 'B0TESTBK01' })
    expect(store.getAllMarks()).toHaveLength(2)
  })

  it('refuses other pages, frames and malformed books', async () => {
    const { router, store } = await context()
    for (const sender of [
      tabAt('https://evil.example/notebook'),
      tabAt('https://read.amazon.com/notebook', 3),
      { ...notebook, id: 'another-extension' },
      { id: EXTENSION_ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN },
    ]) {
      expect((await routeMessage(message, sender, router)).ok).toBe(false)
    }
    expect(
      await routeMessage(
        { ...message, book: { ...message.book, asin: '<script>' } },
        notebook,
        router,
      ),
    ).toEqual({ ok: false, error: 'This book could not be read from the notebook page.' })
    expect(store.getAllBookmarks()).toEqual([])
  })
})
