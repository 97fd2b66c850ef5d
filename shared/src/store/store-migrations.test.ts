// Schema migrations on open. Each test writes a library doc the way an older (or newer) Inkmark
// left it, with y-indexeddb and yjs directly, then opens it with the store.
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DEFAULT_HIGHLIGHT_COLOR } from '../domain/color'
import { ObjectStore } from '../domain/entities/object-store'
import { openTestStore, uniqueDatabaseName, type TestStore } from '../testing/store-harness'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import { SCHEMA_VERSION } from './library-schema'
import { openLocalStore, type LocalStore } from './local-store'

const open: TestStore[] = []
const stores: LocalStore[] = []
async function harness(databaseName: string): Promise<TestStore> {
  const created = await openTestStore({ databaseName })
  open.push(created)
  return created
}
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
  for (const store of stores.splice(0)) {
    await store.close()
  }
})

/** Writes a library doc to IndexedDB as another version of the app would, and closes it. */
async function writeRawDoc(name: string, fill: (doc: Y.Doc) => void): Promise<void> {
  const doc = new Y.Doc()
  const persistence = new IndexeddbPersistence(name, doc)
  await persistence.whenSynced
  doc.transact(() => fill(doc))
  // Wait until the provider's write is committed: a later read-write transaction completes after it.
  await new Promise<void>((resolve, reject) => {
    const transaction = persistence.db!.transaction('updates', 'readwrite')
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error ?? new Error('write failed'))
  })
  await persistence.destroy()
  doc.destroy()
}

/** The plain contents of every map of a doc, for comparing before and after. */
function plainMaps(doc: Y.Doc): Record<string, unknown> {
  return Object.fromEntries(
    ['meta', ...Object.values(ObjectStore)].map((name) => [name, doc.getMap(name).toJSON()]),
  )
}

const ISO_CREATED = '2023-05-01T10:00:00.000Z'
const ISO_UPDATED = '2023-05-02T11:30:00.000Z'
const ISO_SYNCED = '2023-05-03T00:00:00Z'
const millis = (iso: string) => Date.parse(iso)

/** A library as version 1 wrote it: no schema version, CSS colours, ISO times, inline bodies. */
function fillVersion1(doc: Y.Doc): void {
  doc.getMap('meta').set('writtenBy', 'inkmark 1.0')
  doc.getMap('bookmarks').set('b1', {
    _id: 'b1',
    url: 'https://www.example.com/v1/',
    title: 'Version one',
    tags: ['old'],
    isStarred: false,
    createdAt: ISO_CREATED,
    updatedAt: ISO_UPDATED,
    lastSync: ISO_SYNCED,
    aiSummary: { text: 'An old summary', createdAt: ISO_UPDATED },
    _objectStore: 'bookmarks',
  })
  // Version 1 wrote only the fields a record had: no tags, no type, no permission.
  doc.getMap('bookmarks').set('b-bare', {
    _id: 'b-bare',
    url: 'https://example.com/bare',
    createdAt: ISO_CREATED,
  })
  const mark = (id: string, color: string, extra: Record<string, unknown> = {}) => ({
    _id: id,
    _bookmark: 'b1',
    url: 'https://www.example.com/v1/',
    text: `text of ${id}`,
    color,
    tags: [],
    createdAt: ISO_CREATED,
    _objectStore: 'marks',
    ...extra,
  })
  const marks = doc.getMap('marks')
  marks.set('m-rgb', mark('m-rgb', 'rgb(255, 0, 0)'))
  marks.set('m-upper', mark('m-upper', '#F8FC46', { createdAt: ISO_UPDATED }))
  marks.set('m-bad', mark('m-bad', 'not a colour', { createdAt: 'not a date' }))
  marks.set('m-bare', {
    _id: 'm-bare',
    _bookmark: 'b-bare',
    url: 'https://example.com/bare',
    text: 'bare',
    createdAt: ISO_CREATED,
  })
  marks.set(
    'm-learning',
    mark('m-learning', 'rgba(0, 0, 255, 0.5)', {
      learningItem: {
        easinessFactor: 2.5,
        interval: 3,
        repetitions: 1,
        lastLearned: ISO_UPDATED,
        nextReviewInMillis: '2023-05-05T11:30:00.000Z',
        lastLearnedHistory: [ISO_CREATED, 1683000000000, 'never'],
      },
    }),
  )
  doc.getMap('chromesettings').set('settings-v1', {
    _id: 'settings-v1',
    defaultHighlightColor: 'rgb(0, 128, 255)',
    recentColors: ['rgb(255, 0, 0)', 'no colour', '#ABCDEF'],
    createdAt: ISO_CREATED,
    _objectStore: 'chromesettings',
  })
  doc.getMap('pagecontents').set('p1', {
    _id: 'p1',
    url: 'http://example.com/v1',
    type: 'html',
    content: '<article><p>Saved by version one.</p></article>',
    createdAt: ISO_CREATED,
    _objectStore: 'pagecontents',
  })
  doc.getMap('aichats').set('c1', {
    _id: 'c1',
    _referenceId: 'b1',
    _referenceObjectStore: 'bookmarks',
    messages: [
      { role: 'user', content: 'Summarize', createdAt: ISO_CREATED },
      { role: 'assistant', content: 'It is old.', createdAt: ISO_UPDATED },
    ],
    createdAt: ISO_CREATED,
    _objectStore: 'aichats',
  })
}

describe('migrations', () => {
  it('migrates a version 1 library: hex colours, millis, bodies moved out (steps [2, 3])', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, fillVersion1)
    const { store, reopen } = await harness(databaseName)

    expect(store.migration).toEqual({
      storedVersion: 1,
      version: SCHEMA_VERSION,
      appliedSteps: [2, 3],
    })
    expect(store.doc.getMap('meta').get('schemaVersion')).toBe(3)
    expect(store.doc.getMap('meta').get('writtenBy')).toBe('inkmark 1.0')

    const colours = Object.fromEntries(store.getAllMarks().map((mark) => [mark._id, mark.color]))
    expect(colours).toEqual({
      'm-rgb': '#ff0000',
      'm-upper': '#f8fc46',
      'm-bad': DEFAULT_HIGHLIGHT_COLOR,
      'm-bare': DEFAULT_HIGHLIGHT_COLOR,
      'm-learning': '#0000ff80',
    })
    const settings = store.getChromeSettings()
    expect(settings._id).toBe('settings-v1')
    expect(settings.defaultHighlightColor).toBe('#0080ff')
    expect(settings.recentColors).toEqual(['#ff0000', '#abcdef'])

    const bookmark = store.getBookmark('b1')!
    expect(bookmark).toMatchObject({
      createdAt: millis(ISO_CREATED),
      updatedAt: millis(ISO_UPDATED),
      lastSync: millis(ISO_SYNCED),
      aiSummary: { text: 'An old summary', createdAt: millis(ISO_UPDATED) },
    })
    // Missing fields read with the schema's defaults, so every query works on old records.
    expect(store.getBookmark('b-bare')).toMatchObject({
      tags: [],
      isStarred: false,
      type: 'normal',
      permission: 'PRIVATE',
    })
    expect(store.getEntityById('m-bare')).toMatchObject({
      tags: [],
      type: 'normal',
      _objectStore: 'marks',
    })
    expect(store.getMarksForTag('old')).toEqual([])
    expect(store.getBookmarksForTag('old').map((entity) => entity._id)).toEqual(['b1'])
    expect(store.getAllTags()).toEqual([{ name: 'old', count: 1 }])
    expect(store.getEntityById('m-upper')?.createdAt).toBe(millis(ISO_UPDATED))
    // A time that cannot be read is dropped rather than kept as a string.
    expect(store.getEntityById('m-bad')).not.toHaveProperty('createdAt')
    expect(store.getEntityById('m-learning', ObjectStore.MARKS)).toMatchObject({
      learningItem: {
        lastLearned: millis(ISO_UPDATED),
        nextReviewInMillis: millis('2023-05-05T11:30:00.000Z'),
        lastLearnedHistory: [millis(ISO_CREATED), 1683000000000],
      },
    })

    // Bodies live in docs of their own now; the library keeps metadata and the length.
    const content = store.getAllPageContents()[0]!
    expect(content).not.toHaveProperty('content')
    expect(content).toMatchObject({
      createdAt: millis(ISO_CREATED),
      length: '<article><p>Saved by version one.</p></article>'.length,
    })
    expect((await store.getPageContentForUrl('https://www.example.com/v1/'))?.content).toBe(
      '<article><p>Saved by version one.</p></article>',
    )
    expect(store.getAllAiChats()[0]).not.toHaveProperty('messages')
    expect((await store.getAiChatByReferenceId('b1'))?.messages).toEqual([
      { role: 'user', content: 'Summarize', createdAt: millis(ISO_CREATED) },
      { role: 'assistant', content: 'It is old.', createdAt: millis(ISO_UPDATED) },
    ])
    expect(store.getPageContentSizeUsedInBytes()).toBe(content.length)

    // The migrated library works like any other, and the migration does not run twice.
    expect(store.getMarksForBookmark('b1')).toHaveLength(4)
    expect(store.getLearningStatus().totalCards).toBe(5)
    const reopened = await reopen()
    expect(reopened.migration).toEqual({
      storedVersion: SCHEMA_VERSION,
      version: SCHEMA_VERSION,
      appliedSteps: [],
    })
    expect(reopened.getEntityById('m-rgb')?.color).toBe('#ff0000')
  })

  it('migrates a version 2 library with step 3 only', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, (doc) => {
      fillVersion1(doc)
      doc.getMap('meta').set('schemaVersion', 2)
    })
    const { store } = await harness(databaseName)
    expect(store.migration).toEqual({ storedVersion: 2, version: 3, appliedSteps: [3] })
    // Step 2 did not run: colours stay as version 2 stored them.
    expect(store.getEntityById('m-rgb')?.color).toBe('rgb(255, 0, 0)')
    expect(store.getBookmark('b1')?.createdAt).toBe(millis(ISO_CREATED))
    expect((await store.getPageContentForUrl('http://example.com/v1'))?.content).toContain(
      'Saved by version one.',
    )
  })

  it('opens a library written by a newer version (4) untouched', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, (doc) => {
      fillVersion1(doc)
      doc.getMap('meta').set('schemaVersion', 4)
    })
    const reference = new Y.Doc()
    fillVersion1(reference)
    reference.getMap('meta').set('schemaVersion', 4)

    const { store, reopen } = await harness(databaseName)
    expect(store.migration).toEqual({ storedVersion: 4, version: 4, appliedSteps: [] })
    expect(plainMaps(store.doc)).toEqual(plainMaps(reference))
    const reopened = await reopen()
    expect(reopened.migration.version).toBe(4)
    expect(plainMaps(reopened.doc)).toEqual(plainMaps(reference))
  })

  it('gives an empty database version 3 with no steps, and keeps it', async () => {
    const { store, reopen } = await harness(uniqueDatabaseName())
    expect(store.migration).toEqual({ storedVersion: undefined, version: 3, appliedSteps: [] })
    expect(store.doc.getMap('meta').get('schemaVersion')).toBe(3)
    const reopened = await reopen()
    expect(reopened.migration).toEqual({ storedVersion: 3, version: 3, appliedSteps: [] })
  })

  it('treats a doc with a meta map but no entities and no version as new', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, (doc) => doc.getMap('meta').set('writtenBy', 'x'))
    const { store } = await harness(databaseName)
    expect(store.migration).toEqual({ storedVersion: undefined, version: 3, appliedSteps: [] })
  })

  it('leaves the library at its version when moving a body fails, and migrates on the next open', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, fillVersion1)
    const failing: BodyStore = {
      ...createIndexeddbBodyStore(databaseName),
      writePageContent: () => Promise.reject(new Error('disk full')),
    }
    await expect(openLocalStore({ databaseName, bodies: failing })).rejects.toThrow('disk full')

    const { store } = await harness(databaseName)
    expect(store.migration.appliedSteps).toEqual([2, 3])
    expect((await store.getPageContentForUrl('http://example.com/v1'))?.content).toContain(
      'Saved by version one.',
    )
  })

  it('closes the library again when opening fails', async () => {
    const databaseName = uniqueDatabaseName()
    await writeRawDoc(databaseName, fillVersion1)
    const failing: BodyStore = {
      ...createIndexeddbBodyStore(databaseName),
      writeChatMessages: () => Promise.reject(new Error('disk full')),
    }
    await expect(openLocalStore({ databaseName, bodies: failing })).rejects.toThrow('disk full')
    // No connection stays open: deleting the database is not blocked.
    const blocked = await new Promise<boolean>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(databaseName)
      request.onblocked = () => resolve(true)
      request.onsuccess = () => resolve(false)
      request.onerror = () => reject(request.error ?? new Error('delete failed'))
    })
    expect(blocked).toBe(false)
  })

  it('opens with real time and random ids when no clock or id source is given', async () => {
    const store = await openLocalStore({ databaseName: uniqueDatabaseName() })
    stores.push(store)
    expect(store.migration.version).toBe(SCHEMA_VERSION)
    const before = Date.now()
    await store.updateChromeSettings({ showMarkerPopup: false })
    expect(store.getChromeSettings().createdAt).toBeGreaterThanOrEqual(before)
    const result = await store.importBackupData({
      bookmarks: [{ _id: 'x', url: 'https://example.com/', createdAt: 1 }],
      marks: [],
      chromeSettings: { _id: 'y' },
    })
    expect(result.ok).toBe(true)
    expect(store.getAllBookmarks()[0]?._id).toMatch(/^[0-9a-f-]{36}$/)
  })
})
