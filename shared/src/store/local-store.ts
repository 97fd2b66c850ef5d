// The local store: the spec's local-store API (the method names the extension's port speaks) over
// the Yjs library doc persisted in IndexedDB. The extension background and the web app both use
// it. Every write is one transaction with an origin; reads skip deleted entities and are cached for
// 5 seconds; any change, local or from sync, clears the cache and tells observers.
import type * as Y from 'yjs'
import type { AiChat, AiChatMessage } from '../domain/entities/ai-chat'
import type { Bookmark } from '../domain/entities/bookmark'
import {
  createDefaultChromeSettings,
  type ChromeSettings,
} from '../domain/entities/chrome-settings'
import { hasMarkNotes, type Mark } from '../domain/entities/mark'
import { OBJECT_STORES, ObjectStore } from '../domain/entities/object-store'
import type { PageContent } from '../domain/entities/page-content'
import { sortMarks } from '../domain/mark-order'
import { normalizePageUrl } from '../domain/page-url'
import { pageContentSizeUsed, type QuotaPlan } from '../domain/storage-quota'
import { entityNeedsSync, type SyncTimestamps } from '../domain/sync-state'
import { getBackupData, importBackupData, type ImportResult } from './backup-io'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import type { BackupFile } from '../domain/entities/backup-file'
import { planDeletion, type EntityRef } from './deletion-plan'
import { EntityTable } from './entity-table'
import { LibraryIndexes } from './library-indexes'
import {
  collectOrigins,
  collectTags,
  computeLearningStatus,
  hasTag,
  buildSearchText,
  matchSearchText,
  searchNeedle,
  type SearchText,
  siteOf,
  withCounts,
  type BookmarkWithCount,
  type LearningStatus,
  type SearchResults,
} from './library-queries'
import {
  BodyKind,
  CHROME_SETTINGS_ID,
  DATABASE_NAME,
  SCHEMA_VERSION,
  decodeEntity,
  entityMap,
  storeOfMap,
  writeEntity,
  type StoredRecord,
} from './library-schema'
import { migrateLibrary, type MigrationReport } from './migrations'
import { isLocalOrigin, isStoreOrigin, TransactionOrigin } from './origins'
import { openPersistedDoc, type PersistedDoc } from './persisted-doc'
import { openDeviceState, type DeviceState } from './device-state'
import { ReadCache } from './read-cache'
import {
  prepareWrites,
  stampOf,
  RejectionReason,
  type PreparedWrite,
  type RejectedEntity,
} from './write-preparation'
import { toSiteOrigin } from '../domain/filters'
import type { TagWithCount } from '../domain/tags'

export interface LocalStoreOptions {
  /** IndexedDB database of the library doc; body docs are named after it. */
  databaseName?: string
  now?: () => number
  createId?: () => string
  /** The plan whose page-content quota applies. */
  quotaPlan?: () => QuotaPlan
  /** Minutes east of UTC for "today" in learning figures. */
  timeZoneOffsetMinutes?: () => number
  /** Where bodies live; tests pass one that fails. */
  bodies?: BodyStore
}

/** What a write stored and what it refused. */
export interface WriteResult {
  saved: string[]
  rejected: RejectedEntity[]
}

/** What a deletion did: removed outright (never synced) or marked deleted until the next sync. */
export interface DeletionResult {
  removed: EntityRef[]
  markedDeleted: EntityRef[]
}

/** A change to the library, as observers hear of it. */
export interface LibraryChange {
  stores: ObjectStore[]
  /** True for this device's own writes, false for what sync applied. */
  local: boolean
}

/** Every live entity by kind. */
export interface AllEntities {
  bookmarks: Bookmark[]
  marks: Mark[]
  chromesettings: ChromeSettings[]
  pagecontents: PageContent[]
  aichats: AiChat[]
}

type AnyEntity = Bookmark | Mark | ChromeSettings | PageContent | AiChat

/** Entities whose search texts `decodeAhead` builds between two looks at the clock. */
const SEARCH_TEXT_STEP = 1000

/** The local-first store over one library doc. Open it with `openLocalStore`. */
export class LocalStore {
  readonly doc: Y.Doc
  readonly bookmarks: EntityTable<Bookmark>
  readonly marks: EntityTable<Mark>
  readonly settings: EntityTable<ChromeSettings>
  readonly pageContents: EntityTable<PageContent>
  readonly aiChats: EntityTable<AiChat>
  private readonly indexes: LibraryIndexes
  private readonly cache: ReadCache
  /** See `searchText()`; undefined until a search needs it and after every change. */
  private searchTexts?: SearchText
  /** The last search's needle and the entries it matched, which a longer needle narrows. */
  private lastSearch?: { needle: string; entries: SearchText }
  /** Moves on whenever cached reads are dropped, so work spread over tasks can tell. */
  private readGeneration = 0
  private readonly listeners = new Set<(change: LibraryChange) => void>()
  /** How many live rooms the library doc is connected to now (see `shareWithRoom`). */
  private roomShares = 0
  /** The last write queued (see `serialized`). */
  private writeQueue: Promise<unknown> = Promise.resolve()
  readonly now: () => number
  readonly createId: () => string
  private readonly quotaPlan: () => QuotaPlan
  private readonly timeZoneOffsetMinutes: () => number

  constructor(
    private readonly persisted: PersistedDoc,
    readonly device: DeviceState,
    readonly bodies: BodyStore,
    readonly migration: MigrationReport,
    options: LocalStoreOptions,
  ) {
    this.doc = persisted.doc
    this.now = options.now ?? Date.now
    this.createId = options.createId ?? (() => crypto.randomUUID())
    this.quotaPlan = options.quotaPlan ?? (() => 'FREE')
    this.timeZoneOffsetMinutes = options.timeZoneOffsetMinutes ?? (() => 0)
    this.bookmarks = new EntityTable(this.doc, ObjectStore.BOOKMARKS, device)
    this.marks = new EntityTable(this.doc, ObjectStore.MARKS, device)
    this.settings = new EntityTable(this.doc, ObjectStore.CHROME_SETTINGS, device)
    this.pageContents = new EntityTable(this.doc, ObjectStore.PAGE_CONTENTS, device)
    this.aiChats = new EntityTable(this.doc, ObjectStore.AI_CHATS, device)
    this.indexes = new LibraryIndexes(this)
    this.cache = new ReadCache(this.now)
    this.doc.on('afterTransaction', this.onTransaction)
  }

  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const stores = new Set<ObjectStore>()
    for (const type of transaction.changed.keys()) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (store) {
        stores.add(store)
      }
    }
    if (stores.size === 0) {
      return
    }
    // First, so that what runs next (and any write it makes) reads the library as it is now.
    this.clearReadCaches()
    this.indexes.invalidate()
    if (!isStoreOrigin(transaction.origin)) {
      this.markArrivedEntitiesSynced(transaction)
    } else if (this.roomShares > 0 && isLocalOrigin(transaction.origin)) {
      this.markMaybeOnRelay(transaction)
    }
    const change: LibraryChange = { stores: [...stores], local: isLocalOrigin(transaction.origin) }
    for (const listener of this.listeners) {
      // A listener runs inside the write's transaction: its error must neither fail a write that
      // is already stored nor keep the other listeners (the sync adapter, the UI) from hearing it.
      try {
        listener(change)
      } catch (error) {
        console.error('A library listener failed', error)
      }
    }
  }

  /**
   * Tells the store that its library doc is connected to a live room, until the returned function
   * is called. Meanwhile what this device writes may reach the relay through the room before any
   * REST push. The spec removes a never-synced entity outright when it is deleted, trusting that
   * the relay never saw it; an entity the room may have carried must instead be deleted on the
   * relay too, or the next pull would bring it back. Such entities get lastSync 0 ("maybe on the
   * relay"): still pending, pushed by PUT (the relay upserts), and deleted by DELETE.
   */
  shareWithRoom(): () => void {
    this.roomShares++
    const neverSynced: { store: string; id: string; lastSync: number }[] = []
    for (const store of OBJECT_STORES) {
      for (const entity of this.table(store).all()) {
        if (entity.lastSync === undefined) {
          neverSynced.push({ store, id: entity._id, lastSync: 0 })
        }
      }
    }
    this.device.setLastSync(neverSynced)
    this.clearReadCaches()
    let shared = true
    return () => {
      if (shared) {
        shared = false
        this.roomShares--
      }
    }
  }

  /** Local writes while a room is connected: see `shareWithRoom`. */
  private markMaybeOnRelay(transaction: Y.Transaction): void {
    const entries: { store: string; id: string; lastSync: number }[] = []
    for (const [type, keys] of transaction.changed) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (!store) {
        continue
      }
      for (const id of keys) {
        if (
          id !== null &&
          entityMap(this.doc, store).has(id) &&
          this.device.lastSyncOf(store, id) === undefined
        ) {
          entries.push({ store, id, lastSync: 0 })
        }
      }
    }
    this.device.setLastSync(entries)
  }

  /**
   * What a live room (or any foreign origin) brings came from the relay: this device has it in
   * sync, so it must not be pushed back as pending. Its lastSync becomes its own latest stamp.
   *
   * Except where it replaced a change of this device that is not synced yet and wins by the sync
   * rules (ADR 010: a deletion wins, else the newer edit). Yjs settles a key that two devices set
   * while apart by client id, not by those rules, so such a change would be lost; it is put back
   * instead (a new local write, which the room carries to the others and REST pushes).
   */
  private markArrivedEntitiesSynced(transaction: Y.Transaction): void {
    const entries: { store: string; id: string; lastSync: number | undefined }[] = []
    const restored: { store: ObjectStore; entity: StoredRecord }[] = []
    for (const [type, keys] of transaction.changed) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (!store) {
        continue
      }
      const { changed, replaced } = visibleChanges(transaction, type)
      for (const id of keys) {
        // A key can be listed as changed while its value is not: an item that lost to the one this
        // device already holds (Yjs inserts and deletes it at once). Nothing arrived then.
        if (id === null || !changed.has(id)) {
          continue
        }
        const entity = decodeEntity(entityMap(this.doc, store).get(id))
        const before = replaced.has(id) ? decodeEntity(replaced.get(id)) : undefined
        const lastSync = this.device.lastSyncOf(store, id)
        const previous = before && { ...before, ...(lastSync === undefined ? {} : { lastSync }) }
        if (entity && previous && unsyncedChangeWins(previous, entity)) {
          restored.push({ store, entity: previous })
          continue
        }
        if (entity && previous && bodyStillPending(store, previous, entity)) {
          continue
        }
        if (entity && previous && ownDeletionStillPending(previous, entity)) {
          continue
        }
        entries.push({ store, id, lastSync: entity ? latestStamp(entity) : undefined })
      }
    }
    this.device.setLastSync(entries)
    if (restored.length > 0) {
      // Inside a transaction's cleanup Yjs runs this one right after it.
      this.doc.transact(() => {
        for (const { store, entity } of restored) {
          this.table(store).put(entity as AnyEntity & StoredRecord)
        }
      }, TransactionOrigin.LOCAL)
    }
    this.deleteArrivedOrphans(transaction)
  }

  /**
   * A room can leave a highlight without its bookmark: the bookmark's deletion arrived while a
   * highlight of it was added here, or a highlight added elsewhere arrived for a bookmark deleted
   * here. Such a highlight is deleted at once, as the bookmark's deletion would have taken it, so
   * that no one sees (or edits) a highlight whose page is gone.
   */
  private deleteArrivedOrphans(transaction: Y.Transaction): void {
    const marksMap = entityMap(this.doc, ObjectStore.MARKS)
    const bookmarksMap = entityMap(this.doc, ObjectStore.BOOKMARKS)
    const candidates = new Set<string>()
    for (const id of transaction.changed.get(marksMap as never) ?? []) {
      if (id !== null) {
        candidates.add(id)
      }
    }
    for (const id of transaction.changed.get(bookmarksMap as never) ?? []) {
      if (id !== null && this.bookmarks.getLive(id) === undefined) {
        for (const mark of this.indexes.marksOf(id)) {
          candidates.add(mark._id)
        }
      }
    }
    const orphans: EntityRef[] = []
    for (const id of candidates) {
      const mark = this.marks.getLive(id)
      if (mark && this.bookmarks.getLive(mark._bookmark) === undefined) {
        orphans.push({ _id: id, _objectStore: ObjectStore.MARKS })
      }
    }
    if (orphans.length === 0) {
      return
    }
    const { planned } = this.applyDeletion(orphans)
    this.deleteBodies(planned).catch((error: unknown) => {
      console.error('Deleting the bodies of orphaned highlights failed', error)
    })
  }

  private table(store: ObjectStore): EntityTable<AnyEntity & StoredRecord> {
    const tables: Record<ObjectStore, EntityTable<StoredRecord>> = {
      [ObjectStore.BOOKMARKS]: this.bookmarks,
      [ObjectStore.MARKS]: this.marks,
      [ObjectStore.CHROME_SETTINGS]: this.settings,
      [ObjectStore.PAGE_CONTENTS]: this.pageContents,
      [ObjectStore.AI_CHATS]: this.aiChats,
    }
    return tables[store] as EntityTable<AnyEntity & StoredRecord>
  }

  // ---- observation and lifetime ----

  /** Calls `listener` after every change of the library, local or from sync. Returns the unsubscribe. */
  observe(listener: (change: LibraryChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Resolves once every write so far is durable in IndexedDB. */
  async flush(): Promise<void> {
    await this.persisted.flush()
    await this.device.flush()
  }

  /** Bytes and updates of the library doc's stored update log. */
  storedSize(): Promise<{ bytes: number; updates: number }> {
    return this.persisted.storedSize()
  }

  /** Finishes the writes under way, flushes and closes the store. */
  async close(): Promise<void> {
    await this.writeQueue
    this.doc.off('afterTransaction', this.onTransaction)
    this.listeners.clear()
    await this.persisted.close()
    await this.device.close()
    this.doc.destroy()
  }

  // ---- reads ----

  /**
   * Decodes the stored bookmarks and marks ahead of the reads that need them all (counts, tags,
   * search), a slice of `sliceMs` at a time, awaiting `pause` between slices so that a page stays
   * responsive. Reads are correct before, during and after: each decodes what is not yet decoded.
   * The web app runs this once the library is open, so its first screen need not wait for 50,000
   * marks to be parsed.
   */
  async decodeAhead(pause: () => Promise<void>, sliceMs = 8): Promise<void> {
    const clock = () => performance.now()
    await this.bookmarks.decodeAhead(pause, sliceMs, clock)
    await this.marks.decodeAhead(pause, sliceMs, clock)
    await this.prepareSearchText(pause, sliceMs, clock)
  }

  /** Builds the search texts in slices, kept only if the library did not change meanwhile. */
  private async prepareSearchText(
    pause: () => Promise<void>,
    sliceMs: number,
    clock: () => number,
  ): Promise<void> {
    const generation = this.readGeneration
    const bookmarks = this.getAllBookmarks()
    const marks = this.getAllMarks()
    const parts: SearchText[] = []
    let sliceStart = clock()
    const longest = Math.max(bookmarks.length, marks.length)
    for (let start = 0; start < longest; start += SEARCH_TEXT_STEP) {
      const end = start + SEARCH_TEXT_STEP
      parts.push(buildSearchText(bookmarks.slice(start, end), marks.slice(start, end)))
      if (clock() - sliceStart >= sliceMs) {
        await pause()
        if (this.readGeneration !== generation) {
          return
        }
        sliceStart = clock()
      }
    }
    if (this.readGeneration === generation) {
      this.searchTexts ??= {
        bookmarks: parts.flatMap((part) => part.bookmarks),
        marks: parts.flatMap((part) => part.marks),
      }
    }
  }

  /** Forgets every cached read (on changes, and when this device's sync bookkeeping changes). */
  private clearReadCaches(): void {
    this.cache.clear()
    this.searchTexts = undefined
    this.lastSearch = undefined
    this.readGeneration += 1
  }

  /** The search texts of the live library, built once per state of it (cleared on changes). */
  private searchText(): SearchText {
    this.searchTexts ??= buildSearchText(this.getAllBookmarks(), this.getAllMarks())
    return this.searchTexts
  }

  getAllBookmarks(): Bookmark[] {
    return this.cache.get('bookmarks', () => this.bookmarks.live())
  }

  getAllMarks(): Mark[] {
    return this.cache.get('marks', () => this.marks.live())
  }

  /** AI chat metadata (messages stay in their own docs: see getAiChatByReferenceId). */
  getAllAiChats(): AiChat[] {
    return this.cache.get('aichats', () => this.aiChats.live())
  }

  /** Page content metadata, without the HTML bodies. */
  getAllPageContents(): PageContent[] {
    return this.cache.get('pagecontents', () => this.pageContents.live())
  }

  getAllEntities(): AllEntities {
    return {
      bookmarks: this.getAllBookmarks(),
      marks: this.getAllMarks(),
      chromesettings: this.settings.live(),
      pagecontents: this.getAllPageContents(),
      aichats: this.getAllAiChats(),
    }
  }

  getBookmark(id: string): Bookmark | undefined {
    return this.bookmarks.getLive(id)
  }

  /** The live entity with this id, in the given kind or any kind. */
  getEntityById(id: string, store?: ObjectStore): AnyEntity | undefined {
    const stores = store ? [store] : Object.values(ObjectStore)
    for (const candidate of stores) {
      const entity = this.table(candidate).getLive(id)
      if (entity) {
        return entity
      }
    }
    return undefined
  }

  /** The live bookmark of the page at `url`, by the spec's page URL matching. */
  getBookmarkForUrl(url: string): Bookmark | undefined {
    return this.indexes.bookmarksOfUrlKey(normalizePageUrl(url))[0]
  }

  /** A bookmark's live marks in display order (its custom order, then page position, then time). */
  getMarksForBookmark(bookmarkId: string): Mark[] {
    return this.cache.get(`marksOf:${bookmarkId}`, () => {
      const order = this.bookmarks.get(bookmarkId)?.markOrder
      const orderMap =
        typeof order === 'object' && order !== null ? (order as Record<string, number>) : {}
      return sortMarks(this.indexes.marksOf(bookmarkId), orderMap)
    })
  }

  getMarksForTag(tag: string): Mark[] {
    return this.cache.get(`marksTag:${tag.toLowerCase()}`, () =>
      this.getAllMarks().filter((mark) => hasTag(mark, tag)),
    )
  }

  getMarksForDomain(origin: string): Mark[] {
    const site = toSiteOrigin(origin)
    return this.cache.get(`marksSite:${site}`, () =>
      this.getAllMarks().filter((mark) => site !== null && siteOf(mark) === site),
    )
  }

  getBookmarksForTag(tag: string): Bookmark[] {
    return this.cache.get(`bookmarksTag:${tag.toLowerCase()}`, () =>
      this.getAllBookmarks().filter((bookmark) => hasTag(bookmark, tag)),
    )
  }

  getBookmarksForDomain(origin: string): Bookmark[] {
    const site = toSiteOrigin(origin)
    return this.cache.get(`bookmarksSite:${site}`, () =>
      this.getAllBookmarks().filter((bookmark) => site !== null && siteOf(bookmark) === site),
    )
  }

  /** Live bookmarks with marksCount and notesCount. */
  getBookmarksWithCount(): BookmarkWithCount[] {
    return this.cache.get('bookmarksWithCount', () =>
      this.getAllBookmarks().map((bookmark) =>
        withCounts(bookmark, this.indexes.marksOf(bookmark._id)),
      ),
    )
  }

  getAllTags(): TagWithCount[] {
    return this.cache.get('tags', () => collectTags(this.getAllBookmarks(), this.getAllMarks()))
  }

  getAllOrigins(): { origin: string; count: number }[] {
    return this.cache.get('origins', () => collectOrigins(this.getAllBookmarks()))
  }

  getEntitiesForSearchValue(value: string): SearchResults {
    return this.cache.get(`search:${value}`, () => {
      const needle = searchNeedle(value)
      const previous = this.lastSearch
      const index =
        needle === ''
          ? { bookmarks: [], marks: [] }
          : previous !== undefined && needle.startsWith(previous.needle)
            ? previous.entries
            : this.searchText()
      const tags = needle === '' ? [] : this.getAllTags()
      const { results, entries } = matchSearchText(index, tags, needle)
      if (needle !== '') {
        this.lastSearch = { needle, entries }
      }
      return results
    })
  }

  getAllCount(): {
    bookmarks: number
    marks: number
    notes: number
    pagecontents: number
    aichats: number
    tags: number
  } {
    const marks = this.getAllMarks()
    return {
      bookmarks: this.getAllBookmarks().length,
      marks: marks.length,
      notes: marks.filter((mark) => hasMarkNotes(mark)).length,
      pagecontents: this.getAllPageContents().length,
      aichats: this.getAllAiChats().length,
      tags: this.getAllTags().length,
    }
  }

  /** The most recently created live mark. */
  getLastHighlightedMark(): Mark | undefined {
    let last: Mark | undefined
    for (const mark of this.getAllMarks()) {
      if (!last || (mark.createdAt ?? 0) > (last.createdAt ?? 0)) {
        last = mark
      }
    }
    return last
  }

  getLearningStatus(): LearningStatus {
    return this.cache.get('learning', () =>
      computeLearningStatus(this.getAllMarks(), this.now(), this.timeZoneOffsetMinutes()),
    )
  }

  /** The settings record, or the defaults when none is stored yet. */
  getChromeSettings(): ChromeSettings {
    const stored = this.settings
      .live()
      .sort((a, b) => (b.modifiedAt ?? b.createdAt ?? 0) - (a.modifiedAt ?? a.createdAt ?? 0))[0]
    return stored ?? createDefaultChromeSettings(CHROME_SETTINGS_ID)
  }

  /** Bytes of saved page content, the sum of content lengths (read from metadata, no bodies). */
  getPageContentSizeUsedInBytes(): number {
    return pageContentSizeUsed(this.getAllPageContents())
  }

  /** The saved page content of `url`, with its HTML body. */
  async getPageContentForUrl(url: string): Promise<PageContent | undefined> {
    const metadata = this.indexes.pageContentsOfUrlKey(normalizePageUrl(url))[0]
    if (!metadata) {
      return undefined
    }
    const content = await this.bodies.readPageContent(metadata._id)
    return content === undefined ? metadata : { ...metadata, content }
  }

  /** The AI chat about a bookmark or mark, with its messages. */
  async getAiChatByReferenceId(referenceId: string): Promise<AiChat | undefined> {
    const chat = this.indexes.chatsOf(referenceId)[0]
    if (!chat) {
      return undefined
    }
    return { ...chat, messages: await this.bodies.readChatMessages(chat._id) }
  }

  /** Every entity (deleted ones too) created, updated or deleted after its lastSync, bodies included. */
  async getEntitiesThatNeedSync(): Promise<StoredRecord[]> {
    const pending: StoredRecord[] = []
    for (const store of Object.values(ObjectStore)) {
      for (const entity of this.table(store).all()) {
        if (entityNeedsSync(entity)) {
          pending.push(await this.withBody(store, entity))
        }
      }
    }
    return pending
  }

  /** The entity with its body, for kinds that keep one apart. */
  async withBody(store: ObjectStore, entity: StoredRecord): Promise<StoredRecord> {
    if (entity.deletedAt !== undefined) {
      return entity
    }
    if (store === ObjectStore.PAGE_CONTENTS) {
      const content = await this.bodies.readPageContent(entity._id)
      return content === undefined ? entity : { ...entity, content }
    }
    if (store === ObjectStore.AI_CHATS) {
      return { ...entity, messages: await this.bodies.readChatMessages(entity._id) }
    }
    return entity
  }

  // ---- writes ----

  /**
   * Runs writes one after another. A write checks the library (quota, live bookmark), then waits
   * for its bodies, then commits: another write in that gap would check against a library about to
   * change (two saves each fitting the quota alone, a mark stored after its bookmark was deleted).
   */
  private serialized<T>(write: () => Promise<T>): Promise<T> {
    const result = this.writeQueue.then(write)
    this.writeQueue = result.catch(() => undefined)
    return result
  }

  /**
   * Validates and stores entities (each needs `_objectStore`). Local writes get createdAt,
   * updatedAt and modifiedAt stamps; remote ones (sync) are stored as given. Page contents over the
   * plan's quota, invalid entities and marks without a live bookmark are refused with a reason.
   */
  createOrUpdateEntities(
    entities: readonly unknown[],
    origin: TransactionOrigin = TransactionOrigin.LOCAL,
  ): Promise<WriteResult> {
    return this.serialized(() => this.writeEntities(entities, origin))
  }

  private async writeEntities(
    entities: readonly unknown[],
    origin: TransactionOrigin,
  ): Promise<WriteResult> {
    const { writes, rejected } = prepareWrites(entities, {
      now: this.now(),
      origin,
      quotaPlan: this.quotaPlan(),
      existing: (store, id) => this.table(store).get(id),
      isLiveBookmark: (id) => this.bookmarks.getLive(id) !== undefined,
      pageContentBytesUsed: () => this.getPageContentSizeUsedInBytes(),
    })
    const stored: PreparedWrite[] = []
    for (const write of writes) {
      try {
        if (write.pageContent !== undefined) {
          await this.bodies.writePageContent(write.record._id, write.pageContent)
        }
        if (write.chatMessages !== undefined) {
          await this.bodies.writeChatMessages(write.record._id, write.chatMessages)
        }
        stored.push(write)
      } catch (error) {
        rejected.push({
          _id: write.record._id,
          _objectStore: write.store,
          reason: RejectionReason.STORAGE_ERROR,
          message: error instanceof Error ? error.message : String(error),
        })
      }
    }
    this.doc.transact(() => {
      for (const write of stored) {
        this.table(write.store).put(write.record as AnyEntity & StoredRecord)
      }
    }, origin)
    // An unstarred bookmark without highlights is deleted (spec section 4).
    const emptied = stored.filter(
      (write) => write.unstarred && this.indexes.marksOf(write.record._id).length === 0,
    )
    if (emptied.length > 0 && origin !== TransactionOrigin.REMOTE) {
      await this.deleteWithCascades(
        emptied.map((write) => ({ _id: write.record._id, _objectStore: ObjectStore.BOOKMARKS })),
      )
    }
    return { saved: stored.map((write) => write.record._id), rejected }
  }

  /** The stored entity (deleted or not), with this device's lastSync. */
  getStoredEntity(ref: EntityRef): StoredRecord | undefined {
    return this.table(ref._objectStore).get(ref._id)
  }

  /** Records that entities were exchanged with the relay (sync bookkeeping only, not a change). */
  markSynced(entries: readonly { ref: EntityRef; lastSync: number }[]): void {
    this.device.setLastSync(
      entries.map(({ ref, lastSync }) => ({ store: ref._objectStore, id: ref._id, lastSync })),
    )
    this.clearReadCaches()
  }

  /** Merges `changes` into the settings record. */
  updateChromeSettings(changes: Partial<ChromeSettings>): Promise<WriteResult> {
    return this.serialized(() => {
      const current = this.getChromeSettings()
      return this.writeEntities(
        [{ ...current, ...changes, _id: current._id, _objectStore: ObjectStore.CHROME_SETTINGS }],
        TransactionOrigin.LOCAL,
      )
    })
  }

  /**
   * Deletes entities with the spec's cascades: a never-synced entity is removed at once, a synced
   * one gets deletedAt (and disappears from reads) until sync removes it.
   */
  markEntitiesAsDeleted(refs: readonly EntityRef[]): Promise<DeletionResult> {
    return this.serialized(() => this.deleteWithCascades(refs))
  }

  private async deleteWithCascades(refs: readonly EntityRef[]): Promise<DeletionResult> {
    const { result, planned } = this.applyDeletion(refs)
    await this.deleteBodies(planned)
    return result
  }

  /** The library doc's part of a deletion (one transaction); the bodies are left to the caller. */
  private applyDeletion(refs: readonly EntityRef[]): {
    result: DeletionResult
    planned: EntityRef[]
  } {
    const planned = planDeletion(
      {
        getLive: (ref) => this.table(ref._objectStore).getLive(ref._id),
        liveMarksOfBookmark: (id) => this.indexes.marksOf(id),
        liveChatsOfReference: (id) => this.indexes.chatsOf(id),
        livePageContentsOfUrlKey: (key) => this.indexes.pageContentsOfUrlKey(key),
      },
      refs,
    )
    const result: DeletionResult = { removed: [], markedDeleted: [] }
    const now = this.now()
    this.doc.transact(() => {
      for (const ref of planned) {
        const table = this.table(ref._objectStore)
        const entity = table.get(ref._id)!
        if (entity.lastSync === undefined) {
          table.remove(ref._id)
          result.removed.push(ref)
        } else {
          // Strictly after its last stamp, so the deletion is always newer than what was synced.
          table.put({
            ...entity,
            deletedAt: Math.max(now, latestStamp(entity) + 1),
            modifiedAt: now,
          })
          result.markedDeleted.push(ref)
        }
      }
    }, TransactionOrigin.LOCAL)
    return { result, planned }
  }

  /** Removes entities outright (after a sync confirmed their deletion), with their bodies. */
  deleteEntities(
    refs: readonly EntityRef[],
    origin: TransactionOrigin = TransactionOrigin.LOCAL,
  ): Promise<void> {
    return this.serialized(() => this.removeEntities(refs, origin))
  }

  private async removeEntities(refs: readonly EntityRef[], origin: TransactionOrigin) {
    this.doc.transact(() => {
      for (const ref of refs) {
        this.table(ref._objectStore).remove(ref._id)
      }
    }, origin)
    await this.deleteBodies(refs)
  }

  /** Deletes page contents whose page has no live bookmark any more. Returns how many. */
  deleteUnreachablePageContents(): Promise<number> {
    return this.serialized(async () => {
      const unreachable = this.getAllPageContents().filter(
        (content) => this.indexes.bookmarksOfUrlKey(normalizePageUrl(content.url)).length === 0,
      )
      await this.deleteWithCascades(
        unreachable.map((content) => ({
          _id: content._id,
          _objectStore: ObjectStore.PAGE_CONTENTS,
        })),
      )
      return unreachable.length
    })
  }

  /** Removes every entity and body (the schema version stays). */
  clearDatabases(): Promise<void> {
    return this.serialized(() => {
      const refs: EntityRef[] = []
      for (const store of Object.values(ObjectStore)) {
        for (const entity of this.table(store).all()) {
          refs.push({ _id: entity._id, _objectStore: store })
        }
      }
      return this.removeEntities(refs, TransactionOrigin.LOCAL)
    })
  }

  private async deleteBodies(refs: readonly EntityRef[]): Promise<void> {
    for (const ref of refs) {
      if (ref._objectStore === ObjectStore.PAGE_CONTENTS) {
        await this.bodies.delete(BodyKind.PAGE_CONTENT, ref._id)
      } else if (ref._objectStore === ObjectStore.AI_CHATS) {
        await this.bodies.delete(BodyKind.AI_CHAT, ref._id)
      }
    }
  }

  /** The backup file of the live data (bookmarks, marks, chromeSettings, pagecontents, aichats). */
  getBackupData(): Promise<{ fileName: string; file: BackupFile }> {
    return getBackupData(this)
  }

  /** Replaces local data by a backup; on any failure the previous data is restored exactly. */
  importBackupData(json: unknown): Promise<ImportResult> {
    return this.serialized(() => importBackupData(this, json))
  }

  /**
   * Writes chat messages of an existing chat (they live in the chat's own doc). The chat's
   * metadata is stamped too: sync finds changes by their stamps, and observers by the library.
   */
  setAiChatMessages(chatId: string, messages: readonly AiChatMessage[]): Promise<void> {
    return this.serialized(async () => {
      const chat = this.aiChats.getLive(chatId)
      if (chat === undefined) {
        await this.bodies.writeChatMessages(chatId, messages)
        return
      }
      const { rejected } = await this.writeEntities(
        [{ ...chat, messages }],
        TransactionOrigin.LOCAL,
      )
      if (rejected[0]) {
        throw new Error(rejected[0].message)
      }
    })
  }
}

/**
 * The keys whose value a transaction changed in an entity map, and the values it replaced or
 * removed, by key.
 */
function visibleChanges(
  transaction: Y.Transaction,
  type: Parameters<Y.Transaction['changedParentTypes']['get']>[0],
): { changed: Set<string>; replaced: Map<string, unknown> } {
  const changed = new Set<string>()
  const replaced = new Map<string, unknown>()
  for (const event of transaction.changedParentTypes.get(type) ?? []) {
    if (event.target !== type) {
      continue
    }
    for (const [key, change] of event.keys) {
      changed.add(key)
      if (change.action !== 'add' && !replaced.has(key)) {
        replaced.set(key, change.oldValue)
      }
    }
  }
  return { changed, replaced }
}

/**
 * Whether this device's version of an entity, changed here and not synced yet, wins over one that
 * arrived by a room: the sync rules, as the REST pull applies them (a deletion wins, else the
 * strictly newer version).
 */
function unsyncedChangeWins(local: StoredRecord, arrived: StoredRecord): boolean {
  if (!entityNeedsSync(local as SyncTimestamps) || arrived.deletedAt !== undefined) {
    return false
  }
  return local.deletedAt !== undefined || stampOf(local) > stampOf(arrived)
}

/**
 * Whether the arrived version is this device's own unsynced version of a kind with a body (a page
 * content, an AI chat), come back through the room: another device's copy of the same write, say,
 * that Yjs preferred. The room carries the library doc, not the bodies, so this device must still
 * push the body: the entity stays pending.
 */
function bodyStillPending(store: ObjectStore, local: StoredRecord, arrived: StoredRecord): boolean {
  return (
    (store === ObjectStore.PAGE_CONTENTS || store === ObjectStore.AI_CHATS) &&
    arrived.deletedAt === undefined &&
    entityNeedsSync(local as SyncTimestamps) &&
    stampOf(local) === stampOf(arrived)
  )
}

/**
 * Whether the arrived version is a copy of this device's own unsent deletion: another device that
 * pulled the room-carried deletion writes it again, and Yjs hands back a new item with the same
 * content. The relay got that deletion only through the room (an entry with deletedAt, not a
 * tombstone), so this device must still send it by DELETE; taken as synced, no device ever would.
 */
function ownDeletionStillPending(local: StoredRecord, arrived: StoredRecord): boolean {
  return (
    local.deletedAt !== undefined &&
    arrived.deletedAt !== undefined &&
    entityNeedsSync(local as SyncTimestamps)
  )
}

/** The latest of an entity's createdAt, updatedAt and deletedAt: what entityNeedsSync compares. */
export function latestStamp(entity: StoredRecord): number {
  return stampOf(entity)
}

/**
 * Entities written before lastSync moved to the device state carry it in the shared doc: move it
 * out, so that the library doc holds the same bytes on every device.
 */
async function moveStoredLastSyncToDevice(doc: Y.Doc, device: DeviceState): Promise<void> {
  const moves: { store: ObjectStore; entity: StoredRecord }[] = []
  for (const store of Object.values(ObjectStore)) {
    for (const value of entityMap(doc, store).values()) {
      // This runs on every open: parsing every entity here would decode the whole library once
      // more before the first read. Only a text naming lastSync can hold one.
      if (typeof value === 'string' && !value.includes('"lastSync"')) {
        continue
      }
      const entity = decodeEntity(value)
      if (entity && entity.lastSync !== undefined) {
        moves.push({ store, entity })
      }
    }
  }
  if (moves.length === 0) {
    return
  }
  device.setLastSync(
    moves.map(({ store, entity }) => ({
      store,
      id: entity._id,
      lastSync: typeof entity.lastSync === 'number' ? entity.lastSync : undefined,
    })),
  )
  doc.transact(() => {
    for (const { store, entity } of moves) {
      const { lastSync: _moved, ...shared } = entity
      writeEntity(doc, store, shared)
    }
  }, TransactionOrigin.MIGRATION)
  await device.flush()
}

/** Opens the library (migrating it if it was written by an older version) and its store. */
export async function openLocalStore(options: LocalStoreOptions = {}): Promise<LocalStore> {
  const databaseName = options.databaseName ?? DATABASE_NAME
  const bodies = options.bodies ?? createIndexeddbBodyStore(databaseName)
  // Two databases, read at once: the library doc and this device's bookkeeping. If one fails,
  // the other is closed again and the first failure is what the caller sees.
  const [opened, openedDevice] = await Promise.allSettled([
    openPersistedDoc(databaseName),
    openDeviceState(databaseName),
  ])
  if (opened.status === 'rejected' || openedDevice.status === 'rejected') {
    await Promise.allSettled([
      opened.status === 'fulfilled' ? opened.value.close() : undefined,
      openedDevice.status === 'fulfilled' ? openedDevice.value.close() : undefined,
    ])
    throw opened.status === 'rejected'
      ? opened.reason
      : (openedDevice as PromiseRejectedResult).reason
  }
  const persisted = opened.value
  const device = openedDevice.value
  const migration = await migrateLibrary(persisted.doc, bodies)
  if (migration.version <= SCHEMA_VERSION) {
    // A doc written by a newer version is left exactly as it is.
    await moveStoredLastSyncToDevice(persisted.doc, device)
  }
  return new LocalStore(persisted, device, bodies, migration, options)
}
