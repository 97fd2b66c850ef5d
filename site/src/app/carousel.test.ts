import { describe, expect, it } from 'vitest'
import { carouselReviews, nextIndex, previousIndex } from './carousel'

const review = (text: string) => ({ text, author: 'A', isSample: false })

describe('the review carousel', () => {
  it('shows reviews under 100 characters, in reversed order', () => {
    const shown = carouselReviews([
      review('first'),
      review('x'.repeat(100)),
      review('x'.repeat(99)),
      review('last'),
    ])
    expect(shown.map((item) => item.text)).toEqual(['last', 'x'.repeat(99), 'first'])
  })

  it('wraps Next to the first and Previous to the last', () => {
    expect(nextIndex(0, 3)).toBe(1)
    expect(nextIndex(2, 3)).toBe(0)
    expect(previousIndex(0, 3)).toBe(2)
    expect(previousIndex(1, 3)).toBe(0)
    expect(nextIndex(0, 0)).toBe(0)
    expect(previousIndex(0, 0)).toBe(0)
  })
})
