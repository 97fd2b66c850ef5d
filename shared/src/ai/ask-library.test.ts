import { afterEach, describe, expect, it } from 'vitest'
import { estimateTokens } from '../domain/tokens'
import { createLibrarySearch } from '../search/library-search'
import { createSeededRandom } from '../testing/seeded-random'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asMark } from '../testing/stored-fixtures'
import {
  ASK_LIBRARY_INSTRUCTIONS,
  buildAskLibraryPrompt,
  citationSegments,
  questionTerms,
  retrieveLibraryPassages,
  storePassageLookup,
  type LibraryPassage,
  type PassageBookmark,
  type PassageMark,
} from './ask-library'

const FILLER = `river stone window paper garden table yellow morning silver engine bridge letter
  quiet market island pencil candle winter summer basket mirror forest ladder wagon castle`.split(
  /\s+/,
)
const TOPICS = {
  sleep: ['sleep', 'dreams', 'melatonin', 'insomnia'],
  finance: ['inflation', 'interest', 'bonds', 'savings'],
  cooking: ['sourdough', 'fermentation', 'flour', 'oven'],
} as const

/** A seeded library: 60 pages, each on one topic, with highlights mixing filler and topic words. */
function generatedLibrary(seed = 7) {
  const random = createSeededRandom(seed)
  const pick = <T>(list: readonly T[]) => list[random.int(0, list.length - 1)]!
  const bookmarks: PassageBookmark[] = []
  const marks: PassageMark[] = []
  const topics = Object.keys(TOPICS) as (keyof typeof TOPICS)[]
  for (let page = 0; page < 60; page += 1) {
    const topic = topics[page % topics.length]!
    bookmarks.push({
      _id: `page-${page}`,
      url: `https://example.com/${topic}/${page}`,
      title: `${pick(FILLER)} ${pick(FILLER)} notes ${page}`,
    })
    for (let i = 0; i < 5; i += 1) {
      const words = Array.from({ length: 12 }, () =>
        random.chance(0.25) ? pick(TOPICS[topic]) : pick(FILLER),
      )
      marks.push({
        _id: `mark-${page}-${i}`,
        _bookmark: `page-${page}`,
        text: words.join(' '),
        ...(random.chance(0.3) ? { notes: `${pick(FILLER)} ${pick(TOPICS[topic])}` } : {}),
      })
    }
  }
  return { bookmarks, marks }
}

function indexed(library: { bookmarks: PassageBookmark[]; marks: PassageMark[] }) {
  const search = createLibrarySearch()
  search.syncWith(library.bookmarks, library.marks)
  return search
}

describe('questionTerms', () => {
  it('drops the words that say how a question is asked', () => {
    expect(questionTerms('What did I highlight about melatonin and dreams?')).toEqual([
      'melatonin',
      'dreams',
    ])
    expect(questionTerms('What do my notes say?')).toEqual([])
  })
})

describe('retrieveLibraryPassages', () => {
  it("finds the question's topic and only it, best matches first", () => {
    const library = generatedLibrary()
    const passages = retrieveLibraryPassages({
      search: indexed(library),
      ...library,
      question: 'What have I read about melatonin and insomnia?',
    })
    expect(passages.length).toBeGreaterThan(3)
    for (const passage of passages) {
      expect(passage.url).toContain('/sleep/')
      expect(`${passage.text} ${passage.note}`).toMatch(/melatonin|insomnia/)
    }
    const both = (passage: LibraryPassage) =>
      /melatonin/.test(`${passage.text} ${passage.note}`) &&
      /insomnia/.test(`${passage.text} ${passage.note}`)
    // Passages holding both words come before those holding one.
    const firstSingle = passages.findIndex((passage) => !both(passage))
    if (firstSingle !== -1) {
      expect(passages.slice(firstSingle).some(both)).toBe(false)
    }
    expect(passages.map((passage) => passage.number)).toEqual(passages.map((_, i) => i + 1))
  })

  it('fits the token budget and de-duplicates the same highlight text', () => {
    const library = generatedLibrary()
    const copy = { ...library.marks.find((mark) => mark.text?.includes('sourdough'))! }
    library.marks.push({ ...copy, _id: 'mark-copy' })
    const search = indexed(library)
    const passages = retrieveLibraryPassages({
      search,
      ...library,
      question: 'sourdough fermentation flour',
      maxTokens: 300,
    })
    const cost = passages.reduce(
      (sum, passage) => sum + estimateTokens(`${passage.title} ${passage.text} ${passage.note}`),
      0,
    )
    expect(cost).toBeLessThanOrEqual(300)
    const wide = retrieveLibraryPassages({ search, ...library, question: 'sourdough' })
    const texts = wide.map((passage) => `${passage.text}|${passage.note}`)
    expect(new Set(texts).size).toBe(texts.length)
  })

  it("brings a matching page's best highlights, noted ones first", () => {
    const bookmarks: PassageBookmark[] = [
      { _id: 'p1', url: 'https://example.com/a', title: 'Stoicism for beginners' },
    ]
    const marks: PassageMark[] = [
      { _id: 'm1', _bookmark: 'p1', text: 'Control what you can.' },
      { _id: 'm2', _bookmark: 'p1', text: 'Memento mori.', notes: 'remember daily' },
      { _id: 'm3', _bookmark: 'p1', text: 'Amor fati.' },
      { _id: 'm4', _bookmark: 'p1', text: 'The obstacle is the way.' },
    ]
    const passages = retrieveLibraryPassages({
      search: indexed({ bookmarks, marks }),
      bookmarks,
      marks,
      question: 'What did I learn about stoicism?',
    })
    expect(passages.map((passage) => passage.markId)).toEqual(['m2', 'm1', 'm3'])
    expect(passages[0]).toEqual({
      number: 1,
      markId: 'm2',
      bookmarkId: 'p1',
      title: 'Stoicism for beginners',
      url: 'https://example.com/a',
      text: 'Memento mori.',
      note: 'remember daily',
    })
  })

  it('finds nothing for a question with no matching highlight, or no words', () => {
    const library = generatedLibrary()
    const search = indexed(library)
    expect(
      retrieveLibraryPassages({ search, ...library, question: 'quantum chromodynamics' }),
    ).toEqual([])
    expect(retrieveLibraryPassages({ search, ...library, question: 'What is it?' })).toEqual([])
  })

  it('leaves out deleted highlights and pages', () => {
    const bookmarks: PassageBookmark[] = [
      { _id: 'p1', url: 'https://example.com/1', title: 'One' },
      { _id: 'p2', url: 'https://example.com/2', title: 'Two', deletedAt: 5 },
    ]
    const marks: PassageMark[] = [
      { _id: 'm1', _bookmark: 'p1', text: 'gardening tips', deletedAt: 5 },
      { _id: 'm2', _bookmark: 'p2', text: 'gardening again' },
      { _id: 'm3', _bookmark: 'p1', text: 'gardening kept' },
    ]
    const search = createLibrarySearch()
    for (const mark of marks) {
      search.upsertMark({ ...mark, deletedAt: undefined })
    }
    const passages = retrieveLibraryPassages({ search, bookmarks, marks, question: 'gardening' })
    expect(passages.map((passage) => passage.markId)).toEqual(['m3'])
  })
})

describe('retrieveLibraryPassages on a local store', () => {
  const { harness, closeAll } = trackTestStores()
  afterEach(closeAll)

  it("reads the store's own indexes, the search index's values and the lists alike", async () => {
    const { store } = await harness()
    const library = generatedLibrary(11)
    await store.createOrUpdateEntities(
      library.bookmarks.map((bookmark) => asBookmark({ ...bookmark })),
    )
    await store.createOrUpdateEntities(
      library.marks.map(({ _id, _bookmark, text, notes }) =>
        asMark({ _id, _bookmark, text: text ?? '', ...(notes === undefined ? {} : { notes }) }),
      ),
    )
    const search = createLibrarySearch()
    search.syncWith(store.getAllBookmarks(), store.getAllMarks())
    const question = 'What about sourdough and oven?'
    const fromStore = retrieveLibraryPassages({
      search,
      lookup: storePassageLookup(store),
      question,
    })
    const fromLists = retrieveLibraryPassages({
      search,
      marks: store.getAllMarks(),
      bookmarks: store.getAllBookmarks(),
      question,
    })
    const fromIndex = retrieveLibraryPassages({ search, question })
    expect(fromStore.length).toBeGreaterThan(0)
    expect(fromStore).toEqual(fromLists)
    expect(fromIndex).toEqual(fromLists)
  })
})

describe('buildAskLibraryPrompt', () => {
  it('numbers the passages with their page titles and asks for answers only from them', () => {
    const passages: LibraryPassage[] = [
      {
        number: 4,
        markId: 'm1',
        bookmarkId: 'p1',
        title: 'Sleep',
        url: 'https://example.com/sleep',
        text: 'Melatonin rises at night.',
        note: 'take it early',
      },
      {
        number: 9,
        markId: 'm2',
        bookmarkId: 'p2',
        title: 'Dreams',
        url: 'https://example.com/dreams',
        text: 'REM sleep and dreams.',
        note: '',
      },
    ]
    const built = buildAskLibraryPrompt('  Why melatonin? ', passages)
    expect(built.passages.map((passage) => passage.number)).toEqual([1, 2])
    expect(built.prompt[1]).toEqual({ role: 'user', content: 'Why melatonin?' })
    const system = built.prompt[0]!
    expect(system.role).toBe('system')
    expect(system.content.startsWith(ASK_LIBRARY_INSTRUCTIONS)).toBe(true)
    expect(system.content).toContain(
      '[1] From "Sleep"\nHighlight: Melatonin rises at night.\nThe reader\'s note: take it early',
    )
    expect(system.content).toContain('[2] From "Dreams"\nHighlight: REM sleep and dreams.')
    expect(ASK_LIBRARY_INSTRUCTIONS).toMatch(/only these passages/)
  })
})

describe('citationSegments', () => {
  const passage = (number: number, markId: string): LibraryPassage => ({
    number,
    markId,
    bookmarkId: 'page 1',
    title: 'T',
    url: 'https://example.com',
    text: 'x',
    note: '',
  })
  const passages = [passage(1, 'm1'), passage(2, 'm2')]

  it('links each known number to its highlight; unknown numbers stay text', () => {
    const segments = citationSegments(
      'Melatonin [1]. Dreams [1, 2] and [7]. Also [2][9].',
      passages,
    )
    expect(
      segments.map((segment) => (segment.kind === 'text' ? segment.text : `<${segment.href}>`)),
    ).toEqual([
      'Melatonin ',
      '</page/page%201#mark-m1>',
      '. Dreams ',
      '</page/page%201#mark-m1>',
      '</page/page%201#mark-m2>',
      ' and [7]. Also ',
      '</page/page%201#mark-m2>',
      '[9].',
    ])
    expect(segments[1]).toMatchObject({ kind: 'citation', number: 1, passage: passages[0] })
  })

  it('gives one text segment for an answer without citations', () => {
    expect(citationSegments('No citations here.', passages)).toEqual([
      { kind: 'text', text: 'No citations here.' },
    ])
    expect(citationSegments('', passages)).toEqual([])
  })
})
