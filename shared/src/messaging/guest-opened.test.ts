// A content script loading a saved page records it as opened (openedAt, ADR 079), without making
// the bookmark pending for sync; an unsaved page writes nothing.
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

describe('loadPage and openedAt', () => {
  it('records a saved page as opened when its page loads', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const { store, clock } = harness
    await runGuestCall(store, page, guestCallMessage('loadPage'))
    expect(store.getAllBookmarks()).toEqual([])

    await runGuestCall(
      store,
      page,
      guestCallMessage('createMark', { title: 'An article', text: 'words', color: '#fdffb4' }),
    )
    const saved = store.getBookmarkForUrl(page.pageUrl)!
    expect(saved.openedAt).toBeUndefined()
    clock.advance(60_000)
    await runGuestCall(store, page, guestCallMessage('loadPage'))
    await store.settled()
    const visited = store.getBookmarkForUrl(page.pageUrl)!
    expect(visited.openedAt).toBe(clock.now())
    expect(visited.updatedAt).toBe(saved.updatedAt)
  })
})
