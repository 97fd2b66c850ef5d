// The read methods of the local store: every one of the spec's getters, on live entities only,
// with the spec's URL matching, mark order, counts, tags and origins, and frozen results.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readEntity } from './library-schema'
import { DEFAULT_HIGHLIGHT_COLOR } from '../domain/color'
import { createDefaultChromeSettings } from '../domain/entities/chrome-settings'
import { ObjectStore } from '../domain/entities/object-store'
import { DAILY_TARGET } from '../domain/learning-session'
import {
  FIXTURE_DAY_MS,
  FIXTURE_NOW,
  createChromeSettingsFixture,
  createLearningItemFixture,
} from '../testing/factories'
import { uniqueDatabaseName, trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark, asPageContent } from '../testing/stored-fixtures'
import { CHROME_SETTINGS_ID } from './library-schema'
import { openLocalStore, type LocalStore } from './local-store'
import type { SearchRepository } from './search-repository'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)
const ids = (entities: readonly { _id: string }[]) => entities.map((entity) => entity._id)

async function save(store: LocalStore, entities: readonly unknown[]): Promise<void> {
  const result = await store.createOrUpdateEntities(entities)
  expect(result.rejected).toEqual([])
}

/** A synced bookmark b-deleted and its synced mark, then marked deleted (they stay as tombstones). */
async function saveDeletedPair(store: LocalStore): Promise<void> {
  await save(store, [
    asBookmark({ _id: 'b-deleted', url: 'https://deleted.example.org/page', tags: ['gone'] }),
    asMark({
      _id: 'm-deleted',
      _bookmark: 'b-deleted',
      url: 'https://deleted.example.org/page',
      origin: 'deleted.example.org',
      text: 'deleted needle',
      tags: ['gone'],
    }),
  ])
  await store.createOrUpdateEntities(
    [
      { ...store.getEntityById('b-deleted'), lastSync: FIXTURE_NOW + 1 },
      { ...store.getEntityById('m-deleted'), lastSync: FIXTURE_NOW + 1 },
    ],
    TransactionOrigin.REMOTE,
  )
  const result = await store.markEntitiesAsDeleted([
    { _id: 'b-deleted', _objectStore: ObjectStore.BOOKMARKS },
  ])
  expect(result.markedDeleted).toHaveLength(2)
}

describe('getAllBookmarks, getAllMarks, getAllAiChats, getAllPageContents, getAllEntities', () => {
  it('list live entities of each kind and leave deleted ones out', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
      asPageContent({ _id: 'p1' }),
      asChat({ _id: 'c1', _referenceId: 'b1' }),
      {
        ...createChromeSettingsFixture({ _id: CHROME_SETTINGS_ID }),
        _objectStore: 'chromesettings',
      },
    ])
    await saveDeletedPair(store)

    expect(ids(store.getAllBookmarks())).toEqual(['b1'])
    expect(ids(store.getAllMarks())).toEqual(['m1'])
    expect(ids(store.getAllAiChats())).toEqual(['c1'])
    expect(ids(store.getAllPageContents())).toEqual(['p1'])
    const all = store.getAllEntities()
    expect(ids(all.bookmarks)).toEqual(['b1'])
    expect(ids(all.marks)).toEqual(['m1'])
    expect(ids(all.chromesettings)).toEqual([CHROME_SETTINGS_ID])
    expect(ids(all.pagecontents)).toEqual(['p1'])
    expect(ids(all.aichats)).toEqual(['c1'])
  })

  it('list page contents and chats by metadata, without bodies', async () => {
    const { store } = await harness()
    await save(store, [
      asPageContent({ _id: 'p1', content: '<p>hello</p>' }),
      asChat({ _id: 'c1' }),
    ])
    const [content] = store.getAllPageContents()
    expect(content).toMatchObject({ _id: 'p1', length: '<p>hello</p>'.length })
    expect(content).not.toHaveProperty('content')
    expect(store.getAllAiChats()[0]).not.toHaveProperty('messages')
  })

  it('give empty lists on an empty library', async () => {
    const { store } = await harness()
    expect(store.getAllEntities()).toEqual({
      bookmarks: [],
      marks: [],
      chromesettings: [],
      pagecontents: [],
      aichats: [],
    })
  })
})

describe('getBookmark and getEntityById', () => {
  it('find live entities by id, in one kind or any kind, and never a deleted one', async () => {
    const { store } = await harness()
    await save(store, [asBookmark({ _id: 'b1' }), asMark({ _id: 'm1', _bookmark: 'b1' })])
    await saveDeletedPair(store)

    expect(store.getBookmark('b1')?._id).toBe('b1')
    expect(store.getBookmark('m1')).toBeUndefined()
    expect(store.getBookmark('b-deleted')).toBeUndefined()
    expect(store.getBookmark('nope')).toBeUndefined()

    expect(store.getEntityById('m1')?._objectStore).toBe(ObjectStore.MARKS)
    expect(store.getEntityById('b1')?._objectStore).toBe(ObjectStore.BOOKMARKS)
    expect(store.getEntityById('m1', ObjectStore.MARKS)?._id).toBe('m1')
    expect(store.getEntityById('m1', ObjectStore.BOOKMARKS)).toBeUndefined()
    expect(store.getEntityById('m-deleted')).toBeUndefined()
    expect(store.getEntityById('nope')).toBeUndefined()
  })
})

describe('getBookmarkForUrl', () => {
  it('matches the page regardless of www, protocol, trailing slash and fragment', async () => {
    const { store } = await harness()
    await save(store, [asBookmark({ _id: 'b1', url: 'https://www.example.com/articles/one/' })])

    for (const url of [
      'https://www.example.com/articles/one/',
      'https://example.com/articles/one',
      'http://example.com/articles/one',
      'http://www.example.com/articles/one/#section-2',
      'https://example.com/articles/one#top',
      'https://example.com/articles/one?utm_source=newsletter',
    ]) {
      expect(store.getBookmarkForUrl(url)?._id, url).toBe('b1')
    }
    for (const url of [
      'https://example.com/articles/two',
      'https://example.com/articles',
      'https://other.example.com/articles/one',
      'https://example.com/articles/one?page=2',
    ]) {
      expect(store.getBookmarkForUrl(url), url).toBeUndefined()
    }
  })

  it('keeps identifying query parameters and exact-only URLs apart', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b-page2', url: 'https://example.com/list?page=2' }),
      asBookmark({ _id: 'b-watch', url: 'https://www.youtube.com/watch?v=abc' }),
    ])
    expect(store.getBookmarkForUrl('http://www.example.com/list/?page=2#x')?._id).toBe('b-page2')
    expect(store.getBookmarkForUrl('https://example.com/list?page=3')).toBeUndefined()
    expect(store.getBookmarkForUrl('https://www.youtube.com/watch?v=abc')?._id).toBe('b-watch')
    expect(store.getBookmarkForUrl('https://youtube.com/watch?v=abc')).toBeUndefined()
  })

  it('keeps pages apart by any query parameter that does not track (ADR 069)', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b-hn1', url: 'https://news.ycombinator.com/item?id=1' }),
      asBookmark({ _id: 'b-p12', url: 'https://blog.example.com/?p=12&utm_source=rss' }),
    ])
    expect(store.getBookmarkForUrl('https://news.ycombinator.com/item?id=1&fbclid=x')?._id).toBe(
      'b-hn1',
    )
    expect(store.getBookmarkForUrl('https://news.ycombinator.com/item?id=2')).toBeUndefined()
    expect(store.getBookmarkForUrl('https://blog.example.com/?p=12')?._id).toBe('b-p12')
    expect(store.getBookmarkForUrl('https://blog.example.com/?p=13')).toBeUndefined()
    expect(store.getBookmarkForUrl('https://blog.example.com/')).toBeUndefined()
  })

  it('finds the bookmark the old rule filed a page’s highlights under, only for that page', async () => {
    const { store } = await harness()
    const thread = (id: number) => `https://news.ycombinator.com/item?id=${id}`
    const mark = (id: string, url: string) =>
      asMark({ _id: id, _bookmark: 'b-hn1', url, origin: 'news.ycombinator.com', text: id })
    // Before ADR 069 a highlight on thread 2 went into thread 1's bookmark.
    await save(store, [
      asBookmark({ _id: 'b-hn1', url: thread(1) }),
      mark('m1', thread(1)),
      mark('m2', thread(2)),
    ])
    expect(store.getBookmarkForUrl(thread(2))?._id).toBe('b-hn1')
    expect(store.getBookmarkForUrl(`${thread(2)}&utm_medium=email`)?._id).toBe('b-hn1')
    expect(store.getBookmarkForUrl(thread(3))).toBeUndefined()
    expect(store.getBookmarkForUrl('https://news.ycombinator.com/item')).toBeUndefined()

    // A bookmark of thread 2's own comes first; two holders of thread 3's highlights are ambiguous.
    await save(store, [
      asBookmark({ _id: 'b-hn2', url: thread(2) }),
      asBookmark({ _id: 'b-hn4', url: thread(4) }),
      mark('m3', thread(3)),
      asMark({ _id: 'm3b', _bookmark: 'b-hn4', url: thread(3), text: 'other' }),
    ])
    expect(store.getBookmarkForUrl(thread(2))?._id).toBe('b-hn2')
    expect(store.getBookmarkForUrl(thread(3))).toBeUndefined()
  })

  it('never returns a deleted bookmark', async () => {
    const { store } = await harness()
    await saveDeletedPair(store)
    expect(store.getBookmarkForUrl('https://deleted.example.org/page')).toBeUndefined()
  })
})

describe('getChromeSettings', () => {
  it('gives the defaults when none is stored', async () => {
    const { store } = await harness()
    const settings = store.getChromeSettings()
    expect(settings).toEqual(createDefaultChromeSettings(CHROME_SETTINGS_ID))
    expect(settings.defaultHighlightColor).toBe(DEFAULT_HIGHLIGHT_COLOR)
    expect(settings.preferredColorMode).toBe('system')
  })

  it('gives the stored record, the most recently modified one when several are stored', async () => {
    const { store, clock } = await harness()
    await save(store, [
      {
        ...createChromeSettingsFixture({ _id: 'older', highlighterMode: 'EXPERT' }),
        _objectStore: ObjectStore.CHROME_SETTINGS,
      },
    ])
    clock.advance(1000)
    await save(store, [
      {
        ...createChromeSettingsFixture({ _id: CHROME_SETTINGS_ID, preferredColorMode: 'light' }),
        _objectStore: ObjectStore.CHROME_SETTINGS,
      },
    ])
    expect(store.getChromeSettings()).toMatchObject({
      _id: CHROME_SETTINGS_ID,
      preferredColorMode: 'light',
    })
  })
})

describe('getMarksForBookmark', () => {
  const source = (parentIndex: number, textOffset: number) => ({
    startMeta: { parentTagName: 'P', parentIndex, textOffset },
    endMeta: { parentTagName: 'P', parentIndex, textOffset: textOffset + 5 },
  })

  it('orders by DOM position first, then source position, then creation time', async () => {
    const { store } = await harness()
    await save(store, [
      // DOM positions decide even where the source positions disagree.
      asBookmark({ _id: 'b-dom' }),
      asMark({
        _id: 'dom-200',
        _bookmark: 'b-dom',
        domElementOffsetTop: 200,
        highlightSource: source(0, 0),
        createdAt: FIXTURE_NOW - 10,
      }),
      asMark({
        _id: 'dom-100-right',
        _bookmark: 'b-dom',
        domElementOffsetTop: 100,
        domElementOffsetLeft: 50,
        highlightSource: source(9, 0),
      }),
      asMark({
        _id: 'dom-100-left',
        _bookmark: 'b-dom',
        domElementOffsetTop: 100,
        domElementOffsetLeft: 10,
        highlightSource: source(9, 9),
      }),
      // Without DOM positions, source positions decide even where the times disagree.
      asBookmark({ _id: 'b-src', url: 'https://example.com/src' }),
      asMark({ _id: 'src-2-0', _bookmark: 'b-src', highlightSource: source(2, 0), createdAt: 1 }),
      asMark({ _id: 'src-1-9', _bookmark: 'b-src', highlightSource: source(1, 9), createdAt: 2 }),
      asMark({ _id: 'src-1-3', _bookmark: 'b-src', highlightSource: source(1, 3), createdAt: 3 }),
      // With neither, creation time decides, then the id.
      asBookmark({ _id: 'b-time', url: 'https://example.com/time' }),
      asMark({ _id: 'late', _bookmark: 'b-time', createdAt: 50, highlightSource: undefined }),
      asMark({ _id: 'early-b', _bookmark: 'b-time', createdAt: 10, highlightSource: undefined }),
      asMark({ _id: 'early-a', _bookmark: 'b-time', createdAt: 10, highlightSource: undefined }),
    ])

    expect(ids(store.getMarksForBookmark('b-dom'))).toEqual([
      'dom-100-left',
      'dom-100-right',
      'dom-200',
    ])
    expect(ids(store.getMarksForBookmark('b-src'))).toEqual(['src-1-3', 'src-1-9', 'src-2-0'])
    expect(ids(store.getMarksForBookmark('b-time'))).toEqual(['early-a', 'early-b', 'late'])
  })

  it('puts marks of the custom order map first, in its order', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1' }),
      asMark({ _id: 'a', _bookmark: 'b1', domElementOffsetTop: 1 }),
      asMark({ _id: 'b', _bookmark: 'b1', domElementOffsetTop: 2 }),
      asMark({ _id: 'c', _bookmark: 'b1', domElementOffsetTop: 3 }),
      asMark({ _id: 'd', _bookmark: 'b1', domElementOffsetTop: 4 }),
    ])
    expect(ids(store.getMarksForBookmark('b1'))).toEqual(['a', 'b', 'c', 'd'])

    await save(store, [{ ...store.getBookmark('b1'), markOrder: { c: 0, a: 1 } }])
    expect(ids(store.getMarksForBookmark('b1'))).toEqual(['c', 'a', 'b', 'd'])
  })

  it('leaves deleted marks out and gives an empty list for an unknown bookmark', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', isStarred: true }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
      asMark({ _id: 'm2', _bookmark: 'b1', lastSync: FIXTURE_NOW + 1 }),
    ])
    await store.markEntitiesAsDeleted([{ _id: 'm2', _objectStore: ObjectStore.MARKS }])
    expect(ids(store.getMarksForBookmark('b1'))).toEqual(['m1'])
    expect(store.getMarksForBookmark('unknown')).toEqual([])
  })
})

describe('tags and domains', () => {
  async function library(): Promise<LocalStore> {
    const { store } = await harness()
    await save(store, [
      asBookmark({
        _id: 'b1',
        url: 'https://www.example.com/a',
        origin: 'www.example.com',
        tags: ['Research', 'ai'],
      }),
      asBookmark({ _id: 'b2', url: 'https://example.com/b', origin: '', tags: ['ai'] }),
      asBookmark({ _id: 'b3', url: 'https://blog.other.org:8080/c', origin: undefined, tags: [] }),
      asMark({
        _id: 'm1',
        _bookmark: 'b1',
        url: 'https://www.example.com/a',
        origin: 'example.com',
        tags: ['research'],
      }),
      asMark({
        _id: 'm2',
        _bookmark: 'b3',
        url: 'https://blog.other.org:8080/c',
        origin: '',
        tags: ['ai', 'ai'],
      }),
    ])
    await saveDeletedPair(store)
    return store
  }

  it('getAllTags counts each tag once per live entity, most used first', async () => {
    const store = await library()
    expect(store.getAllTags()).toEqual([
      { name: 'ai', count: 3 },
      { name: 'research', count: 1 },
      { name: 'Research', count: 1 },
    ])
  })

  it('getMarksForTag and getBookmarksForTag match tags case-insensitively', async () => {
    const store = await library()
    expect(ids(store.getBookmarksForTag('AI'))).toEqual(['b1', 'b2'])
    expect(ids(store.getBookmarksForTag('research'))).toEqual(['b1'])
    expect(ids(store.getMarksForTag('Research'))).toEqual(['m1'])
    expect(ids(store.getMarksForTag('ai'))).toEqual(['m2'])
    expect(store.getMarksForTag('gone')).toEqual([])
    expect(store.getBookmarksForTag('gone')).toEqual([])
  })

  it('getMarksForDomain and getBookmarksForDomain compare sites (www, scheme and path ignored)', async () => {
    const store = await library()
    expect(ids(store.getBookmarksForDomain('example.com'))).toEqual(['b1', 'b2'])
    expect(ids(store.getBookmarksForDomain('https://www.example.com/anything'))).toEqual([
      'b1',
      'b2',
    ])
    expect(ids(store.getBookmarksForDomain('blog.other.org:8080'))).toEqual(['b3'])
    expect(store.getBookmarksForDomain('blog.other.org')).toEqual([])
    expect(ids(store.getMarksForDomain('www.example.com'))).toEqual(['m1'])
    expect(ids(store.getMarksForDomain('blog.other.org:8080'))).toEqual(['m2'])
    expect(store.getMarksForDomain('deleted.example.org')).toEqual([])
    expect(store.getBookmarksForDomain('deleted.example.org')).toEqual([])
    expect(store.getMarksForDomain('')).toEqual([])
    expect(store.getBookmarksForDomain('  ')).toEqual([])
  })

  it('getAllOrigins counts live bookmarks per site, most first', async () => {
    const store = await library()
    expect(store.getAllOrigins()).toEqual([
      { origin: 'example.com', count: 2 },
      { origin: 'blog.other.org:8080', count: 1 },
    ])
  })
})

describe('getBookmarksWithCount and getAllCount', () => {
  it('count live marks and marks with notes (text or rich text) per bookmark', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1' }),
      asBookmark({ _id: 'b2', url: 'https://example.com/two', tags: ['x'] }),
      asMark({ _id: 'm1', _bookmark: 'b1', notes: 'a note', tags: ['x', 'y'] }),
      asMark({ _id: 'm2', _bookmark: 'b1', richText: [{ insert: 'rich' }] }),
      asMark({ _id: 'm3', _bookmark: 'b1', notes: '   ', richText: [{ insert: ' \n' }] }),
      asMark({ _id: 'm4', _bookmark: 'b1', notes: 'deleted note', lastSync: FIXTURE_NOW + 1 }),
      asPageContent({ _id: 'p1' }),
      asChat({ _id: 'c1', _referenceId: 'b1' }),
    ])
    await store.markEntitiesAsDeleted([{ _id: 'm4', _objectStore: ObjectStore.MARKS }])

    const counted = store.getBookmarksWithCount()
    expect(counted.find((bookmark) => bookmark._id === 'b1')).toMatchObject({
      marksCount: 3,
      notesCount: 2,
    })
    expect(counted.find((bookmark) => bookmark._id === 'b2')).toMatchObject({
      marksCount: 0,
      notesCount: 0,
    })
    expect(store.getAllCount()).toEqual({
      bookmarks: 2,
      marks: 3,
      notes: 2,
      pagecontents: 1,
      aichats: 1,
      tags: 2,
    })
  })

  it('leaves deleted bookmarks out', async () => {
    const { store } = await harness()
    await saveDeletedPair(store)
    expect(store.getBookmarksWithCount()).toEqual([])
    expect(store.getAllCount()).toEqual({
      bookmarks: 0,
      marks: 0,
      notes: 0,
      pagecontents: 0,
      aichats: 0,
      tags: 0,
    })
  })
})

describe('searchLibrary', () => {
  it('finds by words, ranks and groups, and follows later writes', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({
        _id: 'b1',
        url: 'https://e.com/1',
        title: "The couple's verdict",
        tags: ['law'],
      }),
      asBookmark({ _id: 'b2', url: 'https://e.com/2', title: 'Café notes' }),
      asMark({ _id: 'm-text', _bookmark: 'b1', text: 'The verdict of the couple was read' }),
      asMark({ _id: 'm-note', _bookmark: 'b2', text: 'plain', notes: 'a couple of verdicts' }),
    ])
    const found = store.searchLibrary('couple verdict')
    expect(ids(found.bookmarks)).toEqual(['b1'])
    expect(ids(found.marks)).toEqual(['m-text'])
    expect(ids(found.notes)).toEqual(['m-note'])
    expect(found.terms).toEqual(expect.arrayContaining(['couple', 'verdict']))
    expect(ids(store.searchLibrary('cafe').bookmarks)).toEqual(['b2'])

    await save(store, [asBookmark({ _id: 'b2', url: 'https://e.com/2', title: 'Tea notes' })])
    expect(store.searchLibrary('cafe').bookmarks).toEqual([])
    expect(ids(store.searchLibrary('tea').bookmarks)).toEqual(['b2'])
  })

  it('indexes a large library in slices, answering by substring meanwhile', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', url: 'https://e.com/1', title: "The couple's verdict" }),
      ...Array.from({ length: 30 }, (_, index) =>
        asMark({ _id: `m${index}`, _bookmark: 'b1', text: `plain words ${index}` }),
      ),
    ])
    // The repository behind searchLibrary, with a small threshold for "large".
    const searches = (store as unknown as { searches: SearchRepository }).searches
    // Substring search first: the words apart are not found yet.
    expect(searches.ranked('couple verdict', 10, 10).bookmarks).toEqual([])
    await vi.waitFor(() =>
      expect(ids(searches.ranked('couple verdict', 10, 10).bookmarks)).toEqual(['b1']),
    )
  })

  it('keeps pages found when a word fills hundreds of highlights', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'Tides' }),
      ...Array.from({ length: 450 }, (_, index) =>
        asMark({ _id: `m${index}`, _bookmark: 'b1', text: `tides and tides ${index}` }),
      ),
    ])
    const found = store.searchLibrary('tides', 50)
    expect(ids(found.bookmarks)).toEqual(['b1'])
    expect(found.marks).toHaveLength(50)
  })
})

describe('getEntitiesForSearchValue', () => {
  it('finds pages, highlights, notes and tags containing the value, case-insensitively', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b-title', title: 'The Needle in the haystack', tags: ['needlework'] }),
      asBookmark({ _id: 'b-url', url: 'https://example.com/needle', title: 'x' }),
      asBookmark({ _id: 'b-desc', url: 'https://e.com/3', title: 'y', description: 'a NEEDLE' }),
      asBookmark({ _id: 'b-none', url: 'https://e.com/4', title: 'nothing' }),
      asMark({ _id: 'm-text', _bookmark: 'b-title', text: 'a needle here' }),
      asMark({ _id: 'm-note', _bookmark: 'b-title', text: 'plain', notes: 'Needle note' }),
      // A note kept only as rich text is a note too.
      asMark({
        _id: 'm-rich',
        _bookmark: 'b-title',
        text: 'plain',
        richText: [{ insert: 'A rich ' }, { insert: 'needle', attributes: { bold: true } }],
      }),
    ])
    await saveDeletedPair(store)

    const found = store.getEntitiesForSearchValue('  NeEdLe ')
    expect(ids(found.bookmarks)).toEqual(['b-title', 'b-url', 'b-desc'])
    expect(ids(found.marks)).toEqual(['m-text'])
    expect(ids(found.notes)).toEqual(['m-note', 'm-rich'])
    expect(found.tags).toEqual([{ name: 'needlework', count: 1 }])
  })

  it('finds what a write added, changed or deleted since the last search', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'Needle one' }),
      asMark({ _id: 'm1', _bookmark: 'b1', text: 'plain' }),
    ])
    expect(ids(store.getEntitiesForSearchValue('needle').bookmarks)).toEqual(['b1'])
    expect(store.getEntitiesForSearchValue('needle').marks).toEqual([])

    await save(store, [
      asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'Renamed' }),
      asBookmark({ _id: 'b2', url: 'https://e.com/2', title: 'Needle two' }),
      asMark({ _id: 'm1', _bookmark: 'b1', text: 'a needle now' }),
    ])
    const found = store.getEntitiesForSearchValue('needle')
    expect(ids(found.bookmarks)).toEqual(['b2'])
    expect(ids(found.marks)).toEqual(['m1'])
    expect(found.marks[0]?.text).toBe('a needle now')
  })

  it('finds the same while a query is typed one letter at a time as when asked at once', async () => {
    const library = [
      asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'Needle work', tags: ['nest'] }),
      asBookmark({ _id: 'b2', url: 'https://e.com/2', title: 'Nearby' }),
      asMark({ _id: 'm1', _bookmark: 'b1', text: 'a needle', notes: 'near the end' }),
      asMark({ _id: 'm2', _bookmark: 'b2', text: 'plain', notes: 'NEEDLES' }),
    ]
    const queries = ['n', 'ne', 'nee', 'need', 'needl', 'e', 'ea']
    const { store: typing } = await harness()
    await save(typing, library)
    const typed = queries.map((query) => typing.getEntitiesForSearchValue(query))
    const atOnce = []
    for (const query of queries) {
      const { store } = await harness()
      await save(store, library)
      atOnce.push(store.getEntitiesForSearchValue(query))
    }
    expect(typed).toEqual(atOnce)
    expect(ids(typed[4]!.bookmarks)).toEqual(['b1'])
    expect(ids(typed[4]!.notes)).toEqual(['m2'])
    expect(ids(typed[6]!.bookmarks)).toEqual(['b2'])
  })

  it('finds nothing for a blank value', async () => {
    const { store } = await harness()
    await save(store, [asBookmark({ _id: 'b1' })])
    expect(store.getEntitiesForSearchValue('   ')).toEqual({
      bookmarks: [],
      marks: [],
      notes: [],
      tags: [],
    })
  })
})

describe('reading all entities after writes', () => {
  it('keeps the map order through removals and re-adds, and shows lastSync changes', async () => {
    const { store } = await harness()
    const page = (id: string) => asBookmark({ _id: id, url: `https://e.com/${id}`, title: id })
    await save(store, [page('b1'), page('b2'), page('b3')])
    expect(ids(store.getAllBookmarks())).toEqual(['b1', 'b2', 'b3'])
    const mapOrder = () =>
      [...store.doc.getMap(ObjectStore.BOOKMARKS).keys()].filter(
        (id) => store.getBookmark(id) !== undefined,
      )

    await store.deleteEntities([{ _id: 'b2', _objectStore: ObjectStore.BOOKMARKS }])
    expect(ids(store.getAllBookmarks())).toEqual(['b1', 'b3'])
    await save(store, [page('b4'), page('b2')])
    expect(ids(store.getAllBookmarks())).toEqual(mapOrder())
    await save(store, [page('b5')])
    expect(ids(store.getAllBookmarks())).toEqual(mapOrder())

    store.markSynced([{ ref: { _id: 'b3', _objectStore: ObjectStore.BOOKMARKS }, lastSync: 42 }])
    expect(store.getAllBookmarks().find((bookmark) => bookmark._id === 'b3')?.lastSync).toBe(42)
  })
})

describe('decodeAhead', () => {
  it('decodes in slices, pausing between them, and reads stay the same before and after', async () => {
    const created = await harness()
    const { store } = created
    await save(
      store,
      Array.from({ length: 30 }, (_, index) =>
        asBookmark({ _id: `b${index}`, url: `https://e.com/${index}`, title: `Page ${index}` }),
      ),
    )
    await save(
      store,
      Array.from({ length: 60 }, (_, index) =>
        asMark({ _id: `m${index}`, _bookmark: `b${index % 30}`, text: `mark ${index}` }),
      ),
    )
    const counts = store.getBookmarksWithCount().map((b) => [b._id, b.marksCount])
    expect(counts).toContainEqual(['b0', 2])

    const fresh = await created.reopen()
    let pauses = 0
    // A slice of 0 ms pauses after every entity.
    await fresh.decodeAhead(() => {
      pauses += 1
      return Promise.resolve()
    }, 0)
    // One pause after each of the 90 entities, one after building the search texts.
    expect(pauses).toBe(91)
    expect(fresh.getBookmarksWithCount().map((b) => [b._id, b.marksCount])).toEqual(counts)
    expect(ids(fresh.getAllMarks())).toHaveLength(60)
    expect(ids(fresh.getEntitiesForSearchValue('MARK 5').marks).sort()).toEqual(
      ['m5', ...Array.from({ length: 10 }, (_, index) => `m${50 + index}`)].sort(),
    )
  })

  it('leaves a write made while it pauses readable', async () => {
    const { store } = await harness()
    await save(store, [asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'First' })])
    let wrote = false
    await store.decodeAhead(async () => {
      if (!wrote) {
        wrote = true
        await save(store, [asBookmark({ _id: 'b1', url: 'https://e.com/1', title: 'Second' })])
      }
    }, 0)
    expect(store.getBookmark('b1')?.title).toBe('Second')
  })
})

describe('getLastHighlightedMark', () => {
  it('gives the most recently created live mark, or undefined', async () => {
    const { store } = await harness()
    expect(store.getLastHighlightedMark()).toBeUndefined()
    await save(store, [
      asBookmark({ _id: 'b1', isStarred: true }),
      asMark({ _id: 'm-old', _bookmark: 'b1', createdAt: FIXTURE_NOW - 1000 }),
      asMark({ _id: 'm-new', _bookmark: 'b1', createdAt: FIXTURE_NOW + 1000 }),
      asMark({ _id: 'm-mid', _bookmark: 'b1', createdAt: FIXTURE_NOW }),
    ])
    expect(store.getLastHighlightedMark()?._id).toBe('m-new')
    await store.markEntitiesAsDeleted([{ _id: 'm-new', _objectStore: ObjectStore.MARKS }])
    expect(store.getLastHighlightedMark()?._id).toBe('m-mid')
  })
})

describe('getLearningStatus', () => {
  it('counts cards, new cards, due cards and today’s reviews over live marks', async () => {
    const { store } = await harness()
    const yesterday = FIXTURE_NOW - FIXTURE_DAY_MS
    await save(store, [
      asBookmark({ _id: 'b1', isStarred: true }),
      asMark({ _id: 'new-1', _bookmark: 'b1' }),
      asMark({ _id: 'new-2', _bookmark: 'b1', learningItem: createLearningItemFixture() }),
      asMark({
        _id: 'due',
        _bookmark: 'b1',
        learningItem: createLearningItemFixture({
          repetitions: 2,
          interval: 3,
          lastLearned: yesterday - 3 * FIXTURE_DAY_MS,
          nextReviewInMillis: yesterday,
          lastLearnedHistory: [yesterday - 3 * FIXTURE_DAY_MS],
        }),
      }),
      asMark({
        _id: 'learned-today',
        _bookmark: 'b1',
        learningItem: createLearningItemFixture({
          repetitions: 1,
          lastLearned: FIXTURE_NOW - 1000,
          nextReviewInMillis: FIXTURE_NOW + FIXTURE_DAY_MS,
          // A full day of reviews yesterday (a streak day) and one today.
          lastLearnedHistory: [
            ...Array.from({ length: DAILY_TARGET }, (_, index) => yesterday + index),
            FIXTURE_NOW - 1000,
          ],
        }),
      }),
      asMark({
        _id: 'disabled',
        _bookmark: 'b1',
        learningItem: createLearningItemFixture({ disableLearning: true }),
      }),
    ])

    const status = store.getLearningStatus()
    expect(status.totalCards).toBe(5)
    expect(status.newCards).toBe(3)
    expect(status.dueCount).toBe(3)
    expect(status.learnedToday).toBe(1)
    expect(status.currentStreak).toBe(1)
    expect(status.longestStreak).toBe(1)
    expect(status.dailyTarget).toBe(DAILY_TARGET)
    expect([...status.sessionCardIds].sort()).toEqual(['due', 'new-1', 'new-2'])
    expect(status.sessionCardIds[0]).toBe('due')
    expect(Object.values(status.memoryLevels).reduce((sum, count) => sum + count, 0)).toBe(5)
  })

  it('counts "today" in the time zone the store is given', async () => {
    const lateYesterdayUtc = Date.UTC(2024, 2, 14, 23, 30)
    const marks = [
      asBookmark({ _id: 'b1', isStarred: true }),
      asMark({
        _id: 'm1',
        _bookmark: 'b1',
        learningItem: createLearningItemFixture({
          repetitions: 1,
          lastLearned: lateYesterdayUtc,
          lastLearnedHistory: [lateYesterdayUtc],
        }),
      }),
    ]
    const learnedToday = async (offset: number) => {
      const store = await openLocalStore({
        databaseName: uniqueDatabaseName(),
        now: () => FIXTURE_NOW,
        timeZoneOffsetMinutes: () => offset,
      })
      try {
        await save(store, marks)
        return store.getLearningStatus().learnedToday
      } finally {
        await store.close()
      }
    }
    expect(await learnedToday(0)).toBe(0)
    expect(await learnedToday(60)).toBe(1)
  })

  it('is all zeros on an empty library', async () => {
    const { store } = await harness()
    const status = store.getLearningStatus()
    expect(status).toMatchObject({
      totalCards: 0,
      newCards: 0,
      dueCount: 0,
      learnedToday: 0,
      currentStreak: 0,
      sessionCardIds: [],
    })
  })
})

describe('frozen values', () => {
  it('throws on mutating a returned entity and leaves the doc unchanged', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', title: 'Original', tags: ['t'] }),
      asMark({ _id: 'm1', _bookmark: 'b1', text: 'Original text' }),
    ])
    const bookmark = store.getBookmark('b1')!
    expect(() => {
      bookmark.title = 'Changed'
    }).toThrow(TypeError)
    expect(() => {
      bookmark.tags.push('more')
    }).toThrow(TypeError)
    const mark = store.getAllMarks()[0]!
    expect(() => {
      mark.highlightSource!.startMeta.textOffset = 99
    }).toThrow(TypeError)
    expect(() => {
      delete mark.text
    }).toThrow(TypeError)
    const viaId = store.getEntityById('m1')!
    expect(Object.isFrozen(viaId)).toBe(true)

    expect(readEntity(store.doc, ObjectStore.MARKS, 'm1')).toMatchObject({ text: 'Original text' })
    expect(store.getBookmark('b1')).toMatchObject({ title: 'Original', tags: ['t'] })
  })

  it('throws on mutating a returned list, so one caller cannot change what the next one reads', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', tags: ['t'] }),
      asBookmark({ _id: 'b2', url: 'https://example.com/2' }),
      asMark({ _id: 'm1', _bookmark: 'b1', tags: ['t'], text: 'needle' }),
    ])
    const bookmarks = store.getAllBookmarks()
    expect(() => bookmarks.splice(0)).toThrow(TypeError)
    expect(() => store.getMarksForBookmark('b1').pop()).toThrow(TypeError)
    expect(() => store.getAllTags().push({ name: 'x', count: 1 })).toThrow(TypeError)
    expect(() => {
      store.getBookmarksWithCount()[0]!.marksCount = 99
    }).toThrow(TypeError)
    expect(() => store.getEntitiesForSearchValue('needle').marks.pop()).toThrow(TypeError)
    expect(() => store.getLearningStatus().sessionCardIds.push('x')).toThrow(TypeError)
    expect(ids(store.getAllBookmarks())).toEqual(['b1', 'b2'])
    expect(ids(store.getMarksForBookmark('b1'))).toEqual(['m1'])
    expect(store.getBookmarksWithCount().map((bookmark) => bookmark.marksCount)).toEqual([1, 0])
    // A copy is the caller's own to sort.
    expect(ids([...store.getAllBookmarks()].reverse())).toEqual(['b2', 'b1'])
  })

  it('keeps what the caller passed in its own hands: later changes to it reach neither the doc nor freeze', async () => {
    const { store } = await harness()
    const markOrder: Record<string, number> = { m1: 0 }
    const rangyObject = { serialized: 'v1' }
    const bookmark = { ...asBookmark({ _id: 'b1' }), markOrder }
    const mark = { ...asMark({ _id: 'm1', _bookmark: 'b1' }), rangyObject }
    await save(store, [bookmark, mark])
    // Reading freezes what the doc holds; it must not freeze the caller's objects.
    store.getAllBookmarks()
    store.getAllMarks()
    markOrder.m2 = 1
    rangyObject.serialized = 'v2'
    expect(Object.isFrozen(markOrder)).toBe(false)
    expect(store.getBookmark('b1')).toMatchObject({ markOrder: { m1: 0 } })
    expect(store.getBookmark('b1')).not.toHaveProperty('markOrder.m2')
    expect(store.getEntityById('m1')).toMatchObject({ rangyObject: { serialized: 'v1' } })
  })
})
