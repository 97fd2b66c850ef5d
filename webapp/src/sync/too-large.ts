// The review of what sync set aside as too large (the engine's tooLargeToSync list, filled on a
// 413). Each entry is described for the person (title, address, text), and can be kept (it stays
// on this device and is not sent again) or deleted (the store's deletion with its cascades, then
// the deletion itself syncs). Kept is not forever: once the entity changes (a shorter note, a
// trimmed page) it leaves the list and the next sync tries it again; if it is still too large, the
// engine sets it aside again with a new notice. Entities already deleted or gone leave the list too.
import {
  ObjectStore,
  SyncValueKey,
  latestStamp,
  type EntityRef,
  type LocalStore,
} from '@inkmark/shared'

/** The device value recording, per set-aside entity, its version when seen and whether it was kept. */
export const TOO_LARGE_REVIEW_KEY = 'tooLargeReview'

interface ReviewEntry {
  /** The entity's latest stamp when it was set aside or kept. */
  stamp: number
  kept: boolean
}
type Review = Record<string, ReviewEntry>

/** One entity waiting for a decision, as the list shows it. */
export interface TooLargeItem {
  ref: EntityRef
  key: string
  /** What it is: Page, Highlight, Saved page, AI chat. */
  kind: string
  title: string
  url: string | undefined
  text: string | undefined
  kept: boolean
}

const KIND_LABELS: Record<string, string> = {
  [ObjectStore.BOOKMARKS]: 'Page',
  [ObjectStore.MARKS]: 'Highlight',
  [ObjectStore.PAGE_CONTENTS]: 'Saved page',
  [ObjectStore.AI_CHATS]: 'AI chat',
  [ObjectStore.CHROME_SETTINGS]: 'Settings',
}

/** Text longer than this is cut in the list (the whole of it is what did not fit). */
export const TOO_LARGE_TEXT_PREVIEW = 280

const keyOf = (ref: EntityRef) => `${ref._objectStore}/${ref._id}`

function setAside(store: LocalStore): EntityRef[] {
  const refs = store.device.getValue<unknown>(SyncValueKey.TOO_LARGE)
  return Array.isArray(refs) ? (refs as EntityRef[]) : []
}

function review(store: LocalStore): Review {
  const value = store.device.getValue<unknown>(TOO_LARGE_REVIEW_KEY)
  return typeof value === 'object' && value !== null ? (value as Review) : {}
}

function stringField(record: Record<string, unknown> | undefined, field: string) {
  const value = record?.[field]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function preview(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= TOO_LARGE_TEXT_PREVIEW) {
    return text
  }
  return `${text.slice(0, TOO_LARGE_TEXT_PREVIEW)}…`
}

/** The live entity of `ref`, or undefined when it is gone or being deleted. */
function liveEntity(store: LocalStore, ref: EntityRef): Record<string, unknown> | undefined {
  const entity = store.getStoredEntity(ref)
  return entity === undefined || entity.deletedAt !== undefined ? undefined : entity
}

function describe(store: LocalStore, ref: EntityRef, kept: boolean): TooLargeItem | undefined {
  const entity = liveEntity(store, ref)
  if (entity === undefined) {
    return undefined
  }
  const bookmarkId =
    stringField(entity, '_bookmark') ??
    stringField(entity, '_referenceId') ??
    (ref._objectStore === ObjectStore.BOOKMARKS ? ref._id : undefined)
  const bookmark = bookmarkId === undefined ? undefined : store.getBookmark(bookmarkId)
  const url = stringField(entity, 'url') ?? stringField(bookmark, 'url')
  const title = stringField(entity, 'title') ?? stringField(bookmark, 'title') ?? url ?? 'Untitled'
  const text = preview(stringField(entity, 'text') ?? stringField(entity, 'description'))
  return {
    ref,
    key: keyOf(ref),
    kind: KIND_LABELS[ref._objectStore] ?? ref._objectStore,
    title,
    url,
    text,
    kept,
  }
}

/** The set-aside entities that still exist, in the order they were set aside. */
export function tooLargeItems(store: LocalStore): TooLargeItem[] {
  const decisions = review(store)
  return setAside(store)
    .map((ref) => describe(store, ref, decisions[keyOf(ref)]?.kept === true))
    .filter((item): item is TooLargeItem => item !== undefined)
}

/** How many set-aside entities still wait for a decision. */
export function undecidedTooLargeCount(store: LocalStore): number {
  return tooLargeItems(store).filter((item) => !item.kept).length
}

/** Keeps the entity on this device only: it stays set aside until it changes. */
export function keepTooLarge(store: LocalStore, ref: EntityRef): void {
  const entity = store.getStoredEntity(ref)
  if (entity === undefined) {
    return
  }
  store.device.setValue(TOO_LARGE_REVIEW_KEY, {
    ...review(store),
    [keyOf(ref)]: { stamp: latestStamp(entity), kept: true },
  })
}

/** Deletes the entity (and what the spec's cascade takes with it); its deletion then syncs. */
export async function deleteTooLarge(store: LocalStore, ref: EntityRef): Promise<void> {
  await store.markEntitiesAsDeleted([ref])
  releaseChangedTooLarge(store)
}

/**
 * Takes out of the set-aside list what changed since it was set aside or kept (so sync tries it
 * again) and what is gone or being deleted (so its deletion can sync); notes the version of new
 * entries. Returns the entries released.
 */
export function releaseChangedTooLarge(store: LocalStore): EntityRef[] {
  const refs = setAside(store)
  const before = review(store)
  const after: Review = {}
  const stay: EntityRef[] = []
  const released: EntityRef[] = []
  for (const ref of refs) {
    const key = keyOf(ref)
    const entity = liveEntity(store, ref)
    const stamp = entity === undefined ? undefined : latestStamp(store.getStoredEntity(ref)!)
    const known = before[key]
    if (stamp === undefined || (known !== undefined && stamp > known.stamp)) {
      released.push(ref)
      continue
    }
    stay.push(ref)
    after[key] = known ?? { stamp, kept: false }
  }
  if (released.length > 0) {
    store.device.setValue(SyncValueKey.TOO_LARGE, stay)
  }
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    store.device.setValue(TOO_LARGE_REVIEW_KEY, after)
  }
  return released
}
