// Sharing fields merge by their own stamp (docs/adr/064): a copy written over the stored one, from a
// pull or from a screen holding an old copy, keeps the sharing of whichever copy changed it last;
// every other field is the written copy's, as before.
import { afterEach, describe, expect, it } from 'vitest'
import type { Bookmark } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import { applySharingChoice } from '../domain/sharing'
import { entityNeedsSync } from '../domain/sync-state'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asMark } from '../testing/stored-fixtures'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA'
const SHARED = { permission: 'PUBLIC', shareId: SHARE_ID, sharedAt: FIXTURE_NOW } as const

function storedBookmark(store: LocalStore): Bookmark {
  return store.getStoredEntity({ _id: 'b1', _objectStore: ObjectStore.BOOKMARKS }) as Bookmark
}

function storedMark(store: LocalStore): Mark {
  return store.getStoredEntity({ _id: 'm1', _objectStore: ObjectStore.MARKS }) as Mark
}

/** A store holding a shared page b1 with mark m1 (shown, note shown), all synced at FIXTURE_NOW. */
async function sharedPage() {
  const { store, clock } = await harness()
  await store.createOrUpdateEntities(
    [
      asBookmark({ _id: 'b1', ...SHARED, sharingChangedAt: FIXTURE_NOW, lastSync: FIXTURE_NOW }),
      asMark({
        _id: 'm1',
        _bookmark: 'b1',
        permission: 'PUBLIC',
        isNotePublic: true,
        notes: 'a note',
        sharingChangedAt: FIXTURE_NOW,
        lastSync: FIXTURE_NOW,
      }),
    ],
    TransactionOrigin.REMOTE,
  )
  const oldBookmark = storedBookmark(store)
  const oldMark = storedMark(store)
  return { store, clock, oldBookmark, oldMark }
}

/** Unshares b1 (or hides m1's note) on this device through the share dialog's choice. */
async function shareAgain(store: LocalStore, now: number, permission: 'PRIVATE' | 'PUBLIC') {
  const next = applySharingChoice(
    storedBookmark(store),
    [storedMark(store)],
    { permission, shownMarkIds: ['m1'], noteShownMarkIds: [] },
    now,
  )
  const { rejected } = await store.createOrUpdateEntities([next.bookmark, ...next.marks])
  expect(rejected).toEqual([])
}

describe('sharing fields merge by their own stamp', () => {
  it('a pulled old copy still PUBLIC does not re-share a page unshared here since', async () => {
    const { store, clock, oldBookmark } = await sharedPage()
    clock.advance(1000)
    await shareAgain(store, clock.now(), 'PRIVATE')
    const edited = { ...oldBookmark, tags: ['edited offline'], updatedAt: clock.now() + 5000 }
    await store.createOrUpdateEntities(
      [{ ...edited, lastSync: edited.updatedAt }],
      TransactionOrigin.REMOTE,
    )
    const stored = storedBookmark(store)
    expect(stored).toMatchObject({
      permission: 'PRIVATE',
      tags: ['edited offline'],
      sharingChangedAt: FIXTURE_NOW + 1000,
    })
    // The relay still holds PUBLIC: this device's unshare must be pushed again.
    expect(stored.lastSync).toBe(0)
    expect(entityNeedsSync(stored)).toBe(true)
  })

  it('a pulled old copy of a mark does not show a note hidden here since', async () => {
    const { store, clock, oldMark } = await sharedPage()
    clock.advance(1000)
    await shareAgain(store, clock.now(), 'PUBLIC')
    expect(storedMark(store).isNotePublic).toBe(false)
    const edited = { ...oldMark, notes: 'edited offline', updatedAt: clock.now() + 5000 }
    await store.createOrUpdateEntities(
      [{ ...edited, lastSync: edited.updatedAt }],
      TransactionOrigin.REMOTE,
    )
    expect(storedMark(store)).toMatchObject({
      permission: 'PUBLIC',
      isNotePublic: false,
      notes: 'edited offline',
    })
  })

  it('a pulled newer share wins over the older private copy here', async () => {
    const { store, clock, oldBookmark } = await sharedPage()
    clock.advance(1000)
    await shareAgain(store, clock.now(), 'PRIVATE')
    const reshared = {
      ...oldBookmark,
      permission: 'PUBLIC_LINK',
      sharingChangedAt: clock.now() + 10,
      updatedAt: clock.now() + 10,
      lastSync: clock.now() + 10,
    }
    await store.createOrUpdateEntities([reshared], TransactionOrigin.REMOTE)
    expect(storedBookmark(store)).toMatchObject({
      permission: 'PUBLIC_LINK',
      lastSync: clock.now() + 10,
    })
  })

  it('a local edit from a screen holding an old copy keeps the newer unshare', async () => {
    const { store, clock, oldBookmark } = await sharedPage()
    clock.advance(1000)
    await shareAgain(store, clock.now(), 'PRIVATE')
    clock.advance(1000)
    await store.createOrUpdateEntities([{ ...oldBookmark, title: 'Renamed' }])
    expect(storedBookmark(store)).toMatchObject({ permission: 'PRIVATE', title: 'Renamed' })
  })

  it('ordinary edits still replace the entity, sharing as it was', async () => {
    const { store, clock } = await sharedPage()
    clock.advance(1000)
    await store.createOrUpdateEntities([{ ...storedBookmark(store), tags: ['new'] }])
    await store.createOrUpdateEntities([{ ...storedMark(store), notes: 'rewritten' }])
    expect(storedBookmark(store)).toMatchObject({ ...SHARED, tags: ['new'] })
    expect(storedMark(store)).toMatchObject({ isNotePublic: true, notes: 'rewritten' })
    // A pulled edit with the same sharing is stored as pulled, synced.
    const pulled = { ...storedBookmark(store), title: 'From B', updatedAt: clock.now() + 50 }
    await store.createOrUpdateEntities(
      [{ ...pulled, lastSync: pulled.updatedAt }],
      TransactionOrigin.REMOTE,
    )
    expect(storedBookmark(store)).toMatchObject({
      ...SHARED,
      title: 'From B',
      lastSync: pulled.updatedAt,
    })
  })
})
