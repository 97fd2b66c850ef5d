// Backup export and import through the local store: the file's contents and name, validation that
// changes nothing, fresh ids with remapped links, replacement of the local data, exact restore on a
// failure part-way, and a round trip that keeps every field except ids.
import { afterEach, describe, expect, it } from 'vitest'
import { entityValues } from './library-schema'
import { TransactionOrigin } from './origins'
import { INVALID_IMPORT_BACKUP_DATA_MESSAGE } from '../domain/entities/backup-file'
import { ObjectStore } from '../domain/entities/object-store'
import { Message } from '../domain/messages'
import {
  FIXTURE_NOW,
  FIXTURE_USER_ID,
  createChromeSettingsFixture,
  createLearningItemFixture,
} from '../testing/factories'
import { uniqueDatabaseName, trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark, asPageContent } from '../testing/stored-fixtures'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import { CHROME_SETTINGS_ID, type StoredRecord } from './library-schema'
import type { LibraryChange, LocalStore } from './local-store'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

/** A body store that fails its Nth write after `arm(n)`, and logs what it wrote. */
function createFailingBodyStore(databaseName: string) {
  const real = createIndexeddbBodyStore(databaseName)
  let failAt: number | undefined
  let writes = 0
  const written: string[] = []
  const countWrite = (id: string) => {
    writes += 1
    if (failAt !== undefined && writes === failAt) {
      throw new Error(`body write ${writes} failed`)
    }
    written.push(id)
  }
  const bodies: BodyStore = {
    ...real,
    writePageContent: async (id, content) => {
      countWrite(id)
      await real.writePageContent(id, content)
    },
    writeChatMessages: async (id, messages) => {
      countWrite(id)
      await real.writeChatMessages(id, messages)
    },
  }
  return {
    bodies,
    written,
    arm(n: number) {
      failAt = n
      writes = 0
      written.length = 0
    },
  }
}

/** A library of every kind, with sync bookkeeping, a custom mark order and a tombstone. */
async function seedLibrary(store: LocalStore): Promise<void> {
  const result = await store.createOrUpdateEntities([
    asBookmark({
      _id: 'b1',
      url: 'https://example.com/one',
      title: 'One',
      tags: ['alpha'],
      isStarred: true,
      _user: FIXTURE_USER_ID,
      lastSync: FIXTURE_NOW + 1,
      aiSummary: { text: 'summary', createdAt: FIXTURE_NOW },
    }),
    { ...asBookmark({ _id: 'b2', url: 'https://example.com/two', title: 'Two' }), markOrder: {} },
    asMark({
      _id: 'm1',
      _bookmark: 'b1',
      url: 'https://example.com/one',
      text: 'first',
      color: '#f8fc46',
      notes: 'note',
      richText: [{ insert: 'rich', attributes: { bold: true } }],
      learningItem: createLearningItemFixture({
        repetitions: 2,
        lastLearnedHistory: [FIXTURE_NOW],
      }),
      _user: FIXTURE_USER_ID,
      lastSync: FIXTURE_NOW + 1,
    }),
    asMark({ _id: 'm2', _bookmark: 'b1', url: 'https://example.com/one', text: 'second' }),
    asMark({ _id: 'm3', _bookmark: 'b2', url: 'https://example.com/two', text: 'third' }),
    asPageContent({ _id: 'p1', url: 'https://example.com/one', content: '<p>one</p>' }),
    asPageContent({ _id: 'p2', url: 'https://example.com/two', content: '<p>two</p>' }),
    asChat({ _id: 'c1', _referenceId: 'b1', _user: FIXTURE_USER_ID }),
    asChat({
      _id: 'c2',
      _referenceId: 'm3',
      _referenceObjectStore: 'marks',
      messages: [{ role: 'user', content: 'why?', createdAt: FIXTURE_NOW }],
    }),
    {
      ...createChromeSettingsFixture({ _id: CHROME_SETTINGS_ID, preferredColorMode: 'light' }),
      _objectStore: ObjectStore.CHROME_SETTINGS,
      lastSync: FIXTURE_NOW + 1,
    },
    // A synced mark that gets deleted stays as a tombstone until sync.
    asMark({
      _id: 'm-gone',
      _bookmark: 'b1',
      url: 'https://example.com/one',
      text: 'gone',
      lastSync: FIXTURE_NOW + 1,
    }),
  ])
  expect(result.rejected).toEqual([])
  await store.markEntitiesAsDeleted([{ _id: 'm-gone', _objectStore: ObjectStore.MARKS }])
  // The custom order on bookmark b1: m2 before m1.
  await store.createOrUpdateEntities([{ ...store.getBookmark('b1'), markOrder: { m2: 0, m1: 1 } }])
}

/** Every stored entity of every kind, deleted ones included, sorted by id. */
function snapshotAll(store: LocalStore): Record<string, StoredRecord[]> {
  return Object.fromEntries(
    Object.values(ObjectStore).map((kind) => [
      kind,
      entityValues(store.doc, kind).sort((a, b) => a._id.localeCompare(b._id)),
    ]),
  )
}

async function bodiesOf(store: LocalStore) {
  return {
    p1: await store.bodies.readPageContent('p1'),
    p2: await store.bodies.readPageContent('p2'),
    c1: await store.bodies.readChatMessages('c1'),
    c2: await store.bodies.readChatMessages('c2'),
  }
}

describe('getBackupData', () => {
  it('holds the live data with bodies, without _user and lastSync, in a dated file', async () => {
    const { store } = await harness()
    await seedLibrary(store)
    const { fileName, file } = await store.getBackupData()

    expect(fileName).toBe('inkmark-backup-2024-03-15.json')
    expect(file.bookmarks.map((bookmark) => bookmark._id).sort()).toEqual(['b1', 'b2'])
    expect(file.marks.map((mark) => mark._id).sort()).toEqual(['m1', 'm2', 'm3'])
    expect(file.chromeSettings).toMatchObject({
      _id: CHROME_SETTINGS_ID,
      preferredColorMode: 'light',
    })
    expect(file.pagecontents?.map((content) => [content._id, content.content]).sort()).toEqual([
      ['p1', '<p>one</p>'],
      ['p2', '<p>two</p>'],
    ])
    const chats = Object.fromEntries((file.aichats ?? []).map((chat) => [chat._id, chat.messages]))
    expect(chats.c1).toHaveLength(2)
    expect(chats.c2).toEqual([{ role: 'user', content: 'why?', createdAt: FIXTURE_NOW }])

    const everyEntity = [
      ...file.bookmarks,
      ...file.marks,
      file.chromeSettings,
      ...(file.pagecontents ?? []),
      ...(file.aichats ?? []),
    ]
    for (const entity of everyEntity) {
      expect(entity).not.toHaveProperty('_user')
      expect(entity).not.toHaveProperty('lastSync')
      expect(entity).not.toHaveProperty('deletedAt')
    }
    // The file is plain JSON.
    expect(JSON.parse(JSON.stringify(file))).toEqual(file)
  })

  it('opens the bodies one at a time, not every body database at once', async () => {
    const databaseName = uniqueDatabaseName()
    const real = createIndexeddbBodyStore(databaseName)
    let open = 0
    let mostOpen = 0
    const track =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        open += 1
        mostOpen = Math.max(mostOpen, open)
        try {
          return await read(...args)
        } finally {
          open -= 1
        }
      }
    const bodies: BodyStore = {
      ...real,
      readPageContent: track((id: string) => real.readPageContent(id)),
      readChatMessages: track((id: string) => real.readChatMessages(id)),
    }
    const { store } = await harness({ databaseName, bodies })
    await seedLibrary(store)
    const { file } = await store.getBackupData()
    expect(file.pagecontents).toHaveLength(2)
    expect(file.aichats).toHaveLength(2)
    expect(mostOpen).toBe(1)
  })

  it('holds the default settings and empty lists for an empty library', async () => {
    const { store, clock } = await harness()
    clock.set(Date.UTC(2025, 0, 2, 23, 59))
    const { fileName, file } = await store.getBackupData()
    expect(fileName).toBe('inkmark-backup-2025-01-02.json')
    expect(file).toMatchObject({ bookmarks: [], marks: [], pagecontents: [], aichats: [] })
    expect(file.chromeSettings).toMatchObject({
      _id: CHROME_SETTINGS_ID,
      preferredColorMode: 'system',
    })
  })
})

describe('importBackupData', () => {
  it('refuses data without the backup shape with "Invalid import backup data" and changes nothing', async () => {
    const { store } = await harness()
    await seedLibrary(store)
    const before = snapshotAll(store)
    const changes: LibraryChange[] = []
    store.observe((change) => changes.push(change))
    const { file } = await store.getBackupData()

    for (const json of [
      null,
      42,
      'not json {',
      [],
      {},
      { bookmarks: [], marks: [] },
      { bookmarks: 'x', marks: [], chromeSettings: {} },
      { bookmarks: [], marks: {}, chromeSettings: {} },
      { ...file, bookmarks: [{ _id: 'b', url: 5, createdAt: 1 }] },
      { ...file, marks: [{ _id: 'm', url: 'https://e.com', createdAt: 1 }] },
      { ...file, pagecontents: 'nope' },
      { ...file, chromeSettings: { _id: 'x', preferredColorMode: 'purple' } },
    ]) {
      const result = await store.importBackupData(json)
      expect(result, JSON.stringify(json)).toMatchObject({
        ok: false,
        error: INVALID_IMPORT_BACKUP_DATA_MESSAGE,
        restored: false,
      })
    }
    expect(INVALID_IMPORT_BACKUP_DATA_MESSAGE).toBe('Invalid import backup data')
    expect(snapshotAll(store)).toEqual(before)
    expect(changes).toEqual([])
    expect(await bodiesOf(store)).toMatchObject({ p1: '<p>one</p>', p2: '<p>two</p>' })
  })

  it('replaces the local data, with every id new and links remapped', async () => {
    const source = await harness()
    await seedLibrary(source.store)
    const { file } = await source.store.getBackupData()

    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'old-b', url: 'https://old.example.com/' }),
      asMark({ _id: 'old-m', _bookmark: 'old-b', url: 'https://old.example.com/' }),
      asPageContent({ _id: 'old-p', url: 'https://old.example.com/', content: '<p>old</p>' }),
      asChat({ _id: 'old-c', _referenceId: 'old-b' }),
    ])
    const changes: LibraryChange[] = []
    store.observe((change) => changes.push(change))

    const result = await store.importBackupData(JSON.stringify(file))
    expect(result).toEqual({
      ok: true,
      counts: { bookmarks: 2, marks: 3, pagecontents: 2, aichats: 2 },
    })
    expect(changes.every((change) => change.local)).toBe(true)

    // The old data and its bodies are gone.
    expect(store.getEntityById('old-b')).toBeUndefined()
    expect(store.getEntityById('old-m')).toBeUndefined()
    expect(await store.bodies.readPageContent('old-p')).toBeUndefined()
    expect(await store.bodies.readChatMessages('old-c')).toEqual([])

    // Every id is new (the settings keep their one fixed id).
    const fileIds = new Set([
      ...file.bookmarks.map((entity) => entity._id),
      ...file.marks.map((entity) => entity._id),
      ...(file.pagecontents ?? []).map((entity) => entity._id),
      ...(file.aichats ?? []).map((entity) => entity._id),
    ])
    const all = store.getAllEntities()
    for (const entity of [...all.bookmarks, ...all.marks, ...all.pagecontents, ...all.aichats]) {
      expect(fileIds.has(entity._id), entity._id).toBe(false)
      expect(entity).not.toHaveProperty('lastSync')
    }
    expect(all.chromesettings.map((entity) => entity._id)).toEqual([CHROME_SETTINGS_ID])
    expect(store.getChromeSettings().preferredColorMode).toBe('light')

    // Links follow the new ids.
    const one = store.getBookmarkForUrl('https://example.com/one')!
    const two = store.getBookmarkForUrl('https://example.com/two')!
    expect(store.getMarksForBookmark(one._id).map((mark) => mark.text)).toEqual(['second', 'first'])
    expect(store.getMarksForBookmark(two._id).map((mark) => mark.text)).toEqual(['third'])
    const third = store.getMarksForBookmark(two._id)[0]!
    expect((await store.getAiChatByReferenceId(one._id))?.messages).toHaveLength(2)
    expect((await store.getAiChatByReferenceId(third._id))?.messages).toEqual([
      { role: 'user', content: 'why?', createdAt: FIXTURE_NOW },
    ])
    expect((await store.getPageContentForUrl('https://example.com/one'))?.content).toBe(
      '<p>one</p>',
    )
    expect((await store.getPageContentForUrl('https://example.com/two'))?.content).toBe(
      '<p>two</p>',
    )

    // Imported data was never synced.
    expect((await store.getEntitiesThatNeedSync()).length).toBe(2 + 3 + 1 + 2 + 2)
  })

  it('imports a minimal file written by another client, with ISO times and nulls', async () => {
    const { store } = await harness()
    const result = await store.importBackupData({
      bookmarks: [
        {
          _id: 'x1',
          url: 'https://example.com/x',
          createdAt: '2024-01-02T03:04:05.000Z',
          title: null,
        },
      ],
      marks: [
        { _id: 'y1', _bookmark: 'x1', url: 'https://example.com/x', createdAt: 1, text: 'y' },
      ],
      chromeSettings: { _id: 'settings-of-another-client', highlighterMode: 'EXPERT' },
    })
    expect(result).toMatchObject({ ok: true, counts: { bookmarks: 1, marks: 1 } })
    const [bookmark] = store.getAllBookmarks()
    expect(bookmark).toMatchObject({ createdAt: Date.UTC(2024, 0, 2, 3, 4, 5), tags: [] })
    expect(bookmark).not.toHaveProperty('title')
    expect(store.getMarksForBookmark(bookmark!._id).map((mark) => mark.text)).toEqual(['y'])
    expect(store.getAllPageContents()).toEqual([])
    expect(store.getAllAiChats()).toEqual([])
    expect(store.getChromeSettings()).toMatchObject({
      _id: CHROME_SETTINGS_ID,
      highlighterMode: 'EXPERT',
    })
  })

  for (const failAt of [1, 2, 3, 4]) {
    it(`restores the previous data exactly when body write ${failAt} of 4 fails`, async () => {
      const databaseName = uniqueDatabaseName()
      const failing = createFailingBodyStore(databaseName)
      const { store } = await harness({ databaseName, bodies: failing.bodies })
      await seedLibrary(store)
      const { file } = await store.getBackupData()
      // Import a different library: the same file with other texts.
      const other = {
        ...file,
        bookmarks: file.bookmarks.map((bookmark) => ({ ...bookmark, title: 'imported' })),
      }
      const before = snapshotAll(store)
      const bodiesBefore = await bodiesOf(store)
      const settingsBefore = store.getChromeSettings()

      failing.arm(failAt)
      const result = await store.importBackupData(other)
      expect(result).toEqual({
        ok: false,
        error: Message.RESTORING_OLD_DATA,
        detail: `body write ${failAt} failed`,
        restored: true,
      })
      expect(Message.RESTORING_OLD_DATA).toBe('Something went wrong, restoring old data...')
      expect(snapshotAll(store)).toEqual(before)
      expect(await bodiesOf(store)).toEqual(bodiesBefore)
      expect(store.getChromeSettings()).toEqual(settingsBefore)
      expect(
        store
          .getAllBookmarks()
          .map((bookmark) => bookmark.title)
          .sort(),
      ).toEqual(['One', 'Two'])
      expect(store.getMarksForBookmark('b1').map((mark) => mark._id)).toEqual(['m2', 'm1'])
      // The bodies written before the failure are removed again.
      expect(failing.written).toHaveLength(failAt - 1)
      for (const id of failing.written) {
        expect(await store.bodies.readPageContent(id)).toBeUndefined()
        expect(await store.bodies.readChatMessages(id)).toEqual([])
      }
    })
  }

  it('restores the previous data even when a failure is not an Error and cleaning up fails', async () => {
    const databaseName = uniqueDatabaseName()
    const real = createIndexeddbBodyStore(databaseName)
    let failing = false
    const bodies: BodyStore = {
      ...real,
      writeChatMessages: (id, messages) =>
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        failing ? Promise.reject('quota') : real.writeChatMessages(id, messages),
      delete: (kind, id) =>
        failing ? Promise.reject(new Error('cannot delete')) : real.delete(kind, id),
    }
    const { store } = await harness({ databaseName, bodies })
    await seedLibrary(store)
    const { file } = await store.getBackupData()
    const before = snapshotAll(store)

    failing = true
    expect(await store.importBackupData(file)).toEqual({
      ok: false,
      error: Message.RESTORING_OLD_DATA,
      detail: 'quota',
      restored: true,
    })
    expect(snapshotAll(store)).toEqual(before)
    expect(await bodiesOf(store)).toMatchObject({ p1: '<p>one</p>', p2: '<p>two</p>' })
  })

  it('succeeds even when the old bodies cannot be removed', async () => {
    const databaseName = uniqueDatabaseName()
    const real = createIndexeddbBodyStore(databaseName)
    let failing = false
    const bodies: BodyStore = {
      ...real,
      delete: (kind, id) =>
        failing ? Promise.reject(new Error('cannot delete')) : real.delete(kind, id),
    }
    const { store } = await harness({ databaseName, bodies })
    await seedLibrary(store)
    const { file } = await store.getBackupData()
    failing = true
    expect((await store.importBackupData(file)).ok).toBe(true)
    expect(store.getEntityById('b1')).toBeUndefined()
    expect(store.getAllBookmarks()).toHaveLength(2)
  })

  it('keeps every field except ids through export, clear and import', async () => {
    const { store } = await harness()
    await seedLibrary(store)
    const exported = (await store.getBackupData()).file
    const marksBefore = store.getMarksForBookmark('b1').map((mark) => mark.text)

    await store.clearDatabases()
    expect(store.getAllBookmarks()).toEqual([])
    const result = await store.importBackupData(JSON.parse(JSON.stringify(exported)))
    expect(result.ok).toBe(true)
    const reexported = (await store.getBackupData()).file

    // Name every entity by its content, then compare with ids replaced by those names.
    const label = (file: typeof exported) => {
      const names = new Map<string, string>()
      for (const bookmark of file.bookmarks) {
        names.set(bookmark._id, `bookmark:${bookmark.url}`)
      }
      for (const mark of file.marks) {
        names.set(mark._id, `mark:${mark.text ?? ''}`)
      }
      for (const content of file.pagecontents ?? []) {
        names.set(content._id, `page:${content.url}`)
      }
      for (const chat of file.aichats ?? []) {
        names.set(chat._id, `chat:${names.get(chat._referenceId) ?? '?'}`)
      }
      const rename = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : id)
      const relabel = (entity: Record<string, unknown>) => {
        const copy: Record<string, unknown> = { ...entity, _id: rename(entity._id) }
        for (const link of ['_bookmark', '_referenceId']) {
          if (link in copy) {
            copy[link] = rename(copy[link])
          }
        }
        if (typeof copy.markOrder === 'object' && copy.markOrder !== null) {
          copy.markOrder = Object.fromEntries(
            Object.entries(copy.markOrder).map(([id, position]) => [rename(id), position]),
          )
        }
        return copy
      }
      const sorted = (entities: readonly Record<string, unknown>[]) =>
        entities.map(relabel).sort((a, b) => String(a._id).localeCompare(String(b._id)))
      return {
        bookmarks: sorted(file.bookmarks),
        marks: sorted(file.marks),
        chromeSettings: file.chromeSettings,
        pagecontents: sorted(file.pagecontents ?? []),
        aichats: sorted(file.aichats ?? []),
      }
    }
    expect(label(reexported)).toEqual(label(exported))
    expect(reexported.bookmarks.length).toBe(2)
    // The custom order follows the marks to their new ids.
    const newB1 = store.getBookmarkForUrl('https://example.com/one')!
    expect(store.getMarksForBookmark(newB1._id).map((mark) => mark.text)).toEqual(marksBefore)
  })

  it('turns entities the relay already has into deletions, so sync replaces them there too', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities(
      [
        { ...asBookmark({ _id: 'synced', isStarred: true }), lastSync: FIXTURE_NOW + 5 },
        asBookmark({ _id: 'local-only', url: 'https://example.com/local', isStarred: true }),
      ],
      TransactionOrigin.REMOTE,
    )
    const result = await store.importBackupData({ bookmarks: [], marks: [], chromeSettings: {} })
    expect(result.ok).toBe(true)
    expect(store.getAllBookmarks()).toEqual([])
    expect(store.bookmarks.get('local-only')).toBeUndefined()
    const pending = await store.getEntitiesThatNeedSync()
    expect(pending.map((entity) => [entity._id, entity.deletedAt !== undefined])).toContainEqual([
      'synced',
      true,
    ])
  })
})
