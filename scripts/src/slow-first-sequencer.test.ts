import { describe, expect, it } from 'vitest'
import { slowFirst } from './slow-first-sequencer'

interface Spec {
  name: string
  group: number
  seconds?: number
}

const order = (specs: Spec[]) =>
  slowFirst(
    specs,
    (spec) => spec.group,
    (spec) => spec.seconds,
  ).map((spec) => spec.name)

describe('slowFirst', () => {
  it('keeps the groups in order and starts the longest file of each first', () => {
    expect(
      order([
        { name: 'e2e short', group: 2, seconds: 3 },
        { name: 'unit short', group: 0, seconds: 1 },
        { name: 'e2e long', group: 2, seconds: 96 },
        { name: 'unit long', group: 0, seconds: 98 },
        { name: 'sync', group: 1, seconds: 25 },
      ]),
    ).toEqual(['unit long', 'unit short', 'sync', 'e2e long', 'e2e short'])
  })

  it('starts a file with no known time first, and keeps the given order between equals', () => {
    expect(
      order([
        { name: 'a', group: 2, seconds: 10 },
        { name: 'new', group: 2 },
        { name: 'b', group: 2, seconds: 10 },
        { name: 'c', group: 2, seconds: 50 },
      ]),
    ).toEqual(['new', 'c', 'a', 'b'])
  })
})
