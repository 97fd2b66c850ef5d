// Seeded property test of the local store: random sequences of the operations the apps perform
// (create, edit, star, delete, save page content, chat, sync bookkeeping, backup round trip, clock
// moves, browser restarts) against a real store, checked after every operation against a small
// model of what must be live and against the store's own invariants. A failure names its seed and
// the operation log; rerun one seed with `-t "seed <n>$"`.
import { describe, expect, it } from 'vitest'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { hasMarkNotes } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import { normalizePageUrl } from '../domain/page-url'
import {
  createAiChatFixture,
  createBookmarkFixture,
  createMarkFixture,
  createPageContentFixture,
  FIXTURE_DAY_MS,
} from '../testing/factories'
import { createSeededRandom, type SeededRandom } from '../testing/seeded-random'
import { openTestStore, uniqueDatabaseName, type TestStore } from '../testing/store-harness'
import type { EntityRef } from './deletion-plan'
import type { StoredRecord } from './library-schema'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'
import { RejectionReason } from './write-preparation'

const FIRST_SEED = 1
const SEED_COUNT = 50
const MIN_OPERATIONS = 40
const MAX_OPERATIONS = 80
const COLORS = ['#fdffb4', '#f8fc46', '#8ffdff', '#fbbdff', '#ffec70']
const TAGS = ['read', 'idea', 'todo', 'Work', 'later']

interface ModelMark {
  bookmarkId: string
  text: string
  notes: string | undefined
  color: string
  tags: string[]
}
interface ModelChat {
  referenceId: string
  referenceStore: ObjectStore
  messages: AiChatMessage[]
}

/** What must be live, kept by the rules of the spec independently of the store's planner. */
class LibraryModel {
  readonly bookmarks = new Map<string, { url: string; starred: boolean }>()
  readonly marks = new Map<string, ModelMark>()
  readonly chats = new Map<string, ModelChat>()
  readonly pages = new Map<string, { url: string; content: string }>()
  /** Ids that carry lastSync: deleting one leaves a tombstone instead of removing it. */
  readonly synced = new Set<string>()
  /** Ids that must never appear in a read again (deleted, or replaced by an import). */
  readonly gone = new Map<string, ObjectStore>()
  /** Urls of deleted bookmarks: their chats and page contents must be gone too. */
  readonly deletedBookmarkUrls = new Map<string, string>()

  marksOf(bookmarkId: string): string[] {
    return [...this.marks].filter(([, mark]) => mark.bookmarkId === bookmarkId).map(([id]) => id)
  }

  chatOf(referenceId: string): string | undefined {
    return [...this.chats].find(([, chat]) => chat.referenceId === referenceId)?.[0]
  }

  pageOfUrl(url: string): string | undefined {
    const key = normalizePageUrl(url)
    return [...this.pages].find(([, page]) => normalizePageUrl(page.url) === key)?.[0]
  }

  /** Every entity deleting `refs` takes with it (spec section 4 cascades), in no order. */
  deletionOf(refs: readonly EntityRef[]): EntityRef[] {
    const planned = new Map<string, EntityRef>()
    const plan = (id: string, store: ObjectStore) =>
      planned.set(id, { _id: id, _objectStore: store })
    const chatsOf = (referenceId: string) => {
      for (const [id, chat] of this.chats) {
        if (chat.referenceId === referenceId) {
          plan(id, ObjectStore.AI_CHATS)
        }
      }
    }
    const deleteMark = (id: string) => {
      if (this.marks.has(id) && !planned.has(id)) {
        plan(id, ObjectStore.MARKS)
        chatsOf(id)
      }
    }
    const deleteBookmark = (id: string) => {
      const bookmark = this.bookmarks.get(id)
      if (!bookmark || planned.has(id)) {
        return
      }
      plan(id, ObjectStore.BOOKMARKS)
      this.marksOf(id).forEach(deleteMark)
      chatsOf(id)
      const key = normalizePageUrl(bookmark.url)
      for (const [pageId, page] of this.pages) {
        if (normalizePageUrl(page.url) === key) {
          plan(pageId, ObjectStore.PAGE_CONTENTS)
        }
      }
    }
    const touched = new Set<string>()
    for (const ref of refs) {
      if (ref._objectStore === ObjectStore.BOOKMARKS) {
        deleteBookmark(ref._id)
      } else if (ref._objectStore === ObjectStore.AI_CHATS && this.chats.has(ref._id)) {
        plan(ref._id, ObjectStore.AI_CHATS)
      } else if (ref._objectStore === ObjectStore.MARKS) {
        const bookmarkId = this.marks.get(ref._id)?.bookmarkId
        deleteMark(ref._id)
        if (bookmarkId !== undefined) {
          touched.add(bookmarkId)
        }
      }
    }
    // The last highlight of an unstarred bookmark takes the bookmark with it.
    for (const bookmarkId of touched) {
      const bookmark = this.bookmarks.get(bookmarkId)
      if (
        bookmark &&
        !bookmark.starred &&
        this.marksOf(bookmarkId).every((id) => planned.has(id))
      ) {
        deleteBookmark(bookmarkId)
      }
    }
    return [...planned.values()]
  }

  applyDeletion(refs: readonly EntityRef[]): void {
    for (const ref of refs) {
      const bookmark = this.bookmarks.get(ref._id)
      if (ref._objectStore === ObjectStore.BOOKMARKS && bookmark) {
        this.deletedBookmarkUrls.set(ref._id, bookmark.url)
      }
      this.bookmarks.delete(ref._id)
      this.marks.delete(ref._id)
      this.chats.delete(ref._id)
      this.pages.delete(ref._id)
      this.gone.set(ref._id, ref._objectStore)
    }
  }
}

interface Run {
  seed: number
  random: SeededRandom
  harness: TestStore
  model: LibraryModel
  log: string[]
  counter: number
}

const storeOf = (run: Run): LocalStore => run.harness.store
const nextId = (run: Run, prefix: string) => `${prefix}${++run.counter}`
const refKey = (ref: EntityRef) => `${ref._objectStore}/${ref._id}`
const sortedKeys = (refs: readonly EntityRef[]) => refs.map(refKey).sort()
const idsOf = (entities: readonly { _id: string }[]) => entities.map((entity) => entity._id).sort()

function subset<T>(random: SeededRandom, items: readonly T[], p: number): T[] {
  return items.filter(() => random.chance(p))
}

function randomTags(random: SeededRandom): string[] {
  return subset(random, TAGS, 0.25)
}

function newMark(run: Run, bookmarkId: string, url: string) {
  const id = nextId(run, 'm')
  const notes = run.random.chance(0.4) ? `Note on ${id}` : undefined
  const mark = {
    ...createMarkFixture({
      _id: id,
      _bookmark: bookmarkId,
      url,
      origin: new URL(url).host,
      text: `Highlight ${id} of seed ${run.seed}`,
      color: run.random.pick(COLORS),
      tags: randomTags(run.random),
      ...(notes === undefined ? {} : { notes }),
    }),
    _objectStore: ObjectStore.MARKS,
  }
  run.model.marks.set(id, {
    bookmarkId,
    text: mark.text ?? '',
    notes,
    color: mark.color,
    tags: mark.tags,
  })
  return mark
}

/** Logs what the running operation is doing, so a failure inside it shows in the log. */
function note(run: Run, doing: string): void {
  run.log[run.log.length - 1] = `${doing} (unfinished)`
}

async function expectSaved(
  run: Run,
  entities: readonly unknown[],
  origin: TransactionOrigin = TransactionOrigin.LOCAL,
) {
  const ids = entities.map((entity) => (entity as { _id?: string })._id)
  note(run, `createOrUpdateEntities ${origin} [${ids.join(' ')}]`)
  const result = await storeOf(run).createOrUpdateEntities(entities, origin)
  expect(result.rejected, 'rejected entities').toEqual([])
  expect(result.saved).toHaveLength(entities.length)
}

async function expectDeletion(run: Run, refs: EntityRef[]): Promise<string> {
  const expected = run.model.deletionOf(refs)
  note(run, `markEntitiesAsDeleted [${sortedKeys(refs).join(' ')}]`)
  const result = await storeOf(run).markEntitiesAsDeleted(refs)
  const tombstoned = expected.filter((ref) => run.model.synced.has(ref._id))
  const removed = expected.filter((ref) => !run.model.synced.has(ref._id))
  expect(sortedKeys(result.markedDeleted), 'entities marked deleted').toEqual(
    sortedKeys(tombstoned),
  )
  expect(sortedKeys(result.removed), 'entities removed outright').toEqual(sortedKeys(removed))
  run.model.applyDeletion(expected)
  return `-> deleted [${sortedKeys(expected).join(' ')}]`
}

type Operation = (run: Run) => Promise<string | null>

const createBookmark: Operation = async (run) => {
  const { random, model } = run
  const id = nextId(run, 'b')
  const url = `https://site${random.int(1, 4)}.example.com/articles/${run.seed}-${id}`
  const starred = random.chance(0.3)
  const bookmark = {
    ...createBookmarkFixture({
      _id: id,
      url,
      origin: new URL(url).host,
      title: `Page ${id}`,
      isStarred: starred,
      tags: randomTags(random),
    }),
    _objectStore: ObjectStore.BOOKMARKS,
  }
  model.bookmarks.set(id, { url, starred })
  // The extension creates an unstarred bookmark together with its first highlight.
  const markCount = starred && random.chance(0.5) ? 0 : random.int(1, 3)
  const marks = Array.from({ length: markCount }, () => newMark(run, id, url))
  await expectSaved(run, [bookmark, ...marks])
  return `createBookmark ${id} starred=${starred} marks=[${marks.map((m) => m._id).join(' ')}]`
}

const createMarks: Operation = async (run) => {
  const { random, model } = run
  const deleted = [...model.deletedBookmarkUrls.keys()]
  if (deleted.length > 0 && random.chance(0.1)) {
    const bookmarkId = random.pick(deleted)
    const mark = newMark(run, bookmarkId, model.deletedBookmarkUrls.get(bookmarkId)!)
    model.marks.delete(mark._id)
    note(run, `createOrUpdateEntities [${mark._id}] on deleted ${bookmarkId}`)
    const result = await storeOf(run).createOrUpdateEntities([mark])
    expect(result.saved, 'saved marks of a deleted bookmark').toEqual([])
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual([
      RejectionReason.MISSING_BOOKMARK,
    ])
    return `createMark ${mark._id} on deleted ${bookmarkId} (rejected)`
  }
  const bookmarks = [...model.bookmarks.keys()]
  if (bookmarks.length === 0) {
    return null
  }
  const bookmarkId = random.pick(bookmarks)
  const url = model.bookmarks.get(bookmarkId)!.url
  const marks = Array.from({ length: random.int(1, 2) }, () => newMark(run, bookmarkId, url))
  await expectSaved(run, marks)
  return `createMarks on ${bookmarkId}: [${marks.map((m) => m._id).join(' ')}]`
}

const editMark: Operation = async (run) => {
  const { random, model } = run
  const ids = [...model.marks.keys()]
  if (ids.length === 0) {
    return null
  }
  const id = random.pick(ids)
  const { notes: _previous, ...current } = storeOf(run).marks.get(id)!
  const choice = random.int(0, 2)
  const notes = choice === 0 ? `Edited ${run.counter++}` : choice === 1 ? '' : undefined
  const color = random.pick(COLORS)
  const tags = randomTags(random)
  await expectSaved(run, [{ ...current, color, tags, ...(notes === undefined ? {} : { notes }) }])
  Object.assign(model.marks.get(id)!, { notes, color, tags })
  return `editMark ${id} notes=${JSON.stringify(notes)} color=${color} tags=${tags.join(',')}`
}

const toggleStar: Operation = async (run) => {
  const { random, model } = run
  const ids = [...model.bookmarks.keys()]
  if (ids.length === 0) {
    return null
  }
  const id = random.pick(ids)
  const bookmark = model.bookmarks.get(id)!
  const starred = !bookmark.starred
  const cascade =
    !starred && model.marksOf(id).length === 0
      ? model.deletionOf([{ _id: id, _objectStore: ObjectStore.BOOKMARKS }])
      : []
  await expectSaved(run, [{ ...storeOf(run).getBookmark(id)!, isStarred: starred }])
  bookmark.starred = starred
  model.applyDeletion(cascade)
  return `${starred ? 'star' : 'unstar'} ${id}${cascade.length > 0 ? ' -> bookmark deleted' : ''}`
}

const deleteMarks: Operation = async (run) => {
  const { random, model } = run
  const ids = [...model.marks.keys()]
  if (ids.length === 0) {
    return null
  }
  const first = random.pick(ids)
  const siblings = model.marksOf(model.marks.get(first)!.bookmarkId).filter((id) => id !== first)
  const chosen = [first, ...(random.chance(0.3) ? subset(random, siblings, 0.6) : [])]
  const refs: EntityRef[] = chosen.map((id) => ({ _id: id, _objectStore: ObjectStore.MARKS }))
  // Callers may also name the mark twice, an id deleted meanwhile, or the mark's chat.
  const goneMarks = [...model.gone].filter(([, kind]) => kind === ObjectStore.MARKS)
  const chatOfFirst = model.chatOf(first)
  const extras: EntityRef[] = [
    { _id: first, _objectStore: ObjectStore.MARKS },
    ...goneMarks.slice(-1).map(([id]) => ({ _id: id, _objectStore: ObjectStore.MARKS })),
    ...(chatOfFirst === undefined
      ? []
      : [{ _id: chatOfFirst, _objectStore: ObjectStore.AI_CHATS }]),
  ]
  if (random.chance(0.15)) {
    refs.push(random.pick(extras))
  }
  return `deleteMarks [${sortedKeys(refs).join(' ')}] ${await expectDeletion(run, refs)}`
}

const deleteBookmark: Operation = async (run) => {
  const ids = [...run.model.bookmarks.keys()]
  if (ids.length === 0) {
    return null
  }
  const id = run.random.pick(ids)
  const refs = [{ _id: id, _objectStore: ObjectStore.BOOKMARKS }]
  return `deleteBookmark ${id} ${await expectDeletion(run, refs)}`
}

const savePageContent: Operation = async (run) => {
  const { random, model } = run
  const ids = [...model.bookmarks.keys()]
  if (ids.length === 0) {
    return null
  }
  const bookmarkId = random.pick(ids)
  const bookmarkUrl = model.bookmarks.get(bookmarkId)!.url
  // The same page as the browser may show it: the content must still go with the bookmark.
  const url = random.pick([
    bookmarkUrl,
    `${bookmarkUrl}/`,
    `${bookmarkUrl}#section-2`,
    bookmarkUrl.replace('https://', 'http://www.'),
  ])
  const id = model.pageOfUrl(url) ?? nextId(run, 'p')
  const content = `<article><p>${'Saved text. '.repeat(random.int(1, 40))}${run.counter++}</p></article>`
  await expectSaved(run, [
    {
      ...createPageContentFixture({ _id: id, url, content }),
      _objectStore: ObjectStore.PAGE_CONTENTS,
    },
  ])
  model.pages.set(id, { url, content })
  return `savePageContent ${id} for ${bookmarkId} url=${url} length=${content.length}`
}

const chat: Operation = async (run) => {
  const { random, model } = run
  const onMark = model.marks.size > 0 && random.chance(0.3)
  const candidates = [...(onMark ? model.marks.keys() : model.bookmarks.keys())]
  if (candidates.length === 0) {
    return null
  }
  const referenceId = random.pick(candidates)
  const message: AiChatMessage = {
    role: random.pick(['user', 'assistant'] as const),
    content: `Message ${run.counter++}`,
    createdAt: run.harness.clock.now(),
  }
  const existing = model.chatOf(referenceId)
  if (existing !== undefined) {
    const stored = model.chats.get(existing)!
    const messages = [...stored.messages, message]
    const viaMetadata = random.chance(0.5)
    if (viaMetadata) {
      await expectSaved(run, [{ ...storeOf(run).aiChats.get(existing)!, messages }])
    } else {
      note(run, `setAiChatMessages ${existing}`)
      await storeOf(run).setAiChatMessages(existing, messages)
    }
    stored.messages = messages
    return `chat append to ${existing} (${viaMetadata ? 'write' : 'setAiChatMessages'})`
  }
  const id = nextId(run, 'c')
  const referenceStore = onMark ? ObjectStore.MARKS : ObjectStore.BOOKMARKS
  const created = createAiChatFixture({
    _id: id,
    _referenceId: referenceId,
    _referenceObjectStore: referenceStore,
    messages: [message],
  })
  await expectSaved(run, [{ ...created, _objectStore: ObjectStore.AI_CHATS }])
  model.chats.set(id, { referenceId, referenceStore, messages: [message] })
  return `chat create ${id} about ${referenceStore}/${referenceId}`
}

const simulateSync: Operation = async (run) => {
  const store = storeOf(run)
  const lastSync = run.harness.clock.now()
  const live: StoredRecord[] = [
    ...store.bookmarks.live(),
    ...store.marks.live(),
    ...store.settings.live(),
    ...store.pageContents.live(),
    ...store.aiChats.live(),
  ].sort((a, b) => a._id.localeCompare(b._id))
  const chosen = subset(run.random, live, 0.5).map((entity) => ({ ...entity, lastSync }))
  if (chosen.length === 0) {
    return null
  }
  await expectSaved(run, chosen, TransactionOrigin.REMOTE)
  for (const entity of chosen) {
    run.model.synced.add(entity._id)
  }
  return `sync lastSync=${lastSync} [${idsOf(chosen).join(' ')}]`
}

const purgeTombstones: Operation = async (run) => {
  const store = storeOf(run)
  const tables = [store.bookmarks, store.marks, store.settings, store.pageContents, store.aiChats]
  const tombstones = tables.flatMap((table) =>
    table
      .all()
      .filter((entity) => entity.deletedAt !== undefined)
      .map((entity) => ({ _id: entity._id, _objectStore: table.store })),
  )
  const chosen = subset(
    run.random,
    tombstones.sort((a, b) => a._id.localeCompare(b._id)),
    0.6,
  )
  if (chosen.length === 0) {
    return null
  }
  const origin = run.random.pick([TransactionOrigin.LOCAL, TransactionOrigin.REMOTE])
  note(run, `deleteEntities (${origin}) [${sortedKeys(chosen).join(' ')}]`)
  await store.deleteEntities(chosen, origin)
  for (const ref of chosen) {
    expect(store.getEntityById(ref._id), `purged ${refKey(ref)}`).toBeUndefined()
    expect(tables.find((table) => table.store === ref._objectStore)?.get(ref._id)).toBeUndefined()
  }
  return `deleteEntities (${origin}) [${sortedKeys(chosen).join(' ')}]`
}

/** Reads the live bodies the model knows of (each read opens a database, so at most `limit`). */
async function expectBodies(run: Run, limit = Infinity): Promise<void> {
  const store = storeOf(run)
  for (const [id, page] of [...run.model.pages].slice(0, limit)) {
    const stored = await store.getPageContentForUrl(page.url)
    expect(stored?._id, `page content of ${page.url}`).toBe(id)
    expect(stored?.content, `body of page content ${id}`).toBe(page.content)
  }
  for (const [id, chat] of [...run.model.chats].slice(0, limit)) {
    const stored = await store.getAiChatByReferenceId(chat.referenceId)
    expect(stored?._id, `chat about ${chat.referenceId}`).toBe(id)
    expect(stored?.messages, `messages of chat ${id}`).toEqual(chat.messages)
  }
}

/** Gives the model the ids an import assigned, matching entities by url or highlight text. */
function remapAfterImport(run: Run): void {
  const { model } = run
  const store = storeOf(run)
  const bookmarkByUrl = new Map(store.getAllBookmarks().map((b) => [b.url, b._id]))
  const markByText = new Map(store.getAllMarks().map((m) => [m.text ?? '', m._id]))
  const pageByUrl = new Map(store.getAllPageContents().map((p) => [p.url, p._id]))
  const chatByReference = new Map(store.getAllAiChats().map((c) => [c._referenceId, c._id]))
  const newId = (id: string | undefined, kind: string) => {
    expect(id, `imported ${kind}`).toBeDefined()
    return id!
  }
  const bookmarkIds = new Map<string, string>()
  const markIds = new Map<string, string>()
  const remap = <T>(
    map: Map<string, T>,
    kind: ObjectStore,
    idOf: (id: string, value: T) => string,
  ) => {
    const entries = [...map]
    map.clear()
    for (const [id, value] of entries) {
      model.gone.set(id, kind)
      map.set(idOf(id, value), value)
    }
  }
  remap(model.bookmarks, ObjectStore.BOOKMARKS, (id, bookmark) => {
    const mapped = newId(bookmarkByUrl.get(bookmark.url), `bookmark ${id}`)
    bookmarkIds.set(id, mapped)
    return mapped
  })
  remap(model.marks, ObjectStore.MARKS, (id, mark) => {
    mark.bookmarkId = bookmarkIds.get(mark.bookmarkId)!
    const mapped = newId(markByText.get(mark.text), `mark ${id}`)
    markIds.set(id, mapped)
    return mapped
  })
  remap(model.pages, ObjectStore.PAGE_CONTENTS, (id, page) =>
    newId(pageByUrl.get(page.url), `page content ${id}`),
  )
  remap(model.chats, ObjectStore.AI_CHATS, (id, chat) => {
    chat.referenceId = (chat.referenceStore === ObjectStore.MARKS ? markIds : bookmarkIds).get(
      chat.referenceId,
    )!
    return newId(chatByReference.get(chat.referenceId), `chat ${id}`)
  })
  // An import stores never-synced copies.
  model.synced.clear()
}

const exportAndImport: Operation = async (run) => {
  note(run, 'export+import')
  const { file } = await storeOf(run).getBackupData()
  const result = await storeOf(run).importBackupData(JSON.parse(JSON.stringify(file)) as unknown)
  const fileCounts = {
    bookmarks: file.bookmarks.length,
    marks: file.marks.length,
    pagecontents: file.pagecontents?.length ?? 0,
    aichats: file.aichats?.length ?? 0,
  }
  expect(result, 'import result').toEqual({ ok: true, counts: fileCounts })
  expect(storeOf(run).getAllCount(), 'live counts after import').toMatchObject(fileCounts)
  remapAfterImport(run)
  await expectBodies(run)
  return `export+import ${JSON.stringify(fileCounts)}`
}

const advanceClock: Operation = (run) => {
  const ms = run.random.pick([1, 1_000, 4_999, 5_000, 5_001, 60_000, FIXTURE_DAY_MS])
  run.harness.clock.advance(ms)
  return Promise.resolve(`advanceClock ${ms}`)
}

/** Every stored entity of every kind, deleted ones included, as JSON. */
function snapshotAll(store: LocalStore): Record<string, string> {
  const tables = [store.bookmarks, store.marks, store.settings, store.pageContents, store.aiChats]
  return Object.fromEntries(
    tables.map((table) => [
      table.store,
      JSON.stringify(table.all().sort((a, b) => a._id.localeCompare(b._id))),
    ]),
  )
}

const reopen: Operation = async (run) => {
  note(run, 'reopen')
  const before = snapshotAll(storeOf(run))
  await run.harness.reopen()
  expect(snapshotAll(storeOf(run)), 'entities after reopen').toEqual(before)
  await expectBodies(run, 3)
  return 'reopen'
}

const OPERATIONS: ReadonlyArray<{ weight: number; run: Operation }> = [
  { weight: 12, run: createBookmark },
  { weight: 12, run: createMarks },
  { weight: 12, run: editMark },
  { weight: 8, run: toggleStar },
  { weight: 10, run: deleteMarks },
  { weight: 5, run: deleteBookmark },
  { weight: 7, run: savePageContent },
  { weight: 7, run: chat },
  { weight: 6, run: simulateSync },
  { weight: 4, run: purgeTombstones },
  { weight: 2, run: exportAndImport },
  { weight: 6, run: advanceClock },
  { weight: 4, run: reopen },
]
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, operation) => sum + operation.weight, 0)

function pickOperation(random: SeededRandom): Operation {
  let roll = random.int(1, TOTAL_WEIGHT)
  for (const operation of OPERATIONS) {
    roll -= operation.weight
    if (roll <= 0) {
      return operation.run
    }
  }
  return createBookmark
}

/** The store's reads agree with the model and with each other (one expect per invariant). */
function expectInvariants(run: Run): void {
  const { model } = run
  const store = storeOf(run)
  const bookmarks = store.getAllBookmarks()
  const marks = store.getAllMarks()
  const pages = store.getAllPageContents()
  const chats = store.getAllAiChats()

  expect(
    [bookmarks, marks, pages, chats].map(idsOf),
    'live bookmarks, marks, page contents, chats',
  ).toEqual(
    [model.bookmarks, model.marks, model.pages, model.chats].map((map) => [...map.keys()].sort()),
  )
  expect(
    bookmarks
      .filter((bookmark) => bookmark.isStarred !== model.bookmarks.get(bookmark._id)?.starred)
      .map((bookmark) => bookmark._id),
    'bookmarks whose isStarred differs from the model',
  ).toEqual([])
  expect(
    bookmarks
      .filter((bookmark) => !bookmark.isStarred && model.marksOf(bookmark._id).length === 0)
      .map((bookmark) => bookmark._id),
    'live unstarred bookmarks without marks',
  ).toEqual([])
  expect(
    marks.filter((mark) => !store.getBookmark(mark._bookmark)).map((mark) => mark._id),
    'live marks without a live bookmark',
  ).toEqual([])
  expect(
    marks.map((mark) => ({
      _id: mark._id,
      bookmarkId: mark._bookmark,
      text: mark.text,
      notes: mark.notes,
      color: mark.color,
      tags: mark.tags,
    })),
    'fields of live marks',
  ).toEqual(marks.map((mark) => ({ _id: mark._id, ...model.marks.get(mark._id) })))
  expect(
    pages.map((page) => [page._id, page.length]),
    'lengths of page contents',
  ).toEqual(pages.map((page) => [page._id, model.pages.get(page._id)?.content.length]))
  expect(
    chats.map((chat) => [chat._id, chat._referenceId]),
    'references of chats',
  ).toEqual(chats.map((chat) => [chat._id, model.chats.get(chat._id)?.referenceId]))

  const counted = (bookmark: { _id: string }) => {
    const own = marks.filter((mark) => mark._bookmark === bookmark._id)
    return {
      _id: bookmark._id,
      marksCount: own.length,
      notesCount: own.filter(hasMarkNotes).length,
    }
  }
  expect(
    store
      .getBookmarksWithCount()
      .map(({ _id, marksCount, notesCount }) => ({ _id, marksCount, notesCount })),
    'getBookmarksWithCount',
  ).toEqual(bookmarks.map(counted))
  expect(store.getAllCount(), 'getAllCount').toEqual({
    bookmarks: bookmarks.length,
    marks: marks.length,
    notes: marks.filter((mark) => hasMarkNotes(mark)).length,
    pagecontents: pages.length,
    aichats: chats.length,
    tags: store.getAllTags().length,
  })
  const all = store.getAllEntities()
  expect(
    [all.bookmarks, all.marks, all.pagecontents, all.aichats].map(idsOf),
    'getAllEntities',
  ).toEqual([bookmarks, marks, pages, chats].map(idsOf))
  expect(
    all.chromesettings.filter((settings) => settings.deletedAt !== undefined),
    'deleted settings in a read',
  ).toEqual([])

  // Every other read returns only live entities of the model.
  const liveIds = new Set([...model.bookmarks.keys(), ...model.marks.keys()])
  const search = store.getEntitiesForSearchValue('e')
  const otherReads = [
    ...TAGS.flatMap((tag) => [...store.getMarksForTag(tag), ...store.getBookmarksForTag(tag)]),
    ...[1, 2, 3, 4].flatMap((site) => [
      ...store.getMarksForDomain(`site${site}.example.com`),
      ...store.getBookmarksForDomain(`https://site${site}.example.com`),
    ]),
    ...search.bookmarks,
    ...search.marks,
    ...search.notes,
    ...[store.getLastHighlightedMark()].filter((mark) => mark !== undefined),
  ]
  expect(
    otherReads
      .filter((entity) => entity.deletedAt !== undefined || !liveIds.has(entity._id))
      .map((entity) => entity._id),
    'entities in tag, domain, search and last-mark reads that are not live',
  ).toEqual([])
  const learning = store.getLearningStatus()
  expect(
    {
      totalCards: learning.totalCards,
      deadSessionCards: learning.sessionCardIds.filter((id) => !model.marks.has(id)),
    },
    'learning status',
  ).toEqual({ totalCards: marks.length, deadSessionCards: [] })
  expect(
    store.getAllOrigins().reduce((sum, origin) => sum + origin.count, 0),
    'bookmarks counted by origin',
  ).toBe(bookmarks.length)
  const byBookmark = [...model.bookmarks].map(([id, bookmark]) => ({
    id,
    forUrl: store.getBookmarkForUrl(bookmark.url)?._id,
    marks: idsOf(store.getMarksForBookmark(id)),
  }))
  expect(byBookmark, 'getBookmarkForUrl and getMarksForBookmark').toEqual(
    [...model.bookmarks.keys()].map((id) => ({ id, forUrl: id, marks: model.marksOf(id).sort() })),
  )

  // Deleted (or replaced) entities are gone from every read, and so are what deleted bookmarks
  // took with them.
  expect(
    [...model.gone.keys()].filter((id) => store.getEntityById(id) !== undefined),
    'deleted entities found by id',
  ).toEqual([])
  const deletedKeys = new Map(
    [...model.deletedBookmarkUrls].map(([id, url]) => [normalizePageUrl(url), id]),
  )
  expect(
    [...model.deletedBookmarkUrls].filter(
      ([id, url]) =>
        store.getBookmarkForUrl(url) !== undefined || store.getMarksForBookmark(id).length > 0,
    ),
    'deleted bookmarks found by url, or with marks',
  ).toEqual([])
  expect(
    chats.filter((chat) => model.deletedBookmarkUrls.has(chat._referenceId)).map((c) => c._id),
    'chats of deleted bookmarks',
  ).toEqual([])
  expect(
    pages.filter((page) => deletedKeys.has(normalizePageUrl(page.url))).map((p) => p._id),
    'page contents of deleted bookmarks',
  ).toEqual([])
}

async function runSeed(seed: number): Promise<void> {
  const random = createSeededRandom(seed)
  const harness = await openTestStore({ databaseName: uniqueDatabaseName(`properties-${seed}`) })
  const run: Run = { seed, random, harness, model: new LibraryModel(), log: [], counter: 0 }
  try {
    const operations = random.int(MIN_OPERATIONS, MAX_OPERATIONS)
    while (run.log.length < operations) {
      const index = run.log.push('(starting)') - 1
      run.log[index] = (await pickOperation(random)(run)) ?? (await createBookmark(run))!
      expectInvariants(run)
      for (const [id, url] of run.model.deletedBookmarkUrls) {
        expect(
          await storeOf(run).getPageContentForUrl(url),
          `page of deleted ${id}`,
        ).toBeUndefined()
        expect(
          await storeOf(run).getAiChatByReferenceId(id),
          `chat of deleted ${id}`,
        ).toBeUndefined()
      }
    }
    await reopen(run)
    expectInvariants(run)
    await expectBodies(run)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Assertion errors keep the compared values apart from their (truncated) message.
    const { actual, expected } = (error ?? {}) as { actual?: unknown; expected?: unknown }
    const values =
      actual === undefined && expected === undefined
        ? ''
        : `\nExpected: ${JSON.stringify(expected)}\nActual:   ${JSON.stringify(actual)}`
    const steps = run.log.map((entry, index) => `  ${index + 1}. ${entry}`).join('\n')
    throw new Error(
      `Seed ${seed} failed at operation ${run.log.length}: ${message}${values}\n` +
        `Replay with: npx vitest run --project shared shared/src/store/store-properties.test.ts -t "seed ${seed}$"\n` +
        `Operations:\n${steps}`,
      { cause: error },
    )
  } finally {
    await harness.store.close()
  }
}

describe('local store properties over random operation sequences', () => {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEED_COUNT; seed += 1) {
    it(`keeps its invariants for seed ${seed}`, () => runSeed(seed))
  }
})

// Pins a bug the property test found (seeds 5, 19, 22, 27, 29, 33, 38, 44, 46): planDeletion ran
// its "last highlight of an unstarred bookmark" check only after a ref it did not skip, so when the
// last ref in its queue was one it skips (already planned or not live), the bookmark stayed live
// with no highlight.
describe('deleting the last highlight of an unstarred bookmark with refs the planner skips', () => {
  const cases: Array<[string, EntityRef]> = [
    ['the same mark twice', { _id: 'm1', _objectStore: ObjectStore.MARKS }],
    ['a mark deleted earlier', { _id: 'm-deleted', _objectStore: ObjectStore.MARKS }],
    ["the mark's own chat", { _id: 'c1', _objectStore: ObjectStore.AI_CHATS }],
  ]
  it.each(cases)('deletes the bookmark when the refs also name %s', async (_case, extra) => {
    const harness = await openTestStore()
    try {
      const { store } = harness
      const withChat = extra._objectStore === ObjectStore.AI_CHATS
      const chat = createAiChatFixture({
        _id: 'c1',
        _referenceId: 'm1',
        _referenceObjectStore: ObjectStore.MARKS,
      })
      await expectSavedIn(store, [
        { ...createBookmarkFixture({ _id: 'b1' }), _objectStore: ObjectStore.BOOKMARKS },
        { ...createMarkFixture({ _id: 'm1', _bookmark: 'b1' }), _objectStore: ObjectStore.MARKS },
        ...(withChat ? [{ ...chat, _objectStore: ObjectStore.AI_CHATS }] : []),
      ])
      const result = await store.markEntitiesAsDeleted([
        { _id: 'm1', _objectStore: ObjectStore.MARKS },
        extra,
      ])
      expect(sortedKeys(result.removed)).toEqual([
        ...(withChat ? ['aichats/c1'] : []),
        'bookmarks/b1',
        'marks/m1',
      ])
      expect(store.getAllBookmarks()).toEqual([])
    } finally {
      await harness.store.close()
    }
  })
})

async function expectSavedIn(store: LocalStore, entities: readonly unknown[]): Promise<void> {
  const result = await store.createOrUpdateEntities(entities)
  expect(result.rejected).toEqual([])
}
