// A seeded library for the search benchmark: pages and highlights written in English-like text
// (common words, a long tail of rarer ones drawn with a Zipf-like skew, some accented words and
// possessives), so that prefixes hit as many words as they would in a real library. The same
// seed always gives the same library, and the queries are phrases taken from it.
import { createRandom } from '../store/generate'

/** Words people write often, most common first. */
const COMMON = `the of and to in is that it for as with was on be by this are or from at an not
have which but they his her one all their has were will more can about when what there been
would who so if no out up them some into time only its other new than then also these people
two first could may like way most made over such even after many years where much good because
through should world each those work life well still last make day while great own right being
government since long under same state might public between must part every both three house
however small never again war place around another among school power system things family end
high against old number group country without during money children later often least life
history story water story reading memory writing language market science music theory design
city night light couple verdict research question problem idea book author page chapter note
argument evidence method result study team product software model data learning attention
habit focus garden health sleep energy climate ocean forest river mountain journey letter
friend meeting decision strategy process practice culture economy policy value trust risk`
  .split(/\s+/)
  .filter((word) => word !== '')

/** Words with accents and apostrophes, as real text has them. */
const SPECIAL = [
  'café',
  'naïve',
  'résumé',
  'über',
  'façade',
  'déjà',
  'coöperate',
  'Zürich',
  'São',
  'Müller',
  "couple's",
  "author's",
  "people's",
  "don't",
  "it's",
  'world’s',
  "children's",
  "reader's",
]

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
  'ven',
  'wil',
  'yar',
  'ble',
  'cra',
  'dri',
  'ell',
  'fin',
  'gor',
  'hal',
  'ism',
  'tion',
]

/** The rarer words: 20,000 made of two to four syllables. */
function rareWords(random: () => number): string[] {
  const words = new Set<string>()
  while (words.size < 20_000) {
    const length = 2 + Math.floor(random() * 3)
    let word = ''
    for (let i = 0; i < length; i += 1) {
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    }
    words.add(word)
  }
  return [...words]
}

export interface BenchBookmark {
  _id: string
  url: string
  origin: string
  title: string
  description?: string
  tags: string[]
}

export interface BenchMark {
  _id: string
  _bookmark: string
  text: string
  notes?: string
  tags: string[]
}

export interface BenchLibrary {
  bookmarks: BenchBookmark[]
  marks: BenchMark[]
}

/** A library of `pages` pages and `marks` highlights spread over them, from `seed`. */
export function generateLibrary(seed: number, pages: number, marks: number): BenchLibrary {
  const random = createRandom(seed)
  const rare = rareWords(random)
  // Zipf-like: a common word half the time, else a rare word skewed towards the start of the list.
  const word = () => {
    const roll = random()
    if (roll < 0.02) {
      return SPECIAL[Math.floor(random() * SPECIAL.length)]!
    }
    if (roll < 0.55) {
      return COMMON[Math.floor(random() ** 2 * COMMON.length)]!
    }
    return rare[Math.floor(random() ** 2 * rare.length)]!
  }
  const words = (min: number, max: number) => {
    const count = min + Math.floor(random() * (max - min + 1))
    return Array.from({ length: count }, word).join(' ')
  }
  const sentence = (min: number, max: number) => {
    const text = words(min, max)
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
  }
  const tags = () =>
    Array.from({ length: Math.floor(random() * 3) }, () => rare[Math.floor(random() * 300)]!)
  const sites = Array.from({ length: 400 }, (_, i) => `${rare[i * 7]!}.example.com`)
  const bookmarks: BenchBookmark[] = Array.from({ length: pages }, (_, i) => {
    const origin = sites[Math.floor(random() ** 2 * sites.length)]!
    return {
      _id: `page-${i}`,
      url: `https://${origin}/${rare[Math.floor(random() * rare.length)]!}-${i}`,
      origin,
      title: sentence(3, 9).slice(0, -1),
      description: random() < 0.7 ? sentence(10, 30) : undefined,
      tags: tags(),
    }
  })
  const markList: BenchMark[] = Array.from({ length: marks }, (_, i) => ({
    _id: `mark-${i}`,
    // Skewed: a few pages carry many highlights, most a handful.
    _bookmark: `page-${Math.floor(random() ** 2 * pages)}`,
    text: Array.from({ length: 1 + Math.floor(random() * 3) }, () => sentence(6, 18)).join(' '),
    notes: random() < 0.4 ? sentence(4, 20) : undefined,
    tags: tags(),
  }))
  return { bookmarks, marks: markList }
}

/**
 * What people type: short phrases from the library (two or three words of a highlight or a title,
 * lowercased, sometimes without the apostrophe or accent), plus a few single words.
 */
export function generateQueries(library: BenchLibrary, seed: number, count: number): string[] {
  const random = createRandom(seed)
  const queries: string[] = ['couple verdict', 'cafe', 'memory', 'th']
  while (queries.length < count) {
    const useTitle = random() < 0.3
    const source = useTitle
      ? library.bookmarks[Math.floor(random() * library.bookmarks.length)]!.title
      : library.marks[Math.floor(random() * library.marks.length)]!.text
    const sourceWords = source.toLowerCase().replace(/[.,]/g, '').split(' ')
    const length = 1 + Math.floor(random() * 3)
    const start = Math.floor(random() * Math.max(1, sourceWords.length - length))
    let query = sourceWords.slice(start, start + length).join(' ')
    if (random() < 0.3) {
      query = query.normalize('NFD').replace(/\p{M}/gu, '').replace(/'/g, '')
    }
    queries.push(query)
  }
  return queries
}
