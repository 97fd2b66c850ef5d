import { GRID_PAGINATION_STEP } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  filterEntities,
  groupEntities,
  listDashboardItems,
  loadedCount,
  paginate,
  sortEntities,
  withImageFlag,
  withMemoryLevels,
  type ListableEntity,
} from './dashboard-items'

const DAY = 86_400_000
// Friday 2024-03-15 12:00 UTC
const NOW = Date.UTC(2024, 2, 15, 12)
const clock = { now: NOW, timeZoneOffsetMinutes: 0 }

function entity(id: string, fields: Partial<ListableEntity & { tags: string[] }> = {}) {
  return { _id: id, url: `https://${id}.example.com/`, createdAt: NOW, tags: [], ...fields }
}

describe('filterEntities', () => {
  const a = entity('a', { tags: ['Research'], origin: 'a.com' })
  const b = entity('b', { tags: ['fun'], origin: 'b.com' })
  const image = entity('c', { mediaType: 'image', imageSrc: 'https://c.com/x.png' })

  it('keeps everything without filters', () => {
    expect(filterEntities([a, b], [])).toEqual([a, b])
  })

  it('matches tags case-insensitively, origins by site, and image marks', () => {
    expect(filterEntities([a, b], [{ key: 'tag', value: 'research' }])).toEqual([a])
    expect(filterEntities([a, b], [{ key: 'origin', value: 'https://www.b.com/page' }])).toEqual([
      b,
    ])
    expect(filterEntities([a, image], [{ key: 'isImage', value: 'true' }])).toEqual([image])
  })

  it('combines AND and OR filters', () => {
    const or = [
      { key: 'tag' as const, value: 'research', logical: 'OR' as const },
      { key: 'tag' as const, value: 'fun', logical: 'OR' as const },
    ]
    expect(filterEntities([a, b, image], or)).toEqual([a, b])
    const and = [
      { key: 'tag' as const, value: 'research', logical: 'AND' as const },
      { key: 'origin' as const, value: 'b.com', logical: 'AND' as const },
    ]
    expect(filterEntities([a, b], and)).toEqual([])
  })
})

describe('sortEntities', () => {
  it('sorts by the key, falling back on createdAt, with ties broken by id', () => {
    const old = entity('old', { createdAt: NOW - 3 * DAY })
    const opened = entity('opened', { createdAt: NOW - 5 * DAY, openedAt: NOW - DAY })
    const tie = entity('tie', { createdAt: NOW - 3 * DAY })
    expect(sortEntities([old, opened, tie], 'openedAt', 'desc').map((e) => e._id)).toEqual([
      'opened',
      'old',
      'tie',
    ])
    expect(sortEntities([old, opened, tie], 'createdAt', 'asc').map((e) => e._id)).toEqual([
      'opened',
      'old',
      'tie',
    ])
  })
})

describe('pagination', () => {
  it('loads 50 more items per page', () => {
    expect(loadedCount(1)).toBe(GRID_PAGINATION_STEP)
    expect(loadedCount(3)).toBe(150)
    expect(loadedCount(0)).toBe(50)
    const items = Array.from({ length: 120 }, (_, i) => i)
    expect(paginate(items, 1)).toEqual({ items: items.slice(0, 50), hasMore: true })
    expect(paginate(items, 3)).toEqual({ items, hasMore: false })
  })
})

describe('groupEntities', () => {
  it('groups by the spec date groups in sort order', () => {
    const items = [
      entity('today', { updatedAt: NOW - 1000 }),
      entity('yesterday', { updatedAt: NOW - DAY }),
      entity('week', { updatedAt: NOW - 3 * DAY }),
      entity('month', { updatedAt: NOW - 10 * DAY }),
      entity('february', { updatedAt: Date.UTC(2024, 1, 10) }),
      entity('last-year', { updatedAt: Date.UTC(2023, 10, 2) }),
    ]
    const groups = groupEntities(items, 'date', 'updatedAt', clock)
    expect(groups.map((group) => group.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'This month',
      'February',
      'November 2023',
    ])
  })

  it('reads the day in the given time zone', () => {
    // 23:30 UTC on the 14th is already the 15th at UTC+1.
    const late = entity('late', { updatedAt: Date.UTC(2024, 2, 14, 23, 30) })
    expect(groupEntities([late], 'date', 'updatedAt', clock)[0]?.label).toBe('Yesterday')
    expect(
      groupEntities([late], 'date', 'updatedAt', { now: NOW, timeZoneOffsetMinutes: 60 })[0]?.label,
    ).toBe('Today')
  })

  it('groups by website, largest first', () => {
    const items = [
      entity('1', { origin: 'b.com' }),
      entity('2', { url: 'https://www.a.com/x' }),
      entity('3', { origin: 'a.com' }),
    ]
    const groups = groupEntities(items, 'website', 'updatedAt', clock)
    expect(groups.map((group) => [group.label, group.items.map((e) => e._id)])).toEqual([
      ['a.com', ['2', '3']],
      ['b.com', ['1']],
    ])
  })

  it('gives one unlabelled group, or none, without grouping', () => {
    expect(groupEntities([entity('x')], 'none', 'updatedAt', clock)).toEqual([
      { label: '', items: [entity('x')] },
    ])
    expect(groupEntities([], 'none', 'updatedAt', clock)).toEqual([])
  })
})

describe('listDashboardItems', () => {
  it('filters, sorts, cuts and groups', () => {
    const items = Array.from({ length: 70 }, (_, i) =>
      entity(`e${String(i).padStart(2, '0')}`, { createdAt: NOW - i * 1000, tags: ['keep'] }),
    )
    const other = entity('other', { tags: ['drop'] })
    const result = listDashboardItems(
      [...items, other],
      {
        filters: [{ key: 'tag', value: 'keep' }],
        sortBy: 'createdAt',
        sortDirection: 'desc',
        groupBy: 'none',
        page: 1,
      },
      clock,
    )
    expect(result.total).toBe(70)
    expect(result.shown).toBe(50)
    expect(result.hasMore).toBe(true)
    expect(result.groups[0]?.items[0]?._id).toBe('e00')
  })
})

describe('withImageFlag', () => {
  it('makes a bookmark with an image highlight pass the isImage filter', () => {
    const bookmark = entity('page')
    const image = { mediaType: 'image', imageSrc: 'https://a.com/i.png' }
    const flagged = withImageFlag(bookmark, [{ mediaType: 'blockquote' }, image])
    expect(filterEntities([flagged], [{ key: 'isImage', value: 'true' }])).toEqual([flagged])
    expect(withImageFlag(bookmark, [{ mediaType: 'blockquote' }])).toBe(bookmark)
  })
})

describe('withMemoryLevels', () => {
  it("makes a page pass the memoryLevel filter of any of its highlights' levels", () => {
    const bookmark = entity('page')
    const learned = {
      learningItem: {
        easinessFactor: 2.6,
        interval: 3,
        repetitions: 1,
        lastLearned: 1,
        nextReviewInMillis: 2,
        lastLearnedHistory: [1],
      },
    }
    const flagged = withMemoryLevels(bookmark, [{}, learned])
    expect(flagged.memoryLevels).toEqual(['NOT_YET_LEARNED', 'NEW_KNOWLEDGE'])
    expect(filterEntities([flagged], [{ key: 'memoryLevel', value: 'NEW_KNOWLEDGE' }])).toEqual([
      flagged,
    ])
    expect(filterEntities([flagged], [{ key: 'memoryLevel', value: 'DISCARDED' }])).toEqual([])
    expect(
      filterEntities(
        [withMemoryLevels(bookmark, [])],
        [{ key: 'memoryLevel', value: 'NOT_YET_LEARNED' }],
      ),
    ).toEqual([])
  })
})
