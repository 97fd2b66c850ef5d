import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../testing/seeded-random'
import { matchIgnoringWhitespace, matchQuote, matchQuoteSteps } from './match-quote'
import { MIN_ANCHOR_SCORE, scoreCandidate, textSimilarity } from './quote-score'

const TEXT =
  'The quick brown fox jumps over the lazy dog. Yes. A second sentence follows here. ' +
  'Yes. The quick brown fox jumps again, over a sleepy cat, and the story ends.'

describe('matchQuote', () => {
  it('finds the quote at its stored position', () => {
    const start = TEXT.indexOf('second sentence')
    expect(matchQuote(TEXT, 'second sentence', { hints: [start] })).toMatchObject({
      start,
      end: start + 15,
      method: 'exact-near-position',
      score: 1,
    })
  })

  it('takes the occurrence whose context agrees, then the one nearest the position', () => {
    const second = TEXT.lastIndexOf('Yes.')
    const byContext = matchQuote(TEXT, 'Yes.', { prefix: 'follows here. ', suffix: ' The quick' })
    expect(byContext).toMatchObject({ start: second, method: 'exact', score: 1 })
    const byPosition = matchQuote(TEXT, 'The quick brown fox jumps', { hints: [80] })
    expect(byPosition?.start).toBe(TEXT.lastIndexOf('The quick brown fox jumps'))
  })

  it('accepts the stored position when only whitespace differs', () => {
    const text = 'Intro.\n\n  A  wrapped\n   line of text. Outro.'
    const match = matchQuote(text, 'A wrapped line of text.', { hints: [10] })
    expect(match).toMatchObject({ method: 'position', start: 10 })
    expect(text.slice(match!.start, match!.end)).toBe('A  wrapped\n   line of text.')
  })

  it('finds an edited quote approximately', () => {
    const quote = 'A second sentence follows here'
    const edited = TEXT.replace('second', 'further')
    const match = matchQuote(edited, quote, {
      prefix: 'lazy dog. Yes. ',
      suffix: '. Yes.',
      hints: [50],
    })
    expect(match?.method).toBe('fuzzy')
    expect(edited.slice(match!.start, match!.end)).toBe('A further sentence follows here')
    expect(match!.score).toBeGreaterThan(MIN_ANCHOR_SCORE)
  })

  it('refuses a short quote whose context is gone rather than anchoring it elsewhere', () => {
    const text = 'Nothing here but other words, and more of them; Yes, many more words.'
    expect(
      matchQuote(text, 'Yes.', {
        prefix: 'A second sentence follows here. ',
        suffix: ' The quick brow',
      }),
    ).toBeNull()
  })

  it('refuses a quote that is not in the text', () => {
    expect(
      matchQuote(TEXT, 'Completely unrelated words about astronomy', { hints: [10] }),
    ).toBeNull()
    expect(matchQuote(TEXT, '')).toBeNull()
  })

  it('finds a quote anywhere when the position is far off', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(400)
    const text = `${filler}The quick brown fox jumps over the lazy dog${filler}`
    const match = matchQuote(text, 'The quick brown fax jumps over the lazy dog', { hints: [0] })
    expect(match?.method).toBe('fuzzy')
    expect(match?.start).toBe(filler.length)
  })

  it('re-finds seeded random quotes after seeded word edits near them', () => {
    const random = createSeededRandom(20_241_122)
    const words = Array.from({ length: 3000 }, () =>
      Array.from({ length: random.int(2, 9) }, () => String.fromCharCode(random.int(97, 122))).join(
        '',
      ),
    )
    const text = words.join(' ')
    let found = 0
    for (let run = 0; run < 50; run += 1) {
      const first = random.int(20, words.length - 40)
      const count = random.int(6, 20)
      const quote = words.slice(first, first + count).join(' ')
      const start = text.indexOf(quote)
      const prefix = text.slice(start - 32, start)
      const suffix = text.slice(start + quote.length, start + quote.length + 32)
      const editedWords = [...words]
      const target = first + random.int(0, count - 1)
      editedWords[target] = 'changed'
      const edited = editedWords.join(' ')
      const match = matchQuote(edited, quote, { prefix, suffix, hints: [start] })
      if (match !== null) {
        found += 1
        // Never a wrong place: the match starts where the quote now starts, give or take the edit.
        expect(Math.abs(match.start - start)).toBeLessThanOrEqual(9)
      }
    }
    expect(found).toBeGreaterThanOrEqual(48)
  })
})

describe('matchQuote on look-alikes (wrong places of the anchoring benchmark)', () => {
  const citation = (year: string, source: string) =>
    `${source}. 26 June ${year}. Retrieved 30 April 2010.\n    \n`
  const page = [
    'Some text before. ',
    citation('2008', 'Stuff Travel'),
    'x'.repeat(300),
    citation('2009', 'BBC News'),
    'Text after.',
  ].join('')

  it('prefers the place at the stored position whose context agrees over a look-alike with fewer edits', () => {
    const quote = '2009. Retrieved 30 April 2010.\n    \n'
    const at = page.indexOf(quote)
    // The real place had a word changed; a look-alike 400 characters before differs by one digit.
    const edited = page.replace(`${quote}Text`, quote.replace('2010', 'such') + 'Text')
    const match = matchQuote(edited, quote, {
      prefix: 'BBC News. 26 June ',
      suffix: 'Text after.',
      hints: [at],
    })
    expect(match?.start).toBe(at)
  })

  it('prefers an edited quote near its position over an exact copy far away', () => {
    const quote = 'territorial authority levels in one'
    const near = `the regional and the ${quote.replace('levels', 'Thor')} council.`
    const text = `${near} ${'filler text '.repeat(500)} the regional and the ${quote} place.`
    const match = matchQuote(text, quote, {
      prefix: 'the regional and the ',
      suffix: ' council.',
      hints: [0 + 'the regional and the '.length],
    })
    expect(match?.start).toBe('the regional and the '.length)
  })

  it('starts where the stored prefix ends when the first word was replaced (no snap into the word before)', () => {
    const quote = 'government in 1852 and the first Parliament met in 1854 and governed well'
    const text = `The colony gained a representative b in 1852 and the first Parliament met in 1854 and governed well. End.`
    const match = matchQuote(text, quote, {
      prefix: 'The colony gained a representative ',
      suffix: '. End.',
      hints: [35],
    })
    expect(text.slice(match!.start, match!.end)).toBe(
      'b in 1852 and the first Parliament met in 1854 and governed well',
    )
  })

  it('searches the whole text in bounded steps', () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(20_000)}the edited quote is here`
    const steps = matchQuoteSteps(text, 'the edtied quote is here', {})
    let yields = 0
    let step = steps.next()
    while (step.done !== true) {
      yields += 1
      step = steps.next()
    }
    expect(yields).toBeGreaterThan(50)
    expect(step.value?.start).toBe(text.indexOf('the edited'))
  })
})

describe('matchIgnoringWhitespace', () => {
  it('compares runs of whitespace as one space', () => {
    expect(matchIgnoringWhitespace('a \n b c', 0, 'a b c')).toBe(7)
    expect(matchIgnoringWhitespace('ab c', 0, 'a b c')).toBe(-1)
    expect(matchIgnoringWhitespace('a b', 0, 'a b c')).toBe(-1)
  })
})

describe('scoring', () => {
  it('rates similarity by edit distance', () => {
    expect(textSimilarity('abcdef', 'abcdef')).toBe(1)
    expect(textSimilarity('abcxef', 'abcdef')).toBeCloseTo(5 / 6)
    expect(textSimilarity('', 'abc')).toBe(0)
    expect(textSimilarity('anything', '')).toBe(1)
  })

  it('weighs the quote by its length and the context by its own', () => {
    const text = 'xxxx QUOTE yyyy'
    expect(scoreCandidate(text, 5, 10, 0, 5, { prefix: 'xxxx ', suffix: ' yyyy' })).toBe(1)
    expect(scoreCandidate(text, 5, 10, 0, 5, { prefix: 'aaaa ', suffix: ' bbbb' })).toBeLessThan(
      MIN_ANCHOR_SCORE,
    )
  })
})
