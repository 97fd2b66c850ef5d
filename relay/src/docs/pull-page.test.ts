import { ObjectStore, entityMap, writeEntity, type StoredRecord } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { LibraryService } from './library-service'
import {
  isCanonicalEntityText,
  pageJson,
  rememberCanonicalText,
  splicedEntity,
  userSuffix,
} from './pull-page'
import { UserDocs } from './user-docs'

const USER = 'user-"ü"-1'

/** Entities whose texts need escaping: quotes, backslashes, unicode, control characters. */
const awkward: StoredRecord[] = [
  {
    _id: 'b"1\\',
    _objectStore: 'bookmarks',
    url: 'https://example.com/ä?q="x"&y=\\n',
    title: 'Grüße 🖍️ — “quoted” \u2028 line\nbreak\ttab \u0001',
    createdAt: 1.5,
    tags: ['ß', '日本語', ''],
    nested: { deep: [1, -0, 1e21, { x: null }], empty: {} },
  },
  {
    _id: 'm1',
    _objectStore: 'marks',
    _bookmark: 'b"1\\',
    text: '</script><script>alert("x")</script>',
    createdAt: 2,
    '10': 'integer-like key',
    isStarred: false,
  },
]

function docWith(entities: readonly StoredRecord[]): Y.Doc {
  const doc = new Y.Doc()
  doc.transact(() => {
    for (const entity of entities) {
      writeEntity(doc, entity._objectStore as ObjectStore, entity)
    }
  })
  return doc
}

describe('pull pages by splicing', () => {
  it('gives exactly the text JSON.stringify gives for the parsed page', () => {
    const doc = docWith(awkward)
    const suffix = userSuffix(USER)
    const spliced = awkward.map((entity) =>
      splicedEntity(entityMap(doc, entity._objectStore as ObjectStore), entity._id, suffix),
    )
    const tombstone = JSON.stringify({ _id: 'gone', _objectStore: 'marks', deleted: true })
    const page = pageJson([...(spliced as string[]), tombstone], 42, true)
    const entities = awkward.map((entity) => ({
      ...(JSON.parse(JSON.stringify(entity)) as StoredRecord),
      _user: USER,
    }))
    expect(page).toBe(
      JSON.stringify({
        entities: [...entities, { _id: 'gone', _objectStore: 'marks', deleted: true }],
        cursor: 42,
        hasMore: true,
      }),
    )
    expect(pageJson([], 0, false)).toBe(JSON.stringify({ entities: [], cursor: 0, hasMore: false }))
  })

  it('splices only canonical texts with the right _id and no _user of their own', () => {
    expect(isCanonicalEntityText('{"_id":"a","n":1}', 'a')).toBe(true)
    for (const text of [
      '{"_id": "a"}',
      '{"_id":"a","n":1.0}',
      '{"_id":"\\u0061"}',
      '{"_id":"a","_id":"a"}',
      '{"_id":"b"}',
      '{"_id":"a","_user":"someone else"}',
      '["_id","a"]',
      '"a"',
      '{"_id":"a"',
      'not json',
    ]) {
      expect(isCanonicalEntityText(text, 'a'), text).toBe(false)
    }
    const doc = new Y.Doc()
    const marks = entityMap(doc, ObjectStore.MARKS)
    marks.set('a', '{"_id": "a"}')
    marks.set('b', { _id: 'b' })
    expect(splicedEntity(marks, 'a', userSuffix(USER))).toBeUndefined()
    expect(splicedEntity(marks, 'b', userSuffix(USER))).toBeUndefined()
    expect(splicedEntity(marks, 'none', userSuffix(USER))).toBeUndefined()
    // Remembered as canonical (the relay's own writes) is taken on trust, checked is remembered.
    marks.set('c', '{"_id":"c"}')
    rememberCanonicalText(marks, 'c')
    expect(splicedEntity(marks, 'c', ',"_user":"u"}')).toBe('{"_id":"c","_user":"u"}')
    marks.set('c', '{"_id":"c","x":[]}')
    expect(splicedEntity(marks, 'c', ',"_user":"u"}')).toBe('{"_id":"c","x":[],"_user":"u"}')
  })

  it('answers pages that parse to what the entities were, with live values and deletions', async () => {
    const storage = openSqliteStorage(':memory:')
    await storage.createUser({ id: USER, email: 'a@example.com', passwordHash: 'x', createdAt: 0 })
    const docs = new UserDocs(storage)
    const library = new LibraryService(docs, storage)
    await library.upsert(USER, [...awkward, { ...awkward[1]!, _id: 'm2', _user: 'claimed' }])
    const live = await docs.open(USER, 'library')
    await live.transactDurably((doc) => {
      const marks = entityMap(doc, ObjectStore.MARKS)
      marks.set('m3', '{ "_id": "m3", "text": "spaced" }')
      marks.set('m4', 'not an entity')
      marks.delete('m1')
    }, 'live-client')
    const page = JSON.parse(await library.changesSince(USER, 0, 10)) as {
      entities: Record<string, unknown>[]
      cursor: number
      hasMore: boolean
    }
    expect(page.hasMore).toBe(false)
    expect(page.entities).toEqual([
      { ...(JSON.parse(JSON.stringify(awkward[0])) as StoredRecord), _user: USER },
      { ...awkward[1]!, _id: 'm2', _user: USER },
      { _id: 'm3', text: 'spaced', _user: USER },
      { _id: 'm4', _objectStore: 'marks', deleted: true },
      { _id: 'm1', _objectStore: 'marks', deleted: true },
    ])
    const rest = JSON.parse(await library.changesSince(USER, page.cursor, 10)) as unknown
    expect(rest).toEqual({ entities: [], cursor: page.cursor, hasMore: false })
    await docs.closeAll()
    await storage.close()
  })
})
