// Schema migrations of the library doc, as code. A doc records the version that wrote it; opening
// an older one runs each step up to SCHEMA_VERSION in one transaction; opening a newer one (data
// written by a newer Inkmark) changes nothing and works with the stored version, as the spec says
// of IndexedDB ("older database version than requested: reopen with the existing version").
//
// The steps:
// - 1 -> 2: colours become lowercase hex (marks' colour, the default colour, recent colours);
//   version 1 stored whatever CSS colour the page gave.
// - 2 -> 3: times stored as ISO strings become epoch millis (nested ones too: learning item and
//   its review history, AI summary, chat messages), and page content HTML and AI chat messages
//   move out of the library doc into body docs of their own.
// Every migrated entity then gets the schema's defaults for the fields older versions left out.
import type * as Y from 'yjs'
import { DEFAULT_HIGHLIGHT_COLOR, toHexColor } from '../domain/color'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { BACKUP_TIMESTAMP_FIELDS } from '../domain/entities/backup-file'
import { ObjectStore } from '../domain/entities/object-store'
import type { BodyStore } from './body-docs'
import { SCHEMA_BY_STORE } from './entity-schemas'
import {
  SCHEMA_VERSION,
  decodeEntity,
  encodeEntity,
  entityMap,
  entityValues,
  hasAnyEntity,
  readSchemaVersion,
  writeSchemaVersion,
  type StoredRecord,
} from './library-schema'
import { TransactionOrigin } from './origins'

/** The version of a library written before versions were recorded. */
export const UNVERSIONED_SCHEMA_VERSION = 1

/** What opening the library found and did. */
export interface MigrationReport {
  /** The version the doc had when opened (undefined for a new, empty library). */
  storedVersion: number | undefined
  /** The version the store works with now. */
  version: number
  /** The steps that ran, e.g. [2, 3] for 1 -> 2 -> 3. */
  appliedSteps: number[]
}

type Rewrite = (store: ObjectStore, entity: StoredRecord) => StoredRecord

function hexOr(value: unknown, fallback: string): string {
  return (typeof value === 'string' && toHexColor(value)) || fallback
}

const toVersion2: Rewrite = (store, entity) => {
  if (store === ObjectStore.MARKS && 'color' in entity) {
    return { ...entity, color: hexOr(entity.color, DEFAULT_HIGHLIGHT_COLOR) }
  }
  if (store === ObjectStore.CHROME_SETTINGS) {
    const recent = Array.isArray(entity.recentColors) ? entity.recentColors : []
    return {
      ...entity,
      defaultHighlightColor: hexOr(entity.defaultHighlightColor, DEFAULT_HIGHLIGHT_COLOR),
      recentColors: recent.map((color) => toHexColor(String(color))).filter(Boolean),
    }
  }
  return entity
}

function isoToMillis(value: unknown): unknown {
  if (typeof value !== 'string') {
    return value
  }
  const millis = Date.parse(value)
  return Number.isNaN(millis) ? undefined : millis
}

function withMillisTimes(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record }
  for (const field of BACKUP_TIMESTAMP_FIELDS) {
    if (field in copy) {
      copy[field] = isoToMillis(copy[field])
      if (copy[field] === undefined) {
        delete copy[field]
      }
    }
  }
  return copy
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const toVersion3: Rewrite = (_store, entity) => {
  const copy = withMillisTimes(entity) as StoredRecord
  if (isRecord(copy.learningItem)) {
    const learningItem = withMillisTimes(copy.learningItem)
    // The review history is a list of times, one per review.
    if (Array.isArray(learningItem.lastLearnedHistory)) {
      learningItem.lastLearnedHistory = learningItem.lastLearnedHistory
        .map(isoToMillis)
        .filter((time) => time !== undefined)
    }
    copy.learningItem = learningItem
  }
  if (isRecord(copy.aiSummary)) {
    copy.aiSummary = withMillisTimes(copy.aiSummary)
  }
  if (typeof copy.content === 'string' && typeof copy.length !== 'number') {
    copy.length = copy.content.length
  }
  delete copy.content
  delete copy.messages
  return copy
}

const STEPS: ReadonlyArray<{ to: number; rewrite: Rewrite }> = [
  { to: 2, rewrite: toVersion2 },
  { to: 3, rewrite: toVersion3 },
]

/** Brings the library doc to SCHEMA_VERSION, moving inline bodies out before rewriting. */
export async function migrateLibrary(doc: Y.Doc, bodies: BodyStore): Promise<MigrationReport> {
  const recorded = readSchemaVersion(doc)
  const storedVersion = recorded ?? (hasAnyEntity(doc) ? UNVERSIONED_SCHEMA_VERSION : undefined)
  if (storedVersion === undefined) {
    doc.transact(() => writeSchemaVersion(doc, SCHEMA_VERSION), TransactionOrigin.MIGRATION)
    return { storedVersion, version: SCHEMA_VERSION, appliedSteps: [] }
  }
  if (storedVersion >= SCHEMA_VERSION) {
    return { storedVersion, version: storedVersion, appliedSteps: [] }
  }
  const steps = STEPS.filter((step) => step.to > storedVersion)
  if (steps.some((step) => step.to === 3)) {
    await moveInlineBodies(doc, bodies)
  }
  doc.transact(() => {
    for (const store of Object.values(ObjectStore)) {
      const map = entityMap(doc, store)
      for (const [id, value] of [...map.entries()]) {
        const entity = decodeEntity(value)
        if (!entity) {
          continue
        }
        const migrated = steps.reduce((current, step) => step.rewrite(store, current), entity)
        map.set(id, encodeEntity(withSchemaDefaults(store, migrated)))
      }
    }
    writeSchemaVersion(doc, SCHEMA_VERSION)
  }, TransactionOrigin.MIGRATION)
  return { storedVersion, version: SCHEMA_VERSION, appliedSteps: steps.map((step) => step.to) }
}

/**
 * The migrated entity in the shape this version writes: the schema's defaults for fields older
 * versions left out (tags, colour, type, ...) and its `_objectStore`, so that reads and sync never
 * meet a partial record. One the schema still refuses is kept as it is rather than lost.
 */
function withSchemaDefaults(store: ObjectStore, entity: StoredRecord): StoredRecord {
  const parsed = SCHEMA_BY_STORE[store].safeParse(entity)
  return parsed.success
    ? ({ ...parsed.data, _objectStore: store } as unknown as StoredRecord)
    : entity
}

async function moveInlineBodies(doc: Y.Doc, bodies: BodyStore): Promise<void> {
  for (const content of entityValues(doc, ObjectStore.PAGE_CONTENTS)) {
    if (typeof content.content === 'string') {
      await bodies.writePageContent(content._id, content.content)
    }
  }
  for (const chat of entityValues(doc, ObjectStore.AI_CHATS)) {
    if (Array.isArray(chat.messages)) {
      // Messages leave the library here, before the rewrite, so their times are converted here.
      const messages = chat.messages.map((message: unknown) =>
        isRecord(message) ? withMillisTimes(message) : message,
      )
      await bodies.writeChatMessages(chat._id, messages as AiChatMessage[])
    }
  }
}
