import { describe, expect, it } from 'vitest'
import {
  MAX_PREFIX_COMPLETIONS,
  createLibrarySearch,
  fuzzyDistance,
  type SearchableMark,
} from './library-search'

const mark = (id: string, fields: Partial<SearchableMark> = {}): SearchableMark => ({
  _id: id,
  _bookmark: 'page-1',
  ...fields,
})

describe('createLibrarySearch', () => {
  it('finds "couple\'s verdict" by "couple verdict" (the issue\'s example)', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: "The couple's verdict was unanimous." }))
    search.upsertMark(mark('m2', { text: 'A verdict without anyone.' }))
    const hits = search.search('couple verdict')
    expect(hits.map((hit) => hit.id)).toEqual(['m1'])
    expect(hits[0]?.terms).toEqual(expect.arrayContaining(['couple', 'verdict']))
    expect(search.search("couple's verdict").map((hit) => hit.id)).toEqual(['m1'])
    expect(search.search('couples').map((hit) => hit.id)).toEqual(['m1'])
  })

  it('ignores case and accents both ways', () => {
    const search = createLibrarySearch()
    search.upsertBookmark({ _id: 'b1', url: 'https://example.com/a', title: 'Café Society' })
    search.upsertBookmark({ _id: 'b2', url: 'https://example.com/b', title: 'NAIVE ART' })
    expect(search.search('cafe').map((hit) => hit.id)).toEqual(['b1'])
    expect(search.search('CAFÉ SOCIETY').map((hit) => hit.id)).toEqual(['b1'])
    expect(search.search('naïve').map((hit) => hit.id)).toEqual(['b2'])
  })

  it('finds "İstanbul" by "istanbul" (lowercased before the accents are folded)', () => {
    const search = createLibrarySearch()
    search.upsertBookmark({ _id: 'b1', url: 'https://example.com/a', title: 'İstanbul notes' })
    expect(search.search('istanbul').map((hit) => hit.id)).toEqual(['b1'])
  })

  it('keeps every score positive after many replacements of one highlight', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'tide pools at dawn' }))
    search.upsertMark(mark('m2', { text: 'notes' }))
    search.upsertMark(mark('m3', { text: 'other', notes: 'tide tables' }))
    // A note saved as it is typed replaces the highlight each time.
    for (let round = 0; round < 30; round += 1) {
      search.upsertMark(mark('m2', { text: `tide watch ${round}` }))
    }
    const hits = search.search('tide')
    expect(hits.map((hit) => hit.id).sort()).toEqual(['m1', 'm2', 'm3'])
    // Stale postings (until MiniSearch's vacuum runs) may skew a word's weight, never its sign.
    expect(hits.every((hit) => hit.score > 0)).toBe(true)
  })

  it('matches the last word as a prefix, the others as words', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'a verdict on the case' }))
    expect(search.search('verd').map((hit) => hit.id)).toEqual(['m1'])
    expect(search.search('case verd').map((hit) => hit.id)).toEqual(['m1'])
    // "ca" is not the last word, so it must be a whole word.
    expect(search.search('ca verdict')).toEqual([])
  })

  it('forgives typos only in words the library does not hold, when asked', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'bonds' }))
    search.upsertMark(mark('m2', { text: 'bands' }))
    expect(search.search('bonds').map((hit) => hit.id)).toEqual(['m1', 'm2'])
    expect(search.search('bonds', { typos: 'unknown' }).map((hit) => hit.id)).toEqual(['m1'])
    expect(
      search
        .search('bxnds', { typos: 'unknown' })
        .map((hit) => hit.id)
        .sort(),
    ).toEqual(['m1', 'm2'])
  })

  it("gives back what it indexed: pages, highlights and a page's live highlights", () => {
    const search = createLibrarySearch()
    const page = { _id: 'b1', url: 'https://example.com/a', title: 'A' }
    const first = mark('m1', { text: 'one' })
    const second = mark('m2', { text: 'two' })
    search.syncWith([page], [first, second])
    expect(search.indexedBookmark('b1')).toBe(page)
    expect(search.indexedMark('m2')).toBe(second)
    expect(search.indexedMarksOf('page-1')).toEqual([first, second])
    // Moved to another page, deleted, dropped from the lists: the lookups follow.
    const moved = { ...first, _bookmark: 'b1' }
    search.syncWith([page], [moved, second])
    expect(search.indexedMarksOf('page-1')).toEqual([second])
    expect(search.indexedMarksOf('b1')).toEqual([moved])
    search.upsertMark({ ...second, deletedAt: 5 })
    expect(search.indexedMark('m2')).toBeUndefined()
    expect(search.indexedMarksOf('page-1')).toEqual([])
    search.syncWith([], [])
    expect(search.indexedMarksOf('b1')).toEqual([])
    expect(search.indexedBookmark('b1')).toBeUndefined()
  })

  it('matches whole words only when asked not to complete the last one', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'a verdict on the case' }))
    expect(search.search('verd', { prefix: false })).toEqual([])
    expect(search.search('verdict', { prefix: false }).map((hit) => hit.id)).toEqual(['m1'])
  })

  it('forgives a typo in longer words only', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'an important argument' }))
    search.upsertMark(mark('m2', { text: 'the cat sat' }))
    expect(search.search('arguement important').map((hit) => hit.id)).toEqual(['m1'])
    expect(search.search('cot sat')).toEqual([])
    expect(fuzzyDistance('cat')).toBe(false)
    expect(fuzzyDistance('verdict')).toBe(1)
    expect(fuzzyDistance('unanimously')).toBe(2)
  })

  it('ranks titles and highlight text above notes and tags, and those above descriptions', () => {
    const search = createLibrarySearch()
    search.upsertBookmark({
      _id: 'in-description',
      url: 'https://a.example/',
      title: 'Something else',
      description: 'about gardens',
    })
    search.upsertMark(mark('in-note', { text: 'other words', notes: 'gardens' }))
    search.upsertMark(mark('in-tags', { text: 'more words', tags: ['gardens'] }))
    search.upsertMark(mark('in-text', { text: 'gardens' }))
    search.upsertBookmark({ _id: 'in-title', url: 'https://b.example/', title: 'Gardens' })
    const order = search.search('gardens').map((hit) => hit.id)
    expect(order.slice(0, 2).sort()).toEqual(['in-text', 'in-title'])
    expect(order.slice(2, 4).sort()).toEqual(['in-note', 'in-tags'])
    expect(order[4]).toBe('in-description')
  })

  it('finds pages by address and reports the fields that matched', () => {
    const search = createLibrarySearch()
    search.upsertBookmark({
      _id: 'b1',
      url: 'https://news.example.org/story',
      origin: 'news.example.org',
    })
    const [hit] = search.search('example')
    expect(hit).toMatchObject({ id: 'b1', kind: 'bookmark', bookmarkId: 'b1', fields: ['site'] })
  })

  it('filters by kind and bookmark and caps the hits', () => {
    const search = createLibrarySearch()
    search.upsertBookmark({ _id: 'page-1', url: 'https://a.example/', title: 'tea' })
    search.upsertMark(mark('m1', { text: 'tea leaves' }))
    search.upsertMark(mark('m2', { _bookmark: 'page-2', text: 'tea time' }))
    expect(search.search('tea', { kinds: ['mark'] }).map((hit) => hit.kind)).toEqual([
      'mark',
      'mark',
    ])
    expect(
      search
        .search('tea', { bookmarkId: 'page-1' })
        .map((hit) => hit.id)
        .sort(),
    ).toEqual(['m1', 'page-1'])
    expect(search.search('tea', { limit: 1 })).toHaveLength(1)
    expect(search.search('  ')).toEqual([])
  })

  it('updates one entity at a time: replaced, deleted and removed ones are no longer found', () => {
    const search = createLibrarySearch()
    search.upsertMark(mark('m1', { text: 'old words' }))
    search.upsertMark(mark('m2', { text: 'old news' }))
    search.upsertMark(mark('m1', { text: 'new words' }))
    expect(search.search('old').map((hit) => hit.id)).toEqual(['m2'])
    expect(search.search('new words').map((hit) => hit.id)).toEqual(['m1'])
    search.upsertMark(mark('m2', { text: 'old news', deletedAt: 5 }))
    expect(search.search('old')).toEqual([])
    search.remove('m1')
    search.remove('absent')
    expect(search.search('words')).toEqual([])
    expect(search.size).toBe(0)
  })

  it('keeps in step with the live lists, indexing only values it has not seen', () => {
    const search = createLibrarySearch()
    const first = mark('m1', { text: 'first' })
    const second = mark('m2', { text: 'second' })
    const page = { _id: 'page-1', url: 'https://a.example/', title: 'Page' }
    search.syncWith([page], [first, second])
    expect(search.size).toBe(3)
    const edited = { ...first, text: 'edited' }
    search.syncWith([page], [edited])
    expect(search.search('first')).toEqual([])
    expect(search.search('second')).toEqual([])
    expect(search.search('edited').map((hit) => hit.id)).toEqual(['m1'])
    expect(search.size).toBe(2)
  })

  it('finds a note kept only as rich text', () => {
    const search = createLibrarySearch()
    search.upsertMark(
      mark('m1', { text: 'x', richText: [{ insert: 'remember ' }, { insert: 'this' }] }),
    )
    expect(search.search('remember').map((hit) => hit.fields)).toEqual([['notes']])
  })

  it('completes a short prefix to its closest words only, and a longer one to the rest', () => {
    const search = createLibrarySearch()
    const words = Array.from({ length: 60 }, (_, i) => `pre${'x'.repeat(i)}end`)
    words.forEach((word, i) => search.upsertMark(mark(`m${i}`, { text: word })))
    const hits = search.search('pre')
    expect(hits).toHaveLength(MAX_PREFIX_COMPLETIONS)
    // The shortest completions are the ones kept.
    expect(hits.map((hit) => hit.id)).toContain('m0')
    expect(hits.map((hit) => hit.id)).not.toContain('m59')
    expect(search.search(`pre${'x'.repeat(59)}`).map((hit) => hit.id)).toEqual(['m59'])
  })
})
