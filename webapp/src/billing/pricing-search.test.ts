import { describe, expect, it } from 'vitest'
import { parsePricingSearch } from './PricingPage'
import { signInPath } from './sign-in-path'

describe('the pricing page parameters', () => {
  it('keeps a known period and drops anything else', () => {
    expect(parsePricingSearch({ duration: '1M' })).toEqual({ duration: '1M' })
    expect(parsePricingSearch({ duration: '2Y' })).toEqual({})
    expect(parsePricingSearch({})).toEqual({})
  })

  it('keeps a discount code of the right shape, upper case', () => {
    expect(parsePricingSearch({ duration: '1Y', discountCode: 'blackfriday' })).toEqual({
      duration: '1Y',
      discountCode: 'BLACKFRIDAY',
    })
    expect(parsePricingSearch({ discountCode: '<script>' })).toEqual({})
    expect(parsePricingSearch({ discountCode: 'x'.repeat(41) })).toEqual({})
  })

  it('sends to sign-in and back to the chosen period', () => {
    expect(signInPath('/pricing?duration=1M')).toBe('/auth?redirectPath=%2Fpricing%3Fduration%3D1M')
    expect(signInPath('//evil.example')).toBe('/auth')
  })
})
