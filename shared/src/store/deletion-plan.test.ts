// The deletion planner on its own, over an in-memory view of a library: which entities a deletion
// takes with it, each once, and nothing that is not live.
import { describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { normalizePageUrl } from '../domain/page-url'
import { planDeletion, type EntityRef, type LibraryView } from './deletion-plan'
import type { StoredRecord } from './library-schema'

interface Entity extends StoredRecord {
  kind: ObjectStore
}

function view(entities: readonly Entity[]): LibraryView {
  const live = entities.filter((entity) => entity.deletedAt === undefined)
  return {
    getLive: (ref) =>
      live.find((entity) => entity.kind === ref._objectStore && entity._id === ref._id),
    liveMarksOfBookmark: (id) =>
      live.filter((entity) => entity.kind === ObjectStore.MARKS && entity._bookmark === id),
    liveChatsOfReference: (id) =>
      live.filter((entity) => entity.kind === ObjectStore.AI_CHATS && entity._referenceId === id),
    livePageContentsOfUrlKey: (key) =>
      live.filter(
        (entity) =>
          entity.kind === ObjectStore.PAGE_CONTENTS && normalizePageUrl(String(entity.url)) === key,
      ),
  }
}

const bookmark = (id: string, url: string, isStarred = false): Entity => ({
  _id: id,
  kind: ObjectStore.BOOKMARKS,
  url,
  isStarred,
})
const mark = (id: string, bookmarkId: string, extra: Partial<Entity> = {}): Entity => ({
  _id: id,
  kind: ObjectStore.MARKS,
  _bookmark: bookmarkId,
  ...extra,
})
const chat = (id: string, referenceId: string): Entity => ({
  _id: id,
  kind: ObjectStore.AI_CHATS,
  _referenceId: referenceId,
})
const page = (id: string, url: string): Entity => ({
  _id: id,
  kind: ObjectStore.PAGE_CONTENTS,
  url,
})
const ref = (_objectStore: ObjectStore, _id: string): EntityRef => ({ _id, _objectStore })
const names = (refs: readonly EntityRef[]) =>
  refs.map((entry) => `${entry._objectStore}/${entry._id}`).sort()

const library = [
  bookmark('b1', 'https://www.example.com/a/'),
  bookmark('b-starred', 'https://example.com/starred', true),
  mark('m1', 'b1'),
  mark('m2', 'b1'),
  mark('m-deleted', 'b1', { deletedAt: 1 }),
  mark('s1', 'b-starred'),
  chat('c-b1', 'b1'),
  chat('c-m1', 'm1'),
  page('p1', 'http://example.com/a#x'),
  page('p-starred', 'https://example.com/starred'),
]

describe('planDeletion', () => {
  it('takes a bookmark’s live marks, chats (its own and its marks’) and page content', () => {
    expect(names(planDeletion(view(library), [ref('bookmarks', 'b1')]))).toEqual([
      'aichats/c-b1',
      'aichats/c-m1',
      'bookmarks/b1',
      'marks/m1',
      'marks/m2',
      'pagecontents/p1',
    ])
  })

  it('takes a mark’s chat and keeps its bookmark while other marks remain', () => {
    expect(names(planDeletion(view(library), [ref('marks', 'm1')]))).toEqual([
      'aichats/c-m1',
      'marks/m1',
    ])
  })

  it('takes an unstarred bookmark with its last live marks, once', () => {
    const planned = planDeletion(view(library), [
      ref('marks', 'm1'),
      ref('marks', 'm2'),
      ref('marks', 'm1'),
    ])
    expect(names(planned)).toEqual([
      'aichats/c-b1',
      'aichats/c-m1',
      'bookmarks/b1',
      'marks/m1',
      'marks/m2',
      'pagecontents/p1',
    ])
    expect(planned).toHaveLength(new Set(names(planned)).size)
  })

  it('keeps a starred bookmark when its last mark goes', () => {
    expect(names(planDeletion(view(library), [ref('marks', 's1')]))).toEqual(['marks/s1'])
  })

  it('plans nothing for unknown, deleted or mistyped refs', () => {
    expect(
      planDeletion(view(library), [
        ref('marks', 'nope'),
        ref('marks', 'm-deleted'),
        ref('bookmarks', 'm1'),
      ]),
    ).toEqual([])
    expect(planDeletion(view(library), [])).toEqual([])
  })

  it('takes a page content or a chat alone, and a mark whose bookmark is gone alone', () => {
    expect(
      names(planDeletion(view(library), [ref('pagecontents', 'p1'), ref('aichats', 'c-b1')])),
    ).toEqual(['aichats/c-b1', 'pagecontents/p1'])
    const orphans = [mark('o1', 'missing'), { ...mark('o2', 'x'), _bookmark: undefined }]
    expect(names(planDeletion(view(orphans), [ref('marks', 'o1'), ref('marks', 'o2')]))).toEqual([
      'marks/o1',
      'marks/o2',
    ])
  })

  it('returns fresh refs without extra fields', () => {
    const planned = planDeletion(view(library), [
      { ...ref('marks', 's1'), extra: true } as EntityRef,
    ])
    expect(planned).toEqual([{ _id: 's1', _objectStore: 'marks' }])
  })
})

// Regression: the last-highlight check ran only when the queue emptied right after a planned ref,
// so a round ending in a skipped ref (a repeated mark, a mark deleted earlier, a chat the cascade
// had already planned) never deleted the emptied bookmark.
describe('planDeletion when the refs end in a ref it skips', () => {
  const single = [
    bookmark('b1', 'https://example.com/one'),
    mark('m1', 'b1'),
    mark('m-old', 'b1', { deletedAt: 1 }),
    chat('c-m1', 'm1'),
  ]
  const expected = ['aichats/c-m1', 'bookmarks/b1', 'marks/m1']
  const withoutChat = single.filter((entity) => entity.kind !== ObjectStore.AI_CHATS)

  it('deletes the bookmark when the refs name the same mark twice', () => {
    expect(
      names(planDeletion(view(withoutChat), [ref('marks', 'm1'), ref('marks', 'm1')])),
    ).toEqual(['bookmarks/b1', 'marks/m1'])
  })

  it('deletes the bookmark when the refs also name a mark deleted earlier', () => {
    expect(
      names(planDeletion(view(withoutChat), [ref('marks', 'm1'), ref('marks', 'm-old')])),
    ).toEqual(['bookmarks/b1', 'marks/m1'])
  })

  it('deletes the bookmark when the refs also name the mark’s own chat', () => {
    expect(names(planDeletion(view(single), [ref('marks', 'm1'), ref('aichats', 'c-m1')]))).toEqual(
      expected,
    )
  })
})
