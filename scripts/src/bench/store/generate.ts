// A seeded generator of a heavy user's library: bookmarks with titles, descriptions and tags, marks
// with text, notes, rich text, tags, anchors and some flashcard state, and page contents with
// 50 KB of HTML. Every entity is a pure function of (seed, kind, index), so the page can generate
// in batches without holding the library, and the same seed always gives the same library.
// Entities come out as the input of createOrUpdateEntities (plain objects with `_objectStore`);
// the store validates them with the real zod schemas.

const DAY_MS = 24 * 60 * 60 * 1000
/** Every generated time is before this moment: 2025-01-01 UTC. */
export const GENERATED_UNTIL = Date.UTC(2025, 0, 1)
const SPAN_MS = 3 * 365 * DAY_MS

/** mulberry32: a small, fast, seedable PRNG giving floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const KIND_SALT = { bookmark: 0x1b873593, mark: 0x5bd1e995, page: 0x27d4eb2f, write: 0x165667b1 }

/** The PRNG of one entity. */
function randomOf(seed: number, kind: keyof typeof KIND_SALT, index: number): () => number {
  return createRandom((seed ^ KIND_SALT[kind] ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0)
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ra',
  'to',
  'shi',
  'vel',
  'dor',
  'an',
  'ex',
  'qui',
  'bra',
  'sen',
  'tal',
  'mor',
  'pi',
  'ul',
  'zen',
  'co',
  'fra',
  'gi',
  'hem',
  'jo',
  'lus',
  'nor',
  'ost',
  'pre',
  'sta',
  'tri',
]

function buildVocabulary(size: number): string[] {
  const random = createRandom(0xc0ffee)
  const words = new Set<string>()
  while (words.size < size) {
    const length = 1 + Math.floor(random() * 3)
    let word = ''
    for (let part = 0; part < length; part += 1) {
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    }
    words.add(word)
  }
  return [...words]
}

const WORDS = buildVocabulary(2_000)
const TAGS = buildVocabulary(2_200).slice(2_000)
const SITES = buildVocabulary(2_800)
  .slice(2_200)
  .map(
    (word, index) =>
      `${word}${index % 3 === 0 ? '-news' : ''}.${['com', 'org', 'io', 'net'][index % 4]}`,
  )
const COLORS = ['#fdffb4', '#ffd6a5', '#caffbf', '#9bf6ff', '#bdb2ff', '#ffc6ff']

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

function words(random: () => number, min: number, max: number): string {
  const count = min + Math.floor(random() * (max - min + 1))
  const out: string[] = []
  for (let index = 0; index < count; index += 1) {
    out.push(pick(random, WORDS))
  }
  return out.join(' ')
}

function sentence(random: () => number, min: number, max: number): string {
  const text = words(random, min, max)
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

function tags(random: () => number, max: number): string[] {
  const count = Math.floor(random() * (max + 1))
  const chosen = new Set<string>()
  for (let index = 0; index < count; index += 1) {
    chosen.add(pick(random, TAGS))
  }
  return [...chosen]
}

/** A uuid-shaped id whose last group is the index, so ids are unique and stable per seed. */
function idOf(random: () => number, prefix: number, index: number): string {
  const hex = (digits: number) =>
    Math.floor(random() * 16 ** digits)
      .toString(16)
      .padStart(digits, '0')
  const tail = (prefix * 0x10000000 + index).toString(16).padStart(12, '0')
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${tail}`
}

/** The URL, site, title and id of bookmark `index` (cheap: marks and page contents need them). */
export function bookmarkIdentity(
  seed: number,
  index: number,
): { _id: string; url: string; origin: string; title: string } {
  const random = randomOf(seed, 'bookmark', index)
  const _id = idOf(random, 1, index)
  const origin = pick(random, SITES)
  const slug = words(random, 2, 5).replaceAll(' ', '-')
  const title = sentence(random, 4, 10).slice(0, -1)
  return { _id, url: `https://www.${origin}/articles/${slug}-${index}`, origin, title }
}

/** Bookmark `index` of the library of `seed`. */
export function generateBookmark(seed: number, index: number): Record<string, unknown> {
  const { _id, url, origin, title } = bookmarkIdentity(seed, index)
  const random = randomOf(seed ^ 0x55, 'bookmark', index)
  const description = sentence(random, 15, 40)
  const image = `https://www.${origin}/images/${index}.jpg`
  return {
    _objectStore: 'bookmarks',
    _id,
    url,
    origin,
    title,
    description,
    image,
    tags: tags(random, 4),
    isStarred: random() < 0.1,
    language: 'en',
    meta: { title, description, image, url, type: 'article' },
    createdAt: GENERATED_UNTIL - Math.floor(random() * SPAN_MS),
    openedAt: GENERATED_UNTIL - Math.floor(random() * 30 * DAY_MS),
  }
}

/** Share of the marks beyond one per bookmark that go to the heavily highlighted pages. */
const HEAVY_SHARE = 0.3
/** Share of the bookmarks that are heavily highlighted pages. */
const HEAVY_PAGES = 0.02

/**
 * The bookmark a mark hangs from, skewed like a real library: every bookmark gets one mark (when
 * there are enough), then 30% of the rest go to the first 2% of the bookmarks, so those carry
 * dozens of marks each (about 60 in the heavy library) and the others a handful.
 */
export function bookmarkIndexOfMark(markIndex: number, bookmarks: number): number {
  if (markIndex < bookmarks) {
    return markIndex
  }
  const random = createRandom(0xb00c ^ markIndex)
  const heavy = random() < HEAVY_SHARE
  const range = heavy ? Math.max(1, Math.floor(bookmarks * HEAVY_PAGES)) : bookmarks
  return Math.floor(random() * range)
}

/** Mark `index` of the library of `seed`, on bookmark `bookmarkIndexOfMark(index)`. */
export function generateMark(
  seed: number,
  index: number,
  bookmarks: number,
): Record<string, unknown> {
  const bookmark = bookmarkIdentity(seed, bookmarkIndexOfMark(index, bookmarks))
  const random = randomOf(seed, 'mark', index)
  const _id = idOf(random, 2, index)
  const text = sentence(random, 15, 60)
  const parentIndex = Math.floor(random() * 80)
  const textOffset = Math.floor(random() * 200)
  const mark: Record<string, unknown> = {
    _objectStore: 'marks',
    _id,
    _bookmark: bookmark._id,
    url: bookmark.url,
    origin: bookmark.origin,
    title: bookmark.title,
    text,
    color: pick(random, COLORS),
    tags: random() < 0.8 ? tags(random, 3) : [],
    highlightSource: {
      startMeta: { parentTagName: 'P', parentIndex, textOffset },
      endMeta: { parentTagName: 'P', parentIndex, textOffset: textOffset + text.length },
      text,
      id: `hs-${index}`,
    },
    domElementOffsetTop: Math.floor(random() * 20_000),
    domElementOffsetLeft: Math.floor(random() * 600),
    createdAt: GENERATED_UNTIL - Math.floor(random() * SPAN_MS),
  }
  if (random() < 0.6) {
    const notes = sentence(random, 8, 50)
    mark.notes = notes
    mark.richText = [
      { insert: notes.slice(0, 20), attributes: { bold: true } },
      { insert: `${notes.slice(20)}\n` },
    ]
  }
  if (random() < 0.2) {
    const reviews = 1 + Math.floor(random() * 6)
    const history = Array.from(
      { length: reviews },
      (_, review) => GENERATED_UNTIL - (reviews - review) * 3 * DAY_MS,
    )
    mark.learningItem = {
      easinessFactor: 1.3 + random() * 1.5,
      interval: 1 + Math.floor(random() * 30),
      repetitions: reviews,
      lastLearned: history[history.length - 1],
      nextReviewInMillis: GENERATED_UNTIL + Math.floor(random() * 30) * DAY_MS,
      lastLearnedHistory: history,
      disableLearning: false,
    }
  }
  return mark
}

/** The HTML of a saved page: an article of paragraphs, exactly `chars` characters long. */
export function generatePageHtml(random: () => number, title: string, chars: number): string {
  const parts = [`<article><h1>${title}</h1>`]
  let length = parts[0]!.length
  const closing = '</article>'
  while (length < chars - closing.length) {
    const paragraph = `<p>${sentence(random, 40, 120)}</p>`
    parts.push(paragraph)
    length += paragraph.length
  }
  return `${parts.join('').slice(0, chars - closing.length)}${closing}`
}

/** Page content `index` (the saved page of bookmark `index`), with `chars` characters of HTML. */
export function generatePageContent(
  seed: number,
  index: number,
  chars: number,
): Record<string, unknown> {
  const bookmark = bookmarkIdentity(seed, index)
  const random = randomOf(seed, 'page', index)
  return {
    _objectStore: 'pagecontents',
    _id: idOf(random, 3, index),
    url: bookmark.url,
    type: 'html',
    title: bookmark.title,
    description: sentence(random, 10, 25),
    content: generatePageHtml(random, bookmark.title, chars),
    createdAt: GENERATED_UNTIL - Math.floor(random() * SPAN_MS),
  }
}

/** The `count`-th extra mark the write benchmark adds, on an existing bookmark. */
export function generateNewMark(
  seed: number,
  count: number,
  bookmarks: number,
): Record<string, unknown> {
  const random = randomOf(seed, 'write', count)
  const mark = generateMark(seed ^ 0x7777, 1_000_000 + count, bookmarks)
  const bookmark = bookmarkIdentity(seed, Math.floor(random() * bookmarks))
  return {
    ...mark,
    _id: idOf(random, 4, count),
    _bookmark: bookmark._id,
    url: bookmark.url,
    origin: bookmark.origin,
    title: bookmark.title,
  }
}

/** A word that occurs in the generated texts, for search. */
export function searchWord(seed: number, index: number): string {
  return pick(createRandom(seed ^ index), WORDS)
}
