// The backup file a user downloads and imports: bookmarks, marks, chromeSettings and pagecontents
// (plus aichats, so that a restore loses no chat). Export strips the user reference and lastSync;
// import checks the spec's shape, reads ISO-string times as epoch millis, validates every entity,
// and gives every entity a new id with mark-to-bookmark links remapped.
import { z } from 'zod'
import { TOAST_DURATION_MS } from '../format'
import { Message } from '../messages'
import type { AiChat } from './ai-chat'
import { AiChatSchema } from './ai-chat'
import type { Bookmark } from './bookmark'
import { BookmarkSchema } from './bookmark'
import type { ChromeSettings } from './chrome-settings'
import { ChromeSettingsSchema } from './chrome-settings'
import type { Mark } from './mark'
import { MarkSchema } from './mark'
import { ObjectStore } from './object-store'
import type { PageContent } from './page-content'
import { PageContentSchema } from './page-content'
import { Permission } from './permission'

/** The id of the one settings record (the store uses the same id on every device). */
export const CHROME_SETTINGS_RECORD_ID = 'chromesettings'

/** Start of every backup file name (spec: {product}-backup-{date}.json). */
export const BACKUP_FILE_NAME_PREFIX = 'inkmark-backup-'
/** End of every backup file name. */
export const BACKUP_FILE_NAME_EXTENSION = '.json'
/** Toast shown when a chosen file is not a backup (spec section 8, kept literally). */
export const INVALID_BACKUP_FILE_MESSAGE = Message.INVALID_BACKUP_FILE
/** Id of the invalid-backup toast, so that repeated failures show one toast. */
export const INVALID_BACKUP_FILE_TOAST_ID = 'invalid-backup-file'
/** How long the invalid-backup toast stays. */
export const INVALID_BACKUP_FILE_TOAST_DURATION_MS = TOAST_DURATION_MS
/** Error of an import whose data does not have the backup shape. */
export const INVALID_IMPORT_BACKUP_DATA_MESSAGE = Message.INVALID_IMPORT_BACKUP_DATA
/** Delay before the backup file download starts. */
export const BACKUP_DOWNLOAD_DELAY_MS = 250

/** Entity fields holding times; an ISO string there is read as epoch millis on import. */
export const BACKUP_TIMESTAMP_FIELDS: readonly string[] = [
  'createdAt',
  'updatedAt',
  'modifiedAt',
  'deletedAt',
  'lastSync',
  'openedAt',
  'lastLearned',
  'nextReviewInMillis',
  'lastTeaserClosedDateInMillis',
  'notificationsLastOpenedAt',
]
/** Nested objects of an entity whose times are read the same way. */
const NESTED_TIMESTAMP_OBJECTS = ['learningItem', 'aiSummary']
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

const BackupFileShapeSchema = z.looseObject({
  bookmarks: z.array(BookmarkSchema),
  marks: z.array(MarkSchema),
  chromeSettings: ChromeSettingsSchema,
  pagecontents: z.array(PageContentSchema).optional(),
  aichats: z.array(AiChatSchema).optional(),
})

/** Validates a parsed backup file, reading ISO-string times as epoch millis first. */
export const BackupFileSchema = z.preprocess(normalizeBackupInput, BackupFileShapeSchema)
export type BackupFile = z.infer<typeof BackupFileSchema>

/** The outcome of reading a backup file; errors are values because they cross contexts. */
export type BackupParseResult =
  { ok: true; value: BackupFile } | { ok: false; error: string; detail: string }

/** The entities a backup file is made from (deleted ones are left out of the file). */
export interface BackupData {
  bookmarks: readonly Bookmark[]
  marks: readonly Mark[]
  chromeSettings: ChromeSettings
  pagecontents?: readonly PageContent[]
  aichats?: readonly AiChat[]
}

/** Reads a backup (parsed JSON or its text); fails with 'Invalid import backup data'. */
export function parseBackupFile(json: unknown): BackupParseResult {
  let value = json
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json) as unknown
    } catch {
      return { ok: false, error: INVALID_IMPORT_BACKUP_DATA_MESSAGE, detail: 'not JSON' }
    }
  }
  const result = BackupFileSchema.safeParse(value)
  if (result.success) {
    return { ok: true, value: result.data }
  }
  // The first issue is enough to find the broken entity in a file of thousands.
  const detail = result.error.issues
    .slice(0, 1)
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('')
  return { ok: false, error: INVALID_IMPORT_BACKUP_DATA_MESSAGE, detail }
}

/** The download name of a backup made at `now`: inkmark-backup-YYYY-MM-DD.json (UTC date). */
export function backupFileName(now: number): string {
  const date = new Date(now).toISOString().slice(0, 10)
  return `${BACKUP_FILE_NAME_PREFIX}${date}${BACKUP_FILE_NAME_EXTENSION}`
}

/** An entity as written to a backup: without the user reference and lastSync. */
export function toBackupEntity<T extends { _user?: string; lastSync?: number }>(entity: T): T {
  const { _user: _ignoredUser, lastSync: _ignoredLastSync, ...rest } = entity
  return rest as T
}

/** The backup file of the given data: deleted entities left out, user and lastSync stripped. */
export function createBackupFile(data: BackupData): BackupFile {
  const live = <T extends { deletedAt?: number; _user?: string; lastSync?: number }>(
    entities: readonly T[],
  ): T[] => entities.filter((entity) => entity.deletedAt === undefined).map(toBackupEntity)
  return {
    bookmarks: live(data.bookmarks),
    marks: live(data.marks),
    chromeSettings: toBackupEntity(data.chromeSettings),
    pagecontents: live(data.pagecontents ?? []),
    aichats: live(data.aichats ?? []),
  }
}

/** The backup ready to import: every id new (from `createId`), links remapped, never synced. */
export function prepareBackupImport(file: BackupFile, createId: () => string): BackupFile {
  const fresh = <T extends { _id: string; _user?: string; lastSync?: number }>(entity: T): T => ({
    ...toBackupEntity(entity),
    _id: createId(),
  })
  const bookmarkIds = new Map<string, string>()
  const bookmarks = file.bookmarks.map((bookmark) => {
    // A copy is a new page: it never takes over the original's public link (its share id), so it
    // starts private; the owner can share it again and gets a new link (docs/adr/057).
    const { shareId: _shareId, sharedAt: _sharedAt, ...copy } = fresh(bookmark)
    bookmarkIds.set(bookmark._id, copy._id)
    return { ...copy, permission: Permission.PRIVATE }
  })
  const markIds = new Map<string, string>()
  const marks = file.marks.map((mark) => {
    const copy = fresh(mark)
    markIds.set(mark._id, copy._id)
    // A mark whose bookmark is not in the file keeps its link: dropping it would lose data.
    return { ...copy, _bookmark: bookmarkIds.get(mark._bookmark) ?? mark._bookmark }
  })
  const referenceIds: Partial<Record<string, Map<string, string>>> = {
    [ObjectStore.BOOKMARKS]: bookmarkIds,
    [ObjectStore.MARKS]: markIds,
  }
  const aichats = file.aichats?.map((chat) => ({
    ...fresh(chat),
    _referenceId:
      referenceIds[chat._referenceObjectStore]?.get(chat._referenceId) ?? chat._referenceId,
  }))
  return {
    ...file,
    bookmarks,
    marks,
    chromeSettings: fresh(file.chromeSettings),
    ...(file.pagecontents === undefined ? {} : { pagecontents: file.pagecontents.map(fresh) }),
    ...(aichats === undefined ? {} : { aichats }),
  }
}

function normalizeBackupInput(input: unknown): unknown {
  if (!isRecord(input)) {
    return input
  }
  const output: Record<string, unknown> = { ...input }
  for (const key of ['bookmarks', 'marks', 'pagecontents', 'aichats']) {
    const list = input[key]
    if (Array.isArray(list)) {
      output[key] = list.map(normalizeEntity)
    }
  }
  const settings = normalizeEntity(input.chromeSettings)
  // The spec asks only for a chromeSettings value; a record without an id gets the one every
  // device uses, so that exports from other tools are not refused for it.
  output.chromeSettings =
    isRecord(settings) && settings._id === undefined
      ? { ...settings, _id: CHROME_SETTINGS_RECORD_ID }
      : settings
  return output
}

function normalizeEntity(entity: unknown): unknown {
  if (!isRecord(entity)) {
    return entity
  }
  // Older exports wrote null for "not set"; absent is what the schemas mean by that.
  const output: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(entity)) {
    if (value !== null) {
      output[key] = toMillisIfIsoDate(key, value)
    }
  }
  for (const key of NESTED_TIMESTAMP_OBJECTS) {
    const nested = output[key]
    if (isRecord(nested)) {
      output[key] = normalizeEntity(nested)
    }
  }
  return output
}

function toMillisIfIsoDate(key: string, value: unknown): unknown {
  if (
    typeof value !== 'string' ||
    !BACKUP_TIMESTAMP_FIELDS.includes(key) ||
    !ISO_DATE.test(value)
  ) {
    return value
  }
  const millis = Date.parse(value)
  return Number.isNaN(millis) ? value : millis
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
