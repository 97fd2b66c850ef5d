// A content script records a saved page's visit (openedAt, ADR 079) with recordPageOpened, once per
// page load, without making the bookmark pending for sync. loadPage, which the script runs again on
// every LIBRARY_CHANGED, writes nothing: a visit written there would announce a change, whose
// reload would write again, a loop.
import { afterEach, describe, expect, it } from 'vitest'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { runGuestCall } from './guest-calls'
import { guestCallMessage } from './guest-protocol'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

const page = { pageUrl: 'https://example.com/article' }

async function savedPage(): Promise<TestStore> {
  const harness = await openTestStore()
  opened.push(harness)
  await runGuestCall(
    harness.store,
    page,
    guestCallMessage('createMark', { title: 'An article', text: 'words', color: '#fdffb4' }),
  )
  return harness
}

describe('recordPageOpened and openedAt', () => {
  it('records a saved page as opened, and nothing for an unsaved page', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const { store, clock } = harness
    expect(await runGuestCall(store, page, guestCallMessage('recordPageOpened'))).toEqual({
      opened: false,
    })
    expect(store.getAllBookmarks()).toEqual([])

    await runGuestCall(
      store,
      page,
      guestCallMessage('createMark', { title: 'An article', text: 'words', color: '#fdffb4' }),
    )
    const saved = store.getBookmarkForUrl(page.pageUrl)!
    expect(saved.openedAt).toBeUndefined()
    clock.advance(60_000)
    await runGuestCall(store, page, guestCallMessage('recordPageOpened'))
    await store.settled()
    const visited = store.getBookmarkForUrl(page.pageUrl)!
    expect(visited.openedAt).toBe(clock.now())
    expect(visited.updatedAt).toBe(saved.updatedAt)
  })

  it('a reload after LIBRARY_CHANGED (loadPage again) writes nothing', async () => {
    const { store, clock } = await savedPage()
    await store.settled()
    const writes: boolean[] = []
    store.observe((change) => writes.push(change.opened))

    // The page's first load: loadPage, then the one visit.
    await runGuestCall(store, page, guestCallMessage('loadPage'))
    await runGuestCall(store, page, guestCallMessage('recordPageOpened'))
    await store.settled()
    expect(writes).toEqual([true])
    const visitedAt = store.getBookmarkForUrl(page.pageUrl)!.openedAt

    // Each change heard makes the script load the page again: no write follows.
    for (let reload = 0; reload < 5; reload += 1) {
      clock.advance(150)
      await runGuestCall(store, page, guestCallMessage('loadPage'))
      await store.settled()
    }
    expect(writes).toEqual([true])
    expect(store.getBookmarkForUrl(page.pageUrl)!.openedAt).toBe(visitedAt)
  })
})
