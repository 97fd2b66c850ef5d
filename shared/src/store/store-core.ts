// What every repository of the local store shares: the library doc and its tables (one per entity
// kind), this device's bookkeeping, the bodies, the indexes and read cache, the clock, and the
// write queue. The repositories (bookmarks, marks, tags, page contents, AI chats, settings, search)
// and `LocalStore`, which puts them behind the spec's API, take it; it imports none of them.
import type * as Y from 'yjs'
import type { AiChat } from '../domain/entities/ai-chat'
import type { Bookmark } from '../domain/entities/bookmark'
import type { ChromeSettings } from '../domain/entities/chrome-settings'
import type { Mark } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import type { PageContent } from '../domain/entities/page-content'
import type { QuotaPlan } from '../domain/storage-quota'
import type { BodyStore } from './body-docs'
import { createIndexeddbUserTextStore, type UserTextStore } from './user-text-store'
import type { DeviceState } from './device-state'
import { EntityTable } from './entity-table'
import { LibraryIndexes } from './library-indexes'
import { DATABASE_NAME, type StoredRecord } from './library-schema'
import type { PersistedDoc } from './persisted-doc'
import { ReadCache } from './read-cache'

/** Any entity the library holds. */
export type AnyEntity = Bookmark | Mark | ChromeSettings | PageContent | AiChat

/** What the store is opened with (see `openLocalStore`). */
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
  /** Where the mergeable texts of user content live (ADR 081). */
  userTexts?: UserTextStore
}

/** The state the repositories share, and the write queue that orders their writes. */
export class StoreCore {
  readonly doc: Y.Doc
  readonly bookmarks: EntityTable<Bookmark>
  readonly marks: EntityTable<Mark>
  readonly settings: EntityTable<ChromeSettings>
  readonly pageContents: EntityTable<PageContent>
  readonly aiChats: EntityTable<AiChat>
  readonly userTexts: UserTextStore
  readonly indexes: LibraryIndexes
  readonly cache: ReadCache
  readonly now: () => number
  readonly createId: () => string
  readonly quotaPlan: () => QuotaPlan
  readonly timeZoneOffsetMinutes: () => number
  /** Moves on whenever cached reads are dropped, so work spread over tasks can tell. */
  readGeneration = 0
  /** Called when cached reads are dropped, by the repositories that keep reads of their own. */
  private readonly cacheClearers: (() => void)[] = []
  /** The last write queued (see `serialized`). */
  private writeQueue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly persisted: PersistedDoc,
    readonly device: DeviceState,
    readonly bodies: BodyStore,
    options: LocalStoreOptions,
  ) {
    this.doc = persisted.doc
    this.userTexts =
      options.userTexts ?? createIndexeddbUserTextStore(options.databaseName ?? DATABASE_NAME)
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
  }

  /** The table of an entity kind. */
  table(store: ObjectStore): EntityTable<AnyEntity & StoredRecord> {
    const tables: Record<ObjectStore, EntityTable<StoredRecord>> = {
      [ObjectStore.BOOKMARKS]: this.bookmarks,
      [ObjectStore.MARKS]: this.marks,
      [ObjectStore.CHROME_SETTINGS]: this.settings,
      [ObjectStore.PAGE_CONTENTS]: this.pageContents,
      [ObjectStore.AI_CHATS]: this.aiChats,
    }
    return tables[store] as EntityTable<AnyEntity & StoredRecord>
  }

  /** Registers what else to forget when cached reads are dropped (a repository's own caches). */
  onClearReadCaches(clear: () => void): void {
    this.cacheClearers.push(clear)
  }

  /** Forgets every cached read (on changes, and when this device's sync bookkeeping changes). */
  clearReadCaches(): void {
    this.cache.clear()
    for (const clear of this.cacheClearers) {
      clear()
    }
    this.readGeneration += 1
  }

  /** Resolves once every write so far is committed to IndexedDB (the doc and the bookkeeping). */
  async flush(): Promise<void> {
    await this.persisted.flush()
    await this.device.flush()
  }

  /**
   * Runs writes one after another. A write checks the library (quota, live bookmark), then waits
   * for its bodies, then commits: another write in that gap would check against a library about to
   * change (two saves each fitting the quota alone, a mark stored after its bookmark was deleted).
   *
   * A write resolves only once IndexedDB has committed it (ADR 032): y-indexeddb queues the update
   * in a transaction of its own, and a tab closed before that transaction completes loses it, so
   * "saved" would not mean saved. Failed writes wait too: part of them may be stored.
   */
  serialized<T>(write: () => Promise<T>): Promise<T> {
    const result = this.writeQueue.then(write).then(
      async (value) => {
        await this.flush()
        return value
      },
      async (error: unknown) => {
        await this.flush().catch(() => undefined)
        throw error
      },
    )
    this.writeQueue = result.catch(() => undefined)
    return result
  }

  /** Resolves once the writes queued so far are done. */
  async settled(): Promise<void> {
    await this.writeQueue
  }
}
