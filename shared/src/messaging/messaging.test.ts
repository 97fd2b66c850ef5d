import { afterEach, describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { createBookmarkFixture, createMarkFixture } from '../testing/factories'
import { openTestStore, type TestStore } from '../testing/store-harness'
import type { LocalStore } from '../store/local-store'
import { runGuestCall } from './guest-calls'
import { guestCallMessage, type GuestPage, type MarkDetails } from './guest-protocol'
import { InvalidCallError, runStoreCall, storeCallMessage } from './store-calls'

const opened: TestStore[] = []
async function store(): Promise<LocalStore> {
  const harness = await openTestStore()
  opened.push(harness)
  return harness.store
}
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

const page = { pageUrl: 'https://example.com/article' }
const otherPage = { pageUrl: 'https://example.org/other' }
const newMark = { title: 'An article', text: 'quoted words', color: '#fdffb4' }

/** Highlights newMark on `page` and gives its id. */
async function highlightOnPage(library: LocalStore): Promise<string> {
  const mark = await runGuestCall(library, page, guestCallMessage('createMark', newMark))
  return (mark as { _id: string })._id
}

async function detailsOf(library: LocalStore, markId: string): Promise<MarkDetails> {
  return (await runGuestCall(
    library,
    page,
    guestCallMessage('getMarkDetails', markId),
  )) as MarkDetails
}

describe('guest calls (content scripts)', () => {
  it('keeps two forum threads apart: one thread’s highlights are not looked for on another', async () => {
    const library = await store()
    const thread1 = { pageUrl: 'https://news.ycombinator.com/item?id=1' }
    const thread2 = { pageUrl: 'https://news.ycombinator.com/item?id=2' }
    const first = await runGuestCall(library, thread1, guestCallMessage('createMark', newMark))
    const second = await runGuestCall(library, thread2, guestCallMessage('createMark', newMark))
    const load = async (context: { pageUrl: string }) =>
      ((await runGuestCall(library, context, guestCallMessage('loadPage'))) as GuestPage).marks
    expect((await load(thread1)).map((mark) => mark._id)).toEqual([(first as { _id: string })._id])
    expect((await load(thread2)).map((mark) => mark._id)).toEqual([(second as { _id: string })._id])
    expect(library.getBookmarkForUrl(thread1.pageUrl)?._id).not.toBe(
      library.getBookmarkForUrl(thread2.pageUrl)?._id,
    )
    expect(await load({ pageUrl: `${thread1.pageUrl}&utm_source=hn` })).toHaveLength(1)
  })

  it('shows highlights the old rule filed under another thread on their own thread', async () => {
    const library = await store()
    const thread = (id: number) => `https://news.ycombinator.com/item?id=${id}`
    const bookmark = createBookmarkFixture({ _id: 'b-hn1', url: thread(1) })
    await library.createOrUpdateEntities([
      bookmark,
      createMarkFixture({ _id: 'm1', _bookmark: 'b-hn1', url: thread(1), text: 'one' }),
      createMarkFixture({ _id: 'm2', _bookmark: 'b-hn1', url: thread(2), text: 'two' }),
    ])
    const load = async (id: number) =>
      (
        (await runGuestCall(
          library,
          { pageUrl: thread(id) },
          guestCallMessage('loadPage'),
        )) as GuestPage
      ).marks.map((mark) => mark._id)
    expect(await load(1)).toEqual(['m1'])
    expect(await load(2)).toEqual(['m2'])
    expect(await load(3)).toEqual([])
    // Its highlight can still be edited there, and a new one joins it.
    await runGuestCall(
      library,
      { pageUrl: thread(2) },
      guestCallMessage('updateMark', 'm2', { notes: 'kept' }),
    )
    const added = await runGuestCall(
      library,
      { pageUrl: thread(2) },
      guestCallMessage('createMark', newMark),
    )
    expect(await load(2)).toEqual(['m2', (added as { _id: string })._id])
    expect(await load(1)).toEqual(['m1'])
  })

  it('highlights a page: the bookmark is made, the highlight painted again on load', async () => {
    const library = await store()
    const empty = (await runGuestCall(library, page, guestCallMessage('loadPage'))) as GuestPage
    expect(empty).toMatchObject({ blacklisted: false, marks: [], isStarred: false })

    const mark = await runGuestCall(library, page, guestCallMessage('createMark', newMark))
    expect(mark).toMatchObject({ color: '#fdffb4', hasNotes: false, hasTags: false })
    expect(library.getBookmarkForUrl(page.pageUrl)).toMatchObject({ title: 'An article' })
    const loaded = (await runGuestCall(library, page, guestCallMessage('loadPage'))) as GuestPage
    expect(loaded.marks.map((painted) => painted._id)).toEqual([(mark as { _id: string })._id])
    expect(loaded.marks[0]).not.toHaveProperty('notes')
    expect(library.getChromeSettings().recentColors[0]).toBe('#fdffb4')
  })

  it('edits notes and tags, and gives the details only for highlights of its own page', async () => {
    const library = await store()
    const _id = await highlightOnPage(library)
    const note = '<img src=x onerror=alert(1)>'
    const updated = await runGuestCall(
      library,
      page,
      guestCallMessage('updateMark', _id, { notes: note, tags: ['reading'] }),
    )
    expect(updated).toMatchObject({ hasNotes: true, hasTags: true })
    const details = await detailsOf(library, _id)
    expect(details).toMatchObject({ notes: note, tags: ['reading'] })
    expect(await runGuestCall(library, page, guestCallMessage('suggestTags', 'rea'))).toEqual([
      'reading',
    ])
    // The highlight's own tags are left out, whatever their case (spec section 5).
    expect(
      await runGuestCall(library, page, guestCallMessage('suggestTags', 'rea', ['READING'])),
    ).toEqual([])

    for (const message of [
      guestCallMessage('getMarkDetails', _id),
      guestCallMessage('updateMark', _id, { notes: 'hijacked' }),
      guestCallMessage('deleteMark', _id),
    ]) {
      await expect(runGuestCall(library, otherPage, message)).rejects.toThrow(
        'No such highlight on this page',
      )
    }
    expect(library.getEntityById(_id, ObjectStore.MARKS)).toMatchObject({ notes: note })
  })

  it('shows a note kept only as rich text, and an edited note replaces it', async () => {
    const library = await store()
    const _id = await highlightOnPage(library)
    const stored = library.getEntityById(_id, ObjectStore.MARKS)!
    await library.createOrUpdateEntities([
      { ...stored, richText: [{ insert: 'Imported words', attributes: { italic: true } }] },
    ])
    const details = await detailsOf(library, _id)
    expect(details.notes).toBe('Imported words')

    await runGuestCall(library, page, guestCallMessage('updateMark', _id, { notes: 'Mine now' }))
    const edited = library.getEntityById(_id, ObjectStore.MARKS)
    expect(edited).toMatchObject({ notes: 'Mine now' })
    expect(edited).not.toHaveProperty('richText')
  })

  it('deleting the last highlight of an unsaved page deletes its bookmark; a saved page stays', async () => {
    const library = await store()
    const first = (await runGuestCall(library, page, guestCallMessage('createMark', newMark))) as {
      _id: string
    }
    expect(await runGuestCall(library, page, guestCallMessage('deleteMark', first._id))).toEqual({
      bookmarkDeleted: true,
    })
    expect(library.getAllBookmarks()).toEqual([])

    await runGuestCall(library, page, guestCallMessage('savePage', { title: 'Saved' }))
    const second = (await runGuestCall(library, page, guestCallMessage('createMark', newMark))) as {
      _id: string
    }
    expect(await runGuestCall(library, page, guestCallMessage('deleteMark', second._id))).toEqual({
      bookmarkDeleted: false,
    })
    expect(library.getBookmarkForUrl(page.pageUrl)).toMatchObject({ isStarred: true })
  })

  it("gives the sidebar's settings with the page: the defaults, then the person's choice", async () => {
    const library = await store()
    const first = (await runGuestCall(library, page, guestCallMessage('loadPage'))) as GuestPage
    expect(first.settings).toMatchObject({
      showLeftSidebarWidget: true,
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' },
    })
    await library.updateChromeSettings({
      showLeftSidebarWidget: false,
      sidebarOptions: { sidebarWidth: 520, sidebarAlignment: 'right', sidebarBehavior: 'overlay' },
    })
    const changed = (await runGuestCall(library, page, guestCallMessage('loadPage'))) as GuestPage
    expect(changed.settings.showLeftSidebarWidget).toBe(false)
    expect(changed.settings.sidebarOptions).toEqual({
      sidebarWidth: 520,
      sidebarAlignment: 'right',
      sidebarBehavior: 'overlay',
    })
  })

  it('does nothing on a blacklisted page', async () => {
    const library = await store()
    await library.updateChromeSettings({ blacklistedUrls: ['example.com'] })
    expect(await runGuestCall(library, page, guestCallMessage('loadPage'))).toMatchObject({
      blacklisted: true,
      marks: [],
    })
    await expect(
      runGuestCall(library, page, guestCallMessage('createMark', newMark)),
    ).rejects.toThrow('Highlighting is turned off on this site')
    expect(library.getAllBookmarks()).toEqual([])
  })

  it('refuses malformed messages before they reach the store', async () => {
    const library = await store()
    const malformed: unknown[] = [
      null,
      'loadPage',
      { channel: 'inkmark:store', method: 'loadPage', args: [] },
      { channel: 'inkmark:guest', method: 'clearDatabases', args: [] },
      { channel: 'inkmark:guest', method: 'createMark', args: [{ ...newMark, color: 'red' }] },
      { channel: 'inkmark:guest', method: 'createMark', args: [newMark, 'extra'] },
      { channel: 'inkmark:guest', method: 'updateMark', args: ['', {}] },
      { channel: 'inkmark:guest', method: 'createMark', args: [{ ...newMark, text: 42 }] },
    ]
    for (const message of malformed) {
      await expect(runGuestCall(library, page, message)).rejects.toBeInstanceOf(InvalidCallError)
    }
    expect(library.getAllBookmarks()).toEqual([])
  })
})

describe('store calls (extension pages)', () => {
  it('runs a store method with validated arguments', async () => {
    const library = await store()
    const bookmark = {
      ...createBookmarkFixture({ _id: 'b1' }),
      _objectStore: ObjectStore.BOOKMARKS,
    }
    await runStoreCall(library, storeCallMessage('createOrUpdateEntities', [bookmark]))
    expect(await runStoreCall(library, storeCallMessage('getAllBookmarks'))).toHaveLength(1)
    expect(await runStoreCall(library, storeCallMessage('getBookmark', 'b1'))).toMatchObject({
      _id: 'b1',
    })
  })

  it('never lets a caller pass further parameters, such as a write origin', async () => {
    const library = await store()
    const bookmark = {
      ...createBookmarkFixture({ _id: 'b1' }),
      _objectStore: ObjectStore.BOOKMARKS,
    }
    const message = {
      channel: 'inkmark:store',
      method: 'createOrUpdateEntities',
      args: [[bookmark], 'inkmark:remote'],
    }
    await expect(runStoreCall(library, message)).rejects.toThrow(
      'Invalid arguments for createOrUpdateEntities',
    )
    await expect(
      runStoreCall(library, { channel: 'inkmark:store', method: 'markSynced', args: [[]] }),
    ).rejects.toThrow('Invalid store call')
    await expect(
      runStoreCall(library, storeCallMessage('createOrUpdateEntities', [{ _id: 'x' } as never])),
    ).rejects.toThrow('Invalid arguments')
    expect(library.getAllBookmarks()).toEqual([])
  })
})
