// Write preparation on its own: validation with reasons, stamps, bodies split off, the quota and
// the mark-needs-a-bookmark rule, over an in-memory view of the library.
import { describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { FREE_PAGE_CONTENT_QUOTA_BYTES } from '../domain/storage-quota'
import {
  createAiChatFixture,
  createBookmarkFixture,
  createMarkFixture,
  createPageContentFixture,
} from '../testing/factories'
import type { StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'
import { prepareWrites, RejectionReason, type PrepareContext } from './write-preparation'

const NOW = 5_000_000

function context(
  stored: readonly (StoredRecord & { _objectStore: ObjectStore })[] = [],
  overrides: Partial<PrepareContext> = {},
): PrepareContext {
  return {
    now: NOW,
    origin: TransactionOrigin.LOCAL,
    quotaPlan: 'FREE',
    existing: (store, id) =>
      stored.find((entity) => entity._objectStore === store && entity._id === id),
    isLiveBookmark: (id) =>
      stored.some(
        (entity) =>
          entity._objectStore === ObjectStore.BOOKMARKS &&
          entity._id === id &&
          entity.deletedAt === undefined,
      ),
    pageContentBytesUsed: () => 0,
    ...overrides,
  }
}

const bookmark = (overrides: Parameters<typeof createBookmarkFixture>[0] = {}) =>
  createBookmarkFixture({ _id: 'b1', ...overrides }) as unknown as StoredRecord & {
    _objectStore: 'bookmarks'
  }

describe('prepareWrites', () => {
  it('keeps the input order, adds _objectStore and never throws', () => {
    const { writes, rejected } = prepareWrites(
      [bookmark(), undefined, createMarkFixture({ _id: 'm1', _bookmark: 'b1' })],
      context(),
    )
    expect(writes.map((write) => [write.store, write.record._id])).toEqual([
      ['bookmarks', 'b1'],
      ['marks', 'm1'],
    ])
    expect(rejected).toEqual([
      {
        _id: undefined,
        _objectStore: undefined,
        reason: RejectionReason.INVALID,
        message: "Unknown _objectStore 'undefined'",
      },
    ])
  })

  it('names the invalid field in the message', () => {
    const { rejected } = prepareWrites(
      [
        { ...bookmark(), tags: [1] },
        { ...bookmark({ _id: 'b2' }), createdAt: -1 },
      ],
      context(),
    )
    expect(rejected.map((entry) => [entry._id, entry.reason])).toEqual([
      ['b1', 'invalid'],
      ['b2', 'invalid'],
    ])
    expect(rejected[0]?.message).toMatch(/^tags\.0: /)
    expect(rejected[1]?.message).toMatch(/^createdAt: /)
  })

  it('stamps local writes: first createdAt kept, updatedAt only on update, modifiedAt always, lastSync kept', () => {
    const existing = { ...bookmark({ createdAt: 10 }), updatedAt: 15, lastSync: 20 }
    const created = prepareWrites(
      [{ ...bookmark({ _id: 'new', createdAt: 30 }), updatedAt: undefined }],
      context(),
    )
    expect(created.writes[0]?.record).toMatchObject({ createdAt: 30, modifiedAt: NOW })
    expect(created.writes[0]?.record.updatedAt).toBeUndefined()

    const updated = prepareWrites(
      [{ ...bookmark({ createdAt: 99 }), lastSync: undefined }],
      context([existing]),
    )
    expect(updated.writes[0]?.record).toMatchObject({
      createdAt: 10,
      updatedAt: NOW,
      modifiedAt: NOW,
      lastSync: 20,
    })

    const givenLastSync = prepareWrites([{ ...bookmark(), lastSync: 25 }], context([existing]))
    expect(givenLastSync.writes[0]?.record.lastSync).toBe(25)
  })

  for (const origin of [TransactionOrigin.IMPORT, TransactionOrigin.MIGRATION]) {
    it(`treats ${origin} as a local write`, () => {
      const { writes } = prepareWrites([bookmark()], context([], { origin }))
      expect(writes[0]?.record.modifiedAt).toBe(NOW)
    })
  }

  it('stores remote writes as given and skips the bookmark check', () => {
    const remote = { ...bookmark({ createdAt: 1 }), updatedAt: 2, modifiedAt: 3 }
    const { writes, rejected } = prepareWrites(
      [remote, createMarkFixture({ _id: 'm1', _bookmark: 'nowhere' })],
      context([], { origin: TransactionOrigin.REMOTE }),
    )
    expect(rejected).toEqual([])
    expect(writes[0]?.record).toMatchObject({ createdAt: 1, updatedAt: 2, modifiedAt: 3 })
    expect(writes[1]?.record._bookmark).toBe('nowhere')
  })

  it('splits the page content body off and records its length', () => {
    const { writes } = prepareWrites(
      [createPageContentFixture({ _id: 'p1', content: '<p>12345</p>' })],
      context(),
    )
    expect(writes[0]?.pageContent).toBe('<p>12345</p>')
    expect(writes[0]?.record).not.toHaveProperty('content')
    expect(writes[0]?.record.length).toBe('<p>12345</p>'.length)
  })

  it('keeps the stored length when a page content comes without its body', () => {
    const existing = {
      ...(createPageContentFixture({ _id: 'p1' }) as unknown as StoredRecord),
      _objectStore: ObjectStore.PAGE_CONTENTS,
      length: 77,
    }
    const withoutBody = {
      ...createPageContentFixture({ _id: 'p1' }),
      content: undefined,
      length: 3,
    }
    const { writes } = prepareWrites([withoutBody], context([existing]))
    expect(writes[0]?.pageContent).toBeUndefined()
    expect(writes[0]?.record.length).toBe(77)
    const fresh = prepareWrites([{ ...withoutBody, _id: 'p2' }], context([existing]))
    expect(fresh.writes[0]?.record.length).toBe(3)
  })

  it('counts a deleted page content it replaces as taking no space', () => {
    const deleted = {
      ...(createPageContentFixture({ _id: 'p1' }) as unknown as StoredRecord),
      _objectStore: ObjectStore.PAGE_CONTENTS,
      length: 500,
      deletedAt: 1,
    }
    const { writes, rejected } = prepareWrites(
      [createPageContentFixture({ _id: 'p1', content: 'x'.repeat(600) })],
      context([deleted], { pageContentBytesUsed: () => FREE_PAGE_CONTENT_QUOTA_BYTES - 500 }),
    )
    expect(writes).toEqual([])
    expect(rejected.map((entry) => entry.reason)).toEqual(['quota-exceeded'])
  })

  it('splits the chat messages off', () => {
    const { writes } = prepareWrites([createAiChatFixture({ _id: 'c1' })], context())
    expect(writes[0]?.chatMessages).toHaveLength(2)
    expect(writes[0]?.record).not.toHaveProperty('messages')
    const metadataOnly = prepareWrites(
      [{ ...createAiChatFixture({ _id: 'c1' }), messages: undefined }],
      context(),
    )
    expect(metadataOnly.writes[0]?.chatMessages).toBeUndefined()
  })

  it('flags a bookmark going from starred to unstarred, and only that', () => {
    const starred = { ...bookmark({ isStarred: true }) }
    const flags = (isStarred: boolean, stored: StoredRecord[]) =>
      prepareWrites([bookmark({ isStarred })], context(stored as never)).writes[0]?.unstarred
    expect(flags(false, [starred])).toBe(true)
    expect(flags(true, [starred])).toBe(false)
    expect(flags(false, [])).toBe(false)
    expect(flags(false, [{ ...starred, isStarred: false }])).toBe(false)
  })

  it('accepts a local mark whose bookmark is live or in the batch, and refuses the others', () => {
    const live = bookmark({ _id: 'live' })
    const deleted = { ...bookmark({ _id: 'deleted' }), deletedAt: 1 }
    const { writes, rejected } = prepareWrites(
      [
        createMarkFixture({ _id: 'm-live', _bookmark: 'live' }),
        createMarkFixture({ _id: 'm-batch', _bookmark: 'batch' }),
        createMarkFixture({ _id: 'm-deleted', _bookmark: 'deleted' }),
        createMarkFixture({ _id: 'm-bad-batch', _bookmark: 'bad' }),
        bookmark({ _id: 'batch' }),
        { ...bookmark({ _id: 'bad' }), isStarred: 'yes' },
      ],
      context([live, deleted]),
    )
    expect(writes.map((write) => write.record._id)).toEqual(['m-live', 'm-batch', 'batch'])
    expect(rejected.map((entry) => [entry._id, entry.reason])).toEqual([
      ['m-deleted', 'missing-bookmark'],
      ['bad', 'invalid'],
      ['m-bad-batch', 'missing-bookmark'],
    ])
  })

  it("stamps an update strictly after the entity's last stamp, even if the clock has not moved", () => {
    const existing = { ...bookmark({ createdAt: NOW }), updatedAt: NOW }
    const updated = prepareWrites([{ ...bookmark({}), title: 'again' }], context([existing]))
    expect(updated.writes[0]?.record.updatedAt).toBe(NOW + 1)
  })
})
