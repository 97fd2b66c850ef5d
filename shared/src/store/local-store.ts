// The local store: the spec's local-store API (the method names the extension's port speaks) over
// the Yjs library doc persisted in IndexedDB. The extension background and the web app both use
// it. Every write is one transaction with an origin, and resolves once IndexedDB has committed it;
// reads skip deleted entities and are cached for 5 seconds; any change, local or from sync, clears
// the cache and tells observers. The work is done by one repository per entity kind (bookmarks,
// marks, tags, page contents, AI chats, settings), the search, the writer and the change tracker,
// over a shared core (store-core.ts); this class only puts them behind the one API.
import type * as Y from 'yjs'
import type { AiChat, AiChatMessage } from '../domain/entities/ai-chat'
import { AiSummarySchema, isSavableAiSummary, type AiSummary } from '../domain/entities/ai-summary'
import type { BackupFile } from '../domain/entities/backup-file'
import {
  IntegrationPageSchema,
  type Bookmark,
  type IntegrationPage,
} from '../domain/entities/bookmark'
import type { ChromeSettings } from '../domain/entities/chrome-settings'
import type { ChromeSettingsEdit } from '../domain/settings-edits'
import type { LearningItem } from '../domain/entities/learning-item'
import type { LearningRating } from '../domain/learning-review'
import { hasMarkNotes, type Mark } from '../domain/entities/mark'
import { ObjectStore, ObjectStoreSchema } from '../domain/entities/object-store'
import type { PageContent } from '../domain/entities/page-content'
import type { TagWithCount } from '../domain/tags'
import { AiChatRepository } from './ai-chat-repository'
import { getBackupData, importBackupData, type ImportResult } from './backup-io'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import type { UserTextHandle, UserTextStore } from './user-text-store'
import { BookmarkRepository } from './bookmark-repository'
import { ChangeTracker, type LibraryChange } from './change-tracker'
import type { EntityRef } from './deletion-plan'
import { openDeviceState, type DeviceState } from './device-state'
import type { EntityTable } from './entity-table'
import { moveStoredLastSyncToDevice } from './last-sync-migration'
import type { GroupedSearchResults } from '../search/grouped-results'
import type { BookmarkWithCount, LearningStatus, SearchResults } from './library-queries'
import { DATABASE_NAME, SCHEMA_VERSION, type StoredRecord } from './library-schema'
import { LearningRepository } from './learning-repository'
import { LibraryWriter, latestStamp, type DeletionResult, type WriteResult } from './library-writer'
import { MarkRepository } from './mark-repository'
import { migrateLibrary, type MigrationReport } from './migrations'
import { TransactionOrigin } from './origins'
import { PageContentRepository } from './page-content-repository'
import { openPersistedDoc, type PersistedDoc } from './persisted-doc'
import { SearchRepository } from './search-repository'
import { SettingsRepository } from './settings-repository'
import { StoreCore, type AnyEntity, type LocalStoreOptions } from './store-core'
import { TagRepository } from './tag-repository'

export type { LocalStoreOptions } from './store-core'
export type { WriteResult, DeletionResult } from './library-writer'
export { latestStamp } from './library-writer'
export type { LibraryChange } from './change-tracker'

/** Every live entity by kind. */
export interface AllEntities {
  bookmarks: Bookmark[]
  marks: Mark[]
  chromesettings: ChromeSettings[]
  pagecontents: PageContent[]
  aichats: AiChat[]
}

/** The local-first store over one library doc. Open it with `openLocalStore`. */
export class LocalStore {
  readonly doc: Y.Doc
  readonly bookmarks: EntityTable<Bookmark>
  readonly marks: EntityTable<Mark>
  readonly settings: EntityTable<ChromeSettings>
  readonly pageContents: EntityTable<PageContent>
  readonly aiChats: EntityTable<AiChat>
  /** The mergeable texts of user content (ADR 081). */
  readonly userTexts: UserTextStore
  readonly now: () => number
  readonly createId: () => string
  private readonly core: StoreCore
  private readonly writer: LibraryWriter
  private readonly changes: ChangeTracker
  private readonly bookmarkReads: BookmarkRepository
  private readonly markReads: MarkRepository
  private readonly tags: TagRepository
  private readonly pageContentReads: PageContentRepository
  private readonly chats: AiChatRepository
  private readonly chromeSettings: SettingsRepository
  private readonly searches: SearchRepository
  private readonly learning: LearningRepository

  constructor(
    persisted: PersistedDoc,
    readonly device: DeviceState,
    readonly bodies: BodyStore,
    readonly migration: MigrationReport,
    options: LocalStoreOptions,
  ) {
    const core = new StoreCore(persisted, device, bodies, options)
    this.core = core
    this.doc = core.doc
    this.bookmarks = core.bookmarks
    this.marks = core.marks
    this.settings = core.settings
    this.pageContents = core.pageContents
    this.aiChats = core.aiChats
    this.userTexts = core.userTexts
    this.now = core.now
    this.createId = core.createId
    this.bookmarkReads = new BookmarkRepository(core)
    this.markReads = new MarkRepository(core)
    this.tags = new TagRepository(core, this.bookmarkReads, this.markReads)
    this.pageContentReads = new PageContentRepository(core)
    this.writer = new LibraryWriter(core, () => this.pageContentReads.sizeUsedInBytes())
    this.chats = new AiChatRepository(core, this.writer)
    this.chromeSettings = new SettingsRepository(core, this.writer)
    this.searches = new SearchRepository(core, this.bookmarkReads, this.markReads, this.tags)
    this.changes = new ChangeTracker(core, this.writer)
    this.learning = new LearningRepository(core, this.writer, this.chromeSettings)
  }

  /**
   * Tells the store that its library doc is connected to a live room, until the returned function
   * is called (see `ChangeTracker.shareWithRoom`).
   */
  shareWithRoom(): () => void {
    return this.changes.shareWithRoom()
  }

  // ---- observation and lifetime ----

  /** Calls `listener` after every change of the library, local or from sync. Returns the unsubscribe. */
  observe(listener: (change: LibraryChange) => void): () => void {
    return this.changes.observe(listener)
  }

  /** Resolves once every write so far is durable in IndexedDB. */
  flush(): Promise<void> {
    return this.core.flush()
  }

  /**
   * Resolves once the writes queued so far are done (each is durable when it resolves): a check
   * that counts what is stored (the AI daily limits) waits for a write still on its way.
   */
  settled(): Promise<void> {
    return this.core.settled()
  }

  /** Bytes and updates of the library doc's stored update log. */
  storedSize(): Promise<{ bytes: number; updates: number }> {
    return this.core.persisted.storedSize()
  }

  /** Finishes the writes under way, flushes and closes the store. */
  async close(): Promise<void> {
    await this.core.settled()
    this.changes.detach()
    await this.core.persisted.close()
    await this.device.close()
    this.doc.destroy()
  }

  // ---- reads ----

  /**
   * Decodes the stored bookmarks and marks ahead of the reads that need them all (counts, tags,
   * search), a slice of `sliceMs` at a time, awaiting `pause` between slices so that a page stays
   * responsive. The web app runs this once the library is open, so its first screen need not wait
   * for 50,000 marks to be parsed.
   */
  decodeAhead(pause: () => Promise<void>, sliceMs = 8): Promise<void> {
    return this.searches.decodeAhead(pause, sliceMs)
  }

  getAllBookmarks(): Bookmark[] {
    return this.bookmarkReads.all()
  }

  getAllMarks(): Mark[] {
    return this.markReads.all()
  }

  /** AI chat metadata (messages stay in their own docs: see getAiChatByReferenceId). */
  getAllAiChats(): AiChat[] {
    return this.chats.all()
  }

  /**
   * Every bookmark the library holds, deleted ones not yet purged too: what the AI summary daily
   * limit counts (aiSummaryAllowance), so deleting a page does not give its summary back.
   */
  getBookmarksForAiLimits(): Bookmark[] {
    return this.core.bookmarks.all()
  }

  /** Every AI chat's metadata, deleted ones not yet purged too: what aiChatAllowance counts. */
  getAiChatsForAiLimits(): AiChat[] {
    return this.core.aiChats.all()
  }

  /** Page content metadata, without the HTML bodies. */
  getAllPageContents(): PageContent[] {
    return this.pageContentReads.all()
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
    return this.bookmarkReads.get(id)
  }

  /** The live entity with this id, in the given kind or any kind. */
  getEntityById(id: string, store?: ObjectStore): AnyEntity | undefined {
    const stores = store ? [store] : Object.values(ObjectStore)
    for (const candidate of stores) {
      const entity = this.core.table(candidate).getLive(id)
      if (entity) {
        return entity
      }
    }
    return undefined
  }

  /** The live bookmark of the page at `url`, by the spec's page URL matching. */
  getBookmarkForUrl(url: string): Bookmark | undefined {
    return this.bookmarkReads.forUrl(url)
  }

  /** A bookmark's live marks in display order (its custom order, then page position, then time). */
  getMarksForBookmark(bookmarkId: string): Mark[] {
    return this.markReads.ofBookmark(bookmarkId)
  }

  getMarksForTag(tag: string): Mark[] {
    return this.markReads.forTag(tag)
  }

  getMarksForDomain(origin: string): Mark[] {
    return this.markReads.forDomain(origin)
  }

  getBookmarksForTag(tag: string): Bookmark[] {
    return this.bookmarkReads.forTag(tag)
  }

  getBookmarksForDomain(origin: string): Bookmark[] {
    return this.bookmarkReads.forDomain(origin)
  }

  /** Live bookmarks with marksCount and notesCount. */
  getBookmarksWithCount(): BookmarkWithCount[] {
    return this.bookmarkReads.withCounts()
  }

  getAllTags(): TagWithCount[] {
    return this.tags.all()
  }

  getAllOrigins(): { origin: string; count: number }[] {
    return this.bookmarkReads.origins()
  }

  getEntitiesForSearchValue(value: string): SearchResults {
    return this.searches.search(value)
  }

  /**
   * The word-based, ranked search (ADR 037): Pages, Highlights, Notes and Tags, best first, at
   * most `perGroup` of each, with the words to mark. The spec's substring search stays above.
   */
  searchLibrary(value: string, perGroup = 50): GroupedSearchResults {
    return this.searches.ranked(value, perGroup)
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
    return this.markReads.lastHighlighted()
  }

  getLearningStatus(): LearningStatus {
    return this.markReads.learningStatus()
  }

  /** The settings record, or the defaults when none is stored yet. */
  getChromeSettings(): ChromeSettings {
    return this.chromeSettings.get()
  }

  /** Bytes of saved page content, the sum of content lengths (read from metadata, no bodies). */
  getPageContentSizeUsedInBytes(): number {
    return this.pageContentReads.sizeUsedInBytes()
  }

  /** The saved page content of `url`, with its HTML body. */
  getPageContentForUrl(url: string): Promise<PageContent | undefined> {
    return this.pageContentReads.forUrl(url)
  }

  /**
   * Opens the mergeable text of page content `id` (ADR 081) for an editor to bind to; sync merges
   * pulled text into the same doc while it is open. Release the handle when done.
   */
  openUserText(id: string): Promise<UserTextHandle> {
    return this.core.userTexts.open(id)
  }

  /** The AI chat about a bookmark or mark, with its messages. */
  getAiChatByReferenceId(referenceId: string): Promise<AiChat | undefined> {
    return this.chats.forReference(referenceId)
  }

  /** Every entity (deleted ones too) created, updated or deleted after its lastSync, bodies included. */
  getEntitiesThatNeedSync(): Promise<StoredRecord[]> {
    return this.writer.entitiesThatNeedSync()
  }

  /** The entity with its body, for kinds that keep one apart. */
  withBody(store: ObjectStore, entity: StoredRecord): Promise<StoredRecord> {
    return this.writer.withBody(store, entity)
  }

  // ---- writes: each resolves once IndexedDB has committed it ----

  /**
   * Validates and stores entities (each needs `_objectStore`). Local writes get createdAt,
   * updatedAt and modifiedAt stamps; remote ones (sync) are stored as given. Page contents over the
   * plan's quota, invalid entities and marks without a live bookmark are refused with a reason.
   */
  createOrUpdateEntities(
    entities: readonly unknown[],
    origin: TransactionOrigin = TransactionOrigin.LOCAL,
  ): Promise<WriteResult> {
    return this.core.serialized(() => this.writer.writeEntities(entities, origin))
  }

  /**
   * Records that the page of a live bookmark was opened now (openedAt, which "Recently opened"
   * sorts by). Not an edit: updatedAt, modifiedAt and lastSync stay as they are, so opening a page
   * neither makes the bookmark pending nor starts a sync (TransactionOrigin.OPENED, ADR 079).
   * Resolves the bookmark as written, or undefined when there is no live bookmark of that id.
   */
  recordBookmarkOpened(
    bookmarkId: string,
    now: number = this.core.now(),
  ): Promise<Bookmark | undefined> {
    return this.core.serialized(() => Promise.resolve(this.writeOpened(bookmarkId, now)))
  }

  private writeOpened(bookmarkId: string, now: number): Bookmark | undefined {
    const bookmark = this.core.bookmarks.getLive(bookmarkId)
    if (bookmark === undefined || bookmark.openedAt === now) {
      return bookmark
    }
    const opened = { ...bookmark, openedAt: now }
    this.core.doc.transact(() => this.core.bookmarks.put(opened), TransactionOrigin.OPENED)
    return opened
  }

  /** The stored entity (deleted or not), with this device's lastSync. */
  getStoredEntity(ref: EntityRef): StoredRecord | undefined {
    return this.core.table(ref._objectStore).get(ref._id)
  }

  /**
   * Takes the lastSyncs the other holder of this browser's library knows (the library bridge, ADR
   * 035): the later of the two for each entity, but only a lastSync that describes the value this
   * library now holds (the entity's latest stamp). A lastSync the other side recorded for another
   * version (it pulled a newer one while this side had an unsynced edit, and the merge kept this
   * side's) would hide that edit from sync for good; left out, the edit stays pending and is sent.
   */
  mergeLastSync(entries: readonly (readonly [key: string, lastSync: number])[]): void {
    this.device.mergeLastSync(entries.filter(([key, lastSync]) => this.holdsStamp(key, lastSync)))
    this.core.clearReadCaches()
  }

  /** Whether the entity of a device key (`store/id`) is stored with `stamp` as its latest stamp. */
  private holdsStamp(key: string, stamp: number): boolean {
    const slash = key.indexOf('/')
    const store = ObjectStoreSchema.safeParse(key.slice(0, slash))
    if (slash < 0 || !store.success) {
      return false
    }
    const entity = this.getStoredEntity({ _objectStore: store.data, _id: key.slice(slash + 1) })
    return entity !== undefined && latestStamp(entity) === stamp
  }

  /** Records that entities were exchanged with the relay (sync bookkeeping only, not a change). */
  markSynced(entries: readonly { ref: EntityRef; lastSync: number }[]): void {
    this.device.setLastSync(
      entries.map(({ ref, lastSync }) => ({ store: ref._objectStore, id: ref._id, lastSync })),
    )
    this.core.clearReadCaches()
  }

  /** Merges `changes` into the settings record. */
  updateChromeSettings(changes: Partial<ChromeSettings>): Promise<WriteResult> {
    return this.chromeSettings.update(changes)
  }

  /**
   * Applies a settings form's edit (a site added, one sidebar option ...) to the settings record
   * as stored when the write runs, so quick edits in a row all stand.
   */
  editChromeSettings(edit: ChromeSettingsEdit): Promise<WriteResult> {
    return this.chromeSettings.edit(edit)
  }

  /**
   * Reviews a highlight's card at `now` with the scheduler the settings choose (both schedulers'
   * states move on, the review joins the card's log with a fresh id). Resolves with the stored mark.
   */
  reviewMark(markId: string, rating: LearningRating, now: number): Promise<Mark> {
    return this.learning.reviewMark(markId, rating, now)
  }

  /**
   * Changes some fields of a highlight (note, tags, colour ...) inside the write queue, on the
   * mark as stored then: an edit made from a screen that rendered the mark a while ago never puts
   * back an older learning card (a review made meanwhile, here or merged from sync, stands).
   */
  updateMarkFields(
    markId: string,
    changes: Omit<Partial<Mark>, '_id' | '_objectStore' | 'learningItem'>,
  ): Promise<WriteResult> {
    return this.core.serialized(() => {
      const mark = this.core.marks.getLive(markId)
      if (mark === undefined) {
        throw new Error(`No highlight with id ${markId}`)
      }
      const { learningItem: _kept, ...fields } = changes as Partial<Mark>
      return this.writer.writeEntities(
        [{ ...mark, ...fields, _id: markId, _objectStore: ObjectStore.MARKS }],
        TransactionOrigin.LOCAL,
      )
    })
  }

  /**
   * Merges another copy of a highlight's card (the reviews a pulled copy has) into the stored one,
   * as a local write that syncs out; resolves with the mark when it changed (ADR 041).
   */
  mergeLearningItem(markId: string, item: LearningItem): Promise<Mark | undefined> {
    return this.learning.mergeLearningItem(markId, item)
  }

  /** Discards a highlight's card from learning, or brings it back. Resolves with the stored mark. */
  setMarkLearningDisabled(markId: string, disabled: boolean, now: number): Promise<Mark> {
    return this.learning.setMarkLearningDisabled(markId, disabled, now)
  }

  /**
   * Deletes entities with the spec's cascades: a never-synced entity is removed at once, a synced
   * one gets deletedAt (and disappears from reads) until sync removes it.
   */
  markEntitiesAsDeleted(refs: readonly EntityRef[]): Promise<DeletionResult> {
    return this.core.serialized(() => this.writer.deleteWithCascades(refs))
  }

  /** Removes entities outright (after a sync confirmed their deletion), with their bodies. */
  deleteEntities(
    refs: readonly EntityRef[],
    origin: TransactionOrigin = TransactionOrigin.LOCAL,
  ): Promise<void> {
    return this.core.serialized(() => this.writer.removeEntities(refs, origin))
  }

  /** Deletes page contents whose page has no live bookmark any more. Returns how many. */
  deleteUnreachablePageContents(): Promise<number> {
    return this.core.serialized(async () => {
      const unreachable = this.pageContentReads.unreachable()
      await this.writer.deleteWithCascades(
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
    return this.core.serialized(() => {
      const refs: EntityRef[] = []
      for (const store of Object.values(ObjectStore)) {
        for (const entity of this.core.table(store).all()) {
          refs.push({ _id: entity._id, _objectStore: store })
        }
      }
      return this.writer.removeEntities(refs, TransactionOrigin.LOCAL)
    })
  }

  /** The backup file of the live data (bookmarks, marks, chromeSettings, pagecontents, aichats). */
  getBackupData(): Promise<{ fileName: string; file: BackupFile }> {
    return getBackupData(this)
  }

  /** Replaces local data by a backup; on any failure the previous data is restored exactly. */
  importBackupData(json: unknown): Promise<ImportResult> {
    return this.core.serialized(() => importBackupData(this, json))
  }

  /**
   * Saves a complete AI summary on its bookmark (the `aiSummary` field, which syncs with the
   * bookmark), keeping every other field as stored. A summary that is not complete is refused
   * (spec section 4: only a complete summary is saved), as is a bookmark that does not exist.
   */
  saveAiSummary(bookmarkId: string, summary: AiSummary): Promise<WriteResult> {
    const parsed = AiSummarySchema.parse(summary)
    if (!isSavableAiSummary(parsed)) {
      return Promise.reject(new Error('Only a complete AI summary is saved'))
    }
    return this.core.serialized(async () => {
      const bookmark = this.core.bookmarks.getLive(bookmarkId)
      if (bookmark === undefined) {
        throw new Error(`No page with id ${bookmarkId}`)
      }
      const result = await this.writer.writeEntities(
        [{ ...bookmark, aiSummary: parsed, _id: bookmarkId, _objectStore: ObjectStore.BOOKMARKS }],
        TransactionOrigin.LOCAL,
      )
      if (result.rejected[0]) {
        throw new Error(result.rejected[0].message)
      }
      return result
    })
  }

  /**
   * Records an export of a bookmark to an integration (`integrationPages[integration]`, which syncs
   * with the bookmark: where the exported page is, so that the next export updates it), keeping
   * every other field, and the other integrations' records, as stored at write time.
   */
  async recordIntegrationPage(
    bookmarkId: string,
    integration: string,
    page: IntegrationPage,
  ): Promise<WriteResult> {
    const parsed = IntegrationPageSchema.parse(page)
    return await this.core.serialized(async () => {
      const bookmark = this.core.bookmarks.getLive(bookmarkId)
      if (bookmark === undefined) {
        throw new Error(`No page with id ${bookmarkId}`)
      }
      const integrationPages = { ...bookmark.integrationPages, [integration]: parsed }
      const result = await this.writer.writeEntities(
        [{ ...bookmark, integrationPages, _id: bookmarkId, _objectStore: ObjectStore.BOOKMARKS }],
        TransactionOrigin.LOCAL,
      )
      if (result.rejected[0]) {
        throw new Error(result.rejected[0].message)
      }
      return result
    })
  }

  /**
   * Adds messages to the AI chat about a bookmark (or 'library' for Ask your library), creating
   * the chat when missing; an assistant reply sets the chat's `lastUserMessageAt` to `now` (the
   * daily limit's count: a failed turn's question alone does not count).
   */
  appendAiChatMessages(
    referenceId: string,
    messages: readonly AiChatMessage[],
    now: number,
  ): Promise<AiChat> {
    return this.chats.append(referenceId, messages, now)
  }

  /**
   * Writes chat messages of an existing chat (they live in the chat's own doc). The chat's
   * metadata is stamped too: sync finds changes by their stamps, and observers by the library.
   */
  setAiChatMessages(chatId: string, messages: readonly AiChatMessage[]): Promise<void> {
    return this.chats.setMessages(chatId, messages)
  }

  /**
   * Takes another copy's messages into a chat (union by message id, ordered by time), as a local
   * write that syncs when the stored chat lacked any (ADR 047).
   */
  mergeAiChatMessages(chatId: string, messages: readonly AiChatMessage[]): Promise<void> {
    return this.chats.mergeMessages(chatId, messages)
  }
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
