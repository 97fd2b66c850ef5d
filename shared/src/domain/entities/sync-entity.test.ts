import { describe, expect, it } from 'vitest'
import { createAiChat } from './ai-chat'
import { createBookmark } from './bookmark'
import { createDefaultChromeSettings } from './chrome-settings'
import { createMark } from './mark'
import { createPageContent } from './page-content'
import {
  MISSING_OBJECT_STORE_MESSAGE,
  SyncDeleteEntitySchema,
  SyncDeleteRequestBodySchema,
  SyncEntitySchema,
  SyncRequestBodySchema,
  toSyncDeleteEntity,
} from './sync-entity'

const NOW = 1_700_000_000_000
const entities = [
  createMark({ _id: 'm1', _bookmark: 'b1', url: 'https://example.com' }, NOW),
  createBookmark({ _id: 'b1', url: 'https://example.com' }, NOW),
  createDefaultChromeSettings('s1'),
  createPageContent({ _id: 'p1', url: 'https://example.com' }, NOW),
  createAiChat({ _id: 'c1', _referenceId: 'b1' }, NOW),
]

describe('SyncEntitySchema', () => {
  it('accepts an entity of each of the five kinds as created', () => {
    for (const entity of entities) {
      expect(SyncEntitySchema.parse(entity)).toEqual(entity)
    }
  })

  it('keeps unknown keys', () => {
    const parsed = SyncEntitySchema.parse({ ...entities[1], futureField: [1] })
    expect(parsed.futureField).toEqual([1])
  })

  it('requires a known _objectStore', () => {
    const { _objectStore: _store, ...bookmark } = createBookmark({ _id: 'b', url: 'u' }, NOW)
    expect(SyncEntitySchema.safeParse(bookmark).success).toBe(false)
    expect(SyncEntitySchema.safeParse({ ...bookmark, _objectStore: 'tags' }).success).toBe(false)
  })

  it('validates the entity against the schema of its kind', () => {
    // A bookmark sent as a mark lacks _bookmark.
    expect(SyncEntitySchema.safeParse({ ...entities[1], _objectStore: 'marks' }).success).toBe(
      false,
    )
    expect(SyncEntitySchema.safeParse({ ...entities[0], color: 1 }).success).toBe(false)
    expect(SyncEntitySchema.safeParse({ ...entities[1], _id: undefined }).success).toBe(false)
  })
})

describe('SyncRequestBodySchema', () => {
  it('takes a list of entities', () => {
    expect(SyncRequestBodySchema.parse({ entities }).entities).toHaveLength(5)
    expect(SyncRequestBodySchema.parse({ entities: [] }).entities).toEqual([])
  })

  it('rejects a body without an entity list', () => {
    expect(SyncRequestBodySchema.safeParse({}).success).toBe(false)
    expect(SyncRequestBodySchema.safeParse({ entities: entities[0] }).success).toBe(false)
    expect(SyncRequestBodySchema.safeParse([entities[0]]).success).toBe(false)
  })
})

describe('SyncDeleteEntitySchema', () => {
  it('keeps only _id and _objectStore', () => {
    expect(SyncDeleteEntitySchema.parse(entities[0])).toEqual({ _id: 'm1', _objectStore: 'marks' })
    expect(toSyncDeleteEntity(createBookmark({ _id: 'b1', url: 'u' }, NOW))).toEqual({
      _id: 'b1',
      _objectStore: 'bookmarks',
    })
  })

  it('takes the store from the caller when the entity has none', () => {
    expect(toSyncDeleteEntity({ _id: 'x' }, 'aichats')).toEqual({
      _id: 'x',
      _objectStore: 'aichats',
    })
    expect(() => toSyncDeleteEntity({ _id: 'x' })).toThrow(MISSING_OBJECT_STORE_MESSAGE)
  })

  it('rejects a missing id or an unknown store', () => {
    expect(SyncDeleteEntitySchema.safeParse({ _objectStore: 'marks' }).success).toBe(false)
    expect(SyncDeleteEntitySchema.safeParse({ _id: 'm1', _objectStore: 'notes' }).success).toBe(
      false,
    )
    expect(SyncDeleteEntitySchema.safeParse({ _id: 'm1' }).success).toBe(false)
  })

  it('validates DELETE bodies', () => {
    const body = {
      entities: entities.map((entity) => ({ _id: entity._id, _objectStore: entity._objectStore })),
    }
    expect(SyncDeleteRequestBodySchema.parse(body).entities).toHaveLength(5)
    expect(SyncDeleteRequestBodySchema.safeParse({ entities: [{ _id: 1 }] }).success).toBe(false)
  })
})
