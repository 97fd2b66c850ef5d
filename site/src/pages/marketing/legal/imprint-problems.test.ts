import { describe, expect, it } from 'vitest'
import { OPERATOR_FIELDS, type OperatorDetails } from '../../../content'
import { imprintProblems } from './imprint-problems'

function details(placeholders: readonly string[]): OperatorDetails {
  return Object.fromEntries(
    OPERATOR_FIELDS.map(({ key, label }) => [
      key,
      placeholders.includes(key)
        ? { text: `[${label}: not filled in]`, isPlaceholder: true }
        : { text: `The ${label}`, isPlaceholder: false },
    ]),
  ) as OperatorDetails
}

describe('imprintProblems', () => {
  it('is empty when every value is filled in', () => {
    expect(imprintProblems(details([]))).toEqual([])
  })

  it('names each unfilled value', () => {
    expect(imprintProblems(details(['operatorName', 'vatId']))).toEqual([
      'Imprint: Operator name (operatorName) is not filled in',
      'Imprint: VAT identification number (vatId) is not filled in',
    ])
  })
})
