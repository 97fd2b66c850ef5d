// Backup export and import over the local store. Import replaces the local data: it validates the
// file ('Invalid import backup data'), gives every entity a new id with links remapped, swaps the
// library contents in one transaction (entities the relay has become deletions, so sync replaces
// them there too), then writes the bodies; if anything fails it puts back the exact previous
// entities and removes the half-written bodies, so a bad file never loses data.
import { Message } from '../domain/messages'
import {
  backupFileName,
  createBackupFile,
  parseBackupFile,
  prepareBackupImport,
  type BackupFile,
} from '../domain/entities/backup-file'
import type { AiChat } from '../domain/entities/ai-chat'
import { ObjectStore } from '../domain/entities/object-store'
import type { PageContent } from '../domain/entities/page-content'
import type * as Y from 'yjs'
import type { Bookmark } from '../domain/entities/bookmark'
import type { ChromeSettings } from '../domain/entities/chrome-settings'
import type { Mark } from '../domain/entities/mark'
import type { BodyStore } from './body-docs'
import type { UserTextStore } from './user-text-store'
import type { EntityTable } from './entity-table'
import { BodyKind, CHROME_SETTINGS_ID, type StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'
import { stampOf } from './write-preparation'

/**
 * What backups read and replace: the store's tables and reads (LocalStore is one). Declared here,
 * not imported, so that this module and the store do not import each other.
 */
export interface BackupStore {
  readonly doc: Y.Doc
  readonly bookmarks: EntityTable<Bookmark>
  readonly marks: EntityTable<Mark>
  readonly settings: EntityTable<ChromeSettings>
  readonly pageContents: EntityTable<PageContent>
  readonly aiChats: EntityTable<AiChat>
  readonly bodies: BodyStore
  /** The mergeable texts of user content (ADR 081), dropped when a backup replaces them. */
  readonly userTexts?: UserTextStore
  readonly now: () => number
  readonly createId: () => string
  getAllBookmarks(): Bookmark[]
  getAllMarks(): Mark[]
  getAllPageContents(): PageContent[]
  getAllAiChats(): AiChat[]
  getChromeSettings(): ChromeSettings
  withBody(store: ObjectStore, entity: StoredRecord): Promise<StoredRecord>
}

/** The backup file of the live data, with its download name. */
export async function getBackupData(
  store: BackupStore,
): Promise<{ fileName: string; file: BackupFile }> {
  // One body doc at a time: a library may hold thousands, each a database of its own.
  const pagecontents: PageContent[] = []
  for (const content of store.getAllPageContents()) {
    // A text that merges is kept as the HTML derived from it (ADR 081): backups stay plain files.
    const {
      textState: _textState,
      mergeableText: _mergeable,
      ...withContent
    } = await store.withBody(ObjectStore.PAGE_CONTENTS, content)
    pagecontents.push(withContent as PageContent)
  }
  const aichats: AiChat[] = []
  for (const chat of store.getAllAiChats()) {
    aichats.push((await store.withBody(ObjectStore.AI_CHATS, chat)) as AiChat)
  }
  const file = createBackupFile({
    bookmarks: store.getAllBookmarks(),
    marks: store.getAllMarks(),
    chromeSettings: store.getChromeSettings(),
    pagecontents,
    aichats,
  })
  return { fileName: backupFileName(store.now()), file }
}

/** The outcome of an import. */
export type ImportResult =
  | {
      ok: true
      counts: { bookmarks: number; marks: number; pagecontents: number; aichats: number }
    }
  | { ok: false; error: string; detail: string; restored: boolean }

type Snapshot = Record<ObjectStore, StoredRecord[]>

function snapshot(store: BackupStore): Snapshot {
  return {
    [ObjectStore.BOOKMARKS]: store.bookmarks.all(),
    [ObjectStore.MARKS]: store.marks.all(),
    [ObjectStore.CHROME_SETTINGS]: store.settings.all(),
    [ObjectStore.PAGE_CONTENTS]: store.pageContents.all(),
    [ObjectStore.AI_CHATS]: store.aiChats.all(),
  }
}

function replaceAll(store: BackupStore, contents: Snapshot, origin: TransactionOrigin): void {
  const tables = {
    [ObjectStore.BOOKMARKS]: store.bookmarks,
    [ObjectStore.MARKS]: store.marks,
    [ObjectStore.CHROME_SETTINGS]: store.settings,
    [ObjectStore.PAGE_CONTENTS]: store.pageContents,
    [ObjectStore.AI_CHATS]: store.aiChats,
  } as Record<
    ObjectStore,
    { map: { keys(): Iterable<string> }; remove(id: string): void; put(entity: StoredRecord): void }
  >
  store.doc.transact(() => {
    for (const kind of Object.values(ObjectStore)) {
      const table = tables[kind]
      for (const id of [...table.map.keys()]) {
        table.remove(id)
      }
      // Through the table, so that lastSync goes back to the device state, not into the doc.
      for (const entity of contents[kind]) {
        table.put(entity)
      }
    }
  }, origin)
}

function withStore<T extends object>(entities: readonly T[], kind: ObjectStore): StoredRecord[] {
  return entities.map((entity) => ({ ...entity, _objectStore: kind }) as unknown as StoredRecord)
}

/**
 * The imported bookmarks with their custom mark order (`markOrder`, mark id -> position) keyed by
 * the marks' new ids; without this a restored library would lose every custom order.
 */
function withMarkOrderRemapped(original: BackupFile, imported: BackupFile): BackupFile {
  // prepareBackupImport keeps the order of the marks, so the i-th mark is the i-th one renamed.
  const markIds = new Map(
    original.marks.map((mark, index) => [mark._id, imported.marks[index]?._id]),
  )
  const bookmarks = imported.bookmarks.map((bookmark) => {
    const order: unknown = bookmark.markOrder
    if (typeof order !== 'object' || order === null) {
      return bookmark
    }
    const remapped = Object.entries(order as Record<string, unknown>).map(
      ([id, position]): [string, unknown] => [markIds.get(id) ?? id, position],
    )
    return { ...bookmark, markOrder: Object.fromEntries(remapped) }
  })
  return { ...imported, bookmarks }
}

/** Replaces the local data by a backup file (parsed JSON or its text). */
export async function importBackupData(store: BackupStore, json: unknown): Promise<ImportResult> {
  const parsed = parseBackupFile(json)
  if (!parsed.ok) {
    return { ok: false, error: parsed.error, detail: parsed.detail, restored: false }
  }
  const file = withMarkOrderRemapped(
    parsed.value,
    prepareBackupImport(parsed.value, store.createId),
  )
  const pagecontents = file.pagecontents ?? []
  const aichats = file.aichats ?? []
  const next: Snapshot = {
    [ObjectStore.BOOKMARKS]: withStore(file.bookmarks, ObjectStore.BOOKMARKS),
    [ObjectStore.MARKS]: withStore(file.marks, ObjectStore.MARKS),
    [ObjectStore.CHROME_SETTINGS]: withStore(
      [{ ...file.chromeSettings, _id: CHROME_SETTINGS_ID }],
      ObjectStore.CHROME_SETTINGS,
    ),
    [ObjectStore.PAGE_CONTENTS]: withStore(
      // A restored text is its HTML again; it is seeded into a mergeable text when next edited.
      pagecontents.map(
        ({ content, mergeableText: _mergeable, textState: _state, ...metadata }) => ({
          ...metadata,
          ...(content === undefined ? {} : { length: content.length }),
        }),
      ),
      ObjectStore.PAGE_CONTENTS,
    ),
    [ObjectStore.AI_CHATS]: withStore(
      aichats.map(({ messages: _messages, ...metadata }) => metadata),
      ObjectStore.AI_CHATS,
    ),
  }
  const previous = snapshot(store)
  // What the relay already has must go there too, or the next sync would bring it back: entities
  // synced before stay as deletions (deletedAt, invisible to reads) until sync removes them.
  const deletedAt = store.now()
  for (const kind of Object.values(ObjectStore)) {
    for (const entity of previous[kind]) {
      if (typeof entity.lastSync === 'number' && entity._id !== CHROME_SETTINGS_ID) {
        // After its last stamp and its lastSync, so the deletion is pending whatever the clocks.
        const at = Math.max(deletedAt, stampOf(entity) + 1, entity.lastSync + 1)
        next[kind].push({ ...entity, deletedAt: entity.deletedAt ?? at, modifiedAt: deletedAt })
      }
    }
  }
  const written: { kind: BodyKind; id: string }[] = []
  try {
    replaceAll(store, next, TransactionOrigin.IMPORT)
    for (const content of pagecontents) {
      if (content.content !== undefined) {
        written.push({ kind: BodyKind.PAGE_CONTENT, id: content._id })
        await store.bodies.writePageContent(content._id, content.content)
      }
    }
    for (const chat of aichats) {
      written.push({ kind: BodyKind.AI_CHAT, id: chat._id })
      await store.bodies.writeChatMessages(chat._id, chat.messages ?? [])
    }
  } catch (error) {
    replaceAll(store, previous, TransactionOrigin.IMPORT)
    for (const body of written) {
      await store.bodies.delete(body.kind, body.id).catch(() => undefined)
    }
    return {
      ok: false,
      error: Message.RESTORING_OLD_DATA,
      detail: error instanceof Error ? error.message : String(error),
      restored: true,
    }
  }
  // The old bodies are unreachable now; losing one of these deletes costs only space.
  for (const content of previous[ObjectStore.PAGE_CONTENTS]) {
    await store.bodies.delete(BodyKind.PAGE_CONTENT, content._id).catch(() => undefined)
  }
  for (const content of [...previous[ObjectStore.PAGE_CONTENTS], ...pagecontents]) {
    await store.userTexts?.delete(content._id).catch(() => undefined)
  }
  for (const chat of previous[ObjectStore.AI_CHATS]) {
    await store.bodies.delete(BodyKind.AI_CHAT, chat._id).catch(() => undefined)
  }
  return {
    ok: true,
    counts: {
      bookmarks: file.bookmarks.length,
      marks: file.marks.length,
      pagecontents: pagecontents.length,
      aichats: aichats.length,
    },
  }
}
