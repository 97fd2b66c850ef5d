// The guest call a content script saves its page's article with (savePageContent): validated,
// run only when autoDownloadPageContent is on and the site is not blacklisted, for the sender's
// page only, and refused with the store's reason over the quota. A real store on fake-indexeddb.
import { afterEach, describe, expect, it } from 'vitest'
import { runGuestCall } from '../messaging/guest-calls'
import { guestCallMessage, type GuestPage } from '../messaging/guest-protocol'
import { openTestStore, type TestStore } from '../testing/store-harness'

const PAGE = { pageUrl: 'https://example.org/articles/one' }
const article = { title: 'One', excerpt: 'About one', html: '<!doctype html><p>One</p>' }

const open: TestStore[] = []
afterEach(async () => {
  for (const harness of open.splice(0)) {
    await harness.store.close()
  }
})
async function library() {
  const harness = await openTestStore()
  open.push(harness)
  return harness.store
}

describe('the savePageContent guest call', () => {
  it('saves nothing while autoDownloadPageContent is off, and tells the guest the setting', async () => {
    const store = await library()
    const page = (await runGuestCall(store, PAGE, guestCallMessage('loadPage'))) as GuestPage
    expect(page.settings.autoDownloadPageContent).toBe(false)
    expect(await runGuestCall(store, PAGE, guestCallMessage('savePageContent', article))).toEqual({
      saved: false,
    })
    expect(store.getAllPageContents()).toEqual([])
  })

  it("saves the sender's page when on, and not on a blacklisted site", async () => {
    const store = await library()
    await store.updateChromeSettings({ autoDownloadPageContent: true })
    expect(await runGuestCall(store, PAGE, guestCallMessage('savePageContent', article))).toEqual({
      saved: true,
    })
    expect(await store.getPageContentForUrl(PAGE.pageUrl)).toMatchObject({
      url: PAGE.pageUrl,
      title: 'One',
      content: article.html,
    })
    await store.updateChromeSettings({ blacklistedUrls: ['blocked.example.org'] })
    const blocked = { pageUrl: 'https://blocked.example.org/a' }
    expect(
      await runGuestCall(store, blocked, guestCallMessage('savePageContent', article)),
    ).toEqual({ saved: false })
    expect(store.getAllPageContents()).toHaveLength(1)
  })

  it('refuses bad arguments and a save over the quota, with a reason', async () => {
    const store = await library()
    await store.updateChromeSettings({ autoDownloadPageContent: true })
    await expect(
      runGuestCall(store, PAGE, {
        channel: 'inkmark:guest',
        method: 'savePageContent',
        args: [{ title: 'x', excerpt: null, html: '' }],
      }),
    ).rejects.toThrow('Invalid arguments for savePageContent')
    const big = { ...article, html: 'x'.repeat(7_000_000) }
    await runGuestCall(store, PAGE, guestCallMessage('savePageContent', big))
    await expect(
      runGuestCall(
        store,
        { pageUrl: 'https://example.org/two' },
        guestCallMessage('savePageContent', big),
      ),
    ).rejects.toThrow(/^Storage full\./)
    expect(store.getAllPageContents()).toHaveLength(1)
  })
})
