import { describe, expect, it } from 'vitest'
import {
  TAG_COUNT_BONUS_MAX,
  TAG_COUNT_BONUS_MODULUS,
  TAG_COUNT_BONUS_THRESHOLD,
  TAG_SCORE_CONTAINS,
  TAG_SCORE_EXACT,
  TAG_SCORE_FUZZY_BASE,
  TAG_SCORE_PREFIX,
  TAG_STRIPPED_CHARACTERS,
  cleanTag,
  editDistance,
  scoreTagSuggestion,
  suggestTags,
  tagCountBonus,
  tagMatchScore,
  toMarkdownTag,
  topTagSuggestions,
  moveSuggestionIndex,
  hasTag,
  withAddedTag,
  TAG_SUGGESTION_LIMIT,
} from './tags'
import type { TagWithCount } from './tags'

describe('constants', () => {
  it('uses the spec scores', () => {
    expect(TAG_SCORE_EXACT).toBe(100)
    expect(TAG_SCORE_PREFIX).toBe(90)
    expect(TAG_SCORE_CONTAINS).toBe(70)
    expect(TAG_SCORE_FUZZY_BASE).toBe(50)
    expect(TAG_COUNT_BONUS_THRESHOLD).toBe(5)
    expect(TAG_COUNT_BONUS_MAX).toBe(5)
    expect(TAG_COUNT_BONUS_MODULUS).toBe(5)
  })
})

describe('cleanTag', () => {
  it('strips every character the spec lists', () => {
    expect(TAG_STRIPPED_CHARACTERS.join('')).toBe('&/\\#,+()$~%.\'":*?<>{}')
    expect(cleanTag('a b&/\\#,+()$~%.\'":*?<>{}c')).toBe('abc')
  })

  it.each([
    ['#reading', 'reading'],
    ['C++', 'C'],
    ['node.js', 'nodejs'],
    ['to do', 'todo'],
    ['  spaced  out  ', 'spacedout'],
    ['tab\there\nnewline', 'tabherenewline'],
    ['no\u00a0break\u3000ideographic', 'nobreakideographic'],
    ['50%/year', '50year'],
    ['{draft}', 'draft'],
  ])('%j -> %j', (input, expected) => {
    expect(cleanTag(input)).toBe(expected)
  })

  it('keeps hyphens, underscores, case and non-Latin letters', () => {
    expect(cleanTag('Machine-Learning_101')).toBe('Machine-Learning_101')
    expect(cleanTag('学习 笔记')).toBe('学习笔记')
    expect(cleanTag('قراءة')).toBe('قراءة')
    expect(cleanTag('📚books')).toBe('📚books')
  })

  it('can clean a tag down to nothing', () => {
    expect(cleanTag(' #?! ')).toBe('!')
    expect(cleanTag(' # . ')).toBe('')
  })
})

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['react', 'react', 0],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['raect', 'react', 2],
    ['📚', '📖', 1],
    ['学习', '学', 1],
  ])('editDistance(%j, %j) = %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
    expect(editDistance(b, a)).toBe(distance)
  })
})

describe('tagMatchScore', () => {
  it('scores exact, prefix and contains matches case-insensitively', () => {
    expect(tagMatchScore('react', 'React')).toBe(100)
    expect(tagMatchScore('REA', 'react')).toBe(90)
    expect(tagMatchScore('act', 'REACT')).toBe(70)
  })

  it('prefers exact over prefix over contains', () => {
    expect(tagMatchScore('a', 'a')).toBe(100)
    expect(tagMatchScore('a', 'ab')).toBe(90)
    expect(tagMatchScore('a', 'ba')).toBe(70)
  })

  it('scores other tags 50 minus the edit distance, never below 0', () => {
    expect(tagMatchScore('raect', 'react')).toBe(48)
    expect(tagMatchScore('kitten', 'sitting')).toBe(47)
    expect(tagMatchScore('x'.repeat(50), 'react')).toBe(0)
    expect(tagMatchScore('x'.repeat(60), 'react')).toBe(0)
  })

  it('ignores surrounding whitespace of the input', () => {
    expect(tagMatchScore('  react ', 'react')).toBe(100)
  })

  it('treats an empty input as a prefix of every tag', () => {
    expect(tagMatchScore('', 'react')).toBe(90)
  })
})

describe('tagCountBonus', () => {
  it.each([
    [0, 0],
    [1, 1],
    [4, 4],
    [5, 5],
    [6, 5],
    [120, 5],
    [2.7, 2],
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('count %d gives %d', (count, bonus) => {
    expect(tagCountBonus(count)).toBe(bonus)
  })
})

describe('scoreTagSuggestion', () => {
  it('adds the count bonus to the match score', () => {
    expect(scoreTagSuggestion('react', { name: 'React', count: 7 })).toBe(105)
    expect(scoreTagSuggestion('rea', { name: 'React', count: 7 })).toBe(95)
    expect(scoreTagSuggestion('act', { name: 'react', count: 3 })).toBe(73)
    expect(scoreTagSuggestion('raect', { name: 'react', count: 5 })).toBe(53)
    expect(scoreTagSuggestion('x'.repeat(60), { name: 'react', count: 2 })).toBe(2)
  })
})

describe('suggestTags', () => {
  const tags: TagWithCount[] = [
    { name: 'React', count: 7 },
    { name: 'redux', count: 2 },
    { name: 'reading', count: 12 },
    { name: 'Research', count: 1 },
    { name: 'art', count: 3 },
  ]

  it('ranks by score, then by count', () => {
    expect(suggestTags('re', tags, [])).toEqual(['reading', 'React', 'redux', 'Research', 'art'])
  })

  it('excludes tags the item already has, case-insensitively', () => {
    expect(suggestTags('re', tags, ['REDUX', ' react '])).toEqual(['reading', 'Research', 'art'])
  })

  it('puts an exact match first even when it is rarely used', () => {
    expect(suggestTags('research', tags, [])[0]).toBe('Research')
  })

  it('breaks full ties by name, case-insensitively', () => {
    const tied = [
      { name: 'beta', count: 1 },
      { name: 'Alpha', count: 1 },
      { name: 'gamma', count: 1 },
    ]
    expect(suggestTags('zzzzz', tied, [])).toEqual(['Alpha', 'beta', 'gamma'])
  })

  it('breaks score ties by count, not only the capped bonus', () => {
    const capped = [
      { name: 'notes', count: 6 },
      { name: 'novel', count: 40 },
    ]
    expect(suggestTags('no', capped, [])).toEqual(['novel', 'notes'])
  })

  it('treats a non-finite count as 0 when breaking ties', () => {
    const odd = [
      { name: 'b', count: Number.NaN },
      { name: 'a', count: Number.NaN },
      { name: 'c', count: 0 },
    ]
    expect(suggestTags('', odd, [])).toEqual(['a', 'b', 'c'])
  })

  it('orders everything by popularity for an empty input', () => {
    expect(suggestTags('', tags, [])).toEqual(['reading', 'React', 'art', 'redux', 'Research'])
  })

  it('merges spellings of the same tag, keeping the most used one', () => {
    const duplicated = [
      { name: 'React', count: 2 },
      { name: 'react', count: 9 },
      { name: 'REACT', count: 1 },
    ]
    expect(suggestTags('re', duplicated, [])).toEqual(['react'])
  })

  it('skips empty tag names and returns nothing for no tags', () => {
    expect(suggestTags('a', [{ name: '  ', count: 9 }], [])).toEqual([])
    expect(suggestTags('a', [], [])).toEqual([])
  })
})

describe('toMarkdownTag', () => {
  it.each([
    ['machine learning', 'machine-learning'],
    ['  to   read ', 'to-read'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['single', 'single'],
    ['学习 笔记', '学习-笔记'],
  ])('%j -> %j', (input, expected) => {
    expect(toMarkdownTag(input)).toBe(expected)
  })

  it('returns the tag text without a leading #', () => {
    expect(toMarkdownTag('reading list').startsWith('#')).toBe(false)
  })
})

describe('the spec numbers, end to end', () => {
  // Spec section 5: exact 100, prefix 90, contains 70, else 50 minus edit distance (min 0),
  // plus 5 if count >= 5 else count mod 5.
  const library: TagWithCount[] = [
    { name: 'design', count: 4 }, // exact: 100 + 4 = 104
    { name: 'designer', count: 9 }, // prefix: 90 + 5 = 95
    { name: 'webdesign', count: 5 }, // contains: 70 + 5 = 75
    { name: 'deign', count: 3 }, // fuzzy: 50 - 1 + 3 = 52
    { name: 'sign', count: 10 }, // fuzzy: 50 - 2 + 5 = 53
    { name: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', count: 2 }, // 0 + 2
  ]

  it('scores each kind of match with the spec numbers', () => {
    expect(library.map((tag) => scoreTagSuggestion('design', tag))).toEqual([
      104, 95, 75, 52, 53, 2,
    ])
  })

  it("orders by those scores and leaves out the item's own tags, whatever their case", () => {
    expect(suggestTags('design', library, [])).toEqual([
      'design',
      'designer',
      'webdesign',
      'sign',
      'deign',
      library[5]!.name,
    ])
    expect(suggestTags('design', library, ['DESIGN', 'WebDesign'])).toEqual([
      'designer',
      'sign',
      'deign',
      library[5]!.name,
    ])
  })
})

describe('topTagSuggestions', () => {
  const many = Array.from({ length: 15 }, (_, i) => ({ name: `tag${i}`, count: i }))

  it('gives at most the limit, best first', () => {
    expect(TAG_SUGGESTION_LIMIT).toBe(10)
    const top = topTagSuggestions('tag', many, [])
    expect(top).toHaveLength(10)
    expect(top[0]).toBe('tag14')
    expect(topTagSuggestions('tag', many, [], 2)).toEqual(['tag14', 'tag13'])
  })

  it('gives nothing for an empty or blank input', () => {
    expect(topTagSuggestions('', many, [])).toEqual([])
    expect(topTagSuggestions('   ', many, [])).toEqual([])
  })

  it("excludes the item's tags case-insensitively", () => {
    expect(topTagSuggestions('tag1', many, ['TAG1', 'Tag14'])).not.toContain('tag1')
    expect(topTagSuggestions('tag1', many, ['TAG1', 'Tag14'])).not.toContain('tag14')
  })
})

describe('moveSuggestionIndex', () => {
  it.each([
    [-1, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', 0],
    [-1, 3, 'ArrowUp', 2],
    [0, 3, 'ArrowUp', 2],
    [2, 3, 'ArrowUp', 1],
    [1, 3, 'Home', 0],
    [1, 3, 'End', 2],
    [1, 3, 'a', 1],
    [5, 3, 'a', 2],
    [0, 0, 'ArrowDown', -1],
    [-1, 0, 'ArrowUp', -1],
  ])('from %i of %i, %s gives %i', (active, count, key, next) => {
    expect(moveSuggestionIndex(active, count, key)).toBe(next)
  })
})

describe('withAddedTag', () => {
  it('adds the cleaned tag once, compared case-insensitively', () => {
    expect(withAddedTag(['a'], ' #to read ')).toEqual(['a', 'toread'])
    expect(withAddedTag(['Reading'], 'reading')).toEqual(['Reading'])
    expect(withAddedTag(['a'], ' #. ')).toEqual(['a'])
    expect(hasTag(['Reading'], ' READING ')).toBe(true)
    expect(hasTag(['Reading'], 'read')).toBe(false)
  })
})
