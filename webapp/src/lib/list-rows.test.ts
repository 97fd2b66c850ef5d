import { describe, expect, it } from 'vitest'
import { toListRows } from './list-rows'

describe('toListRows', () => {
  it('puts a heading before each labelled group and chunks items by columns', () => {
    const items = ['a', 'b', 'c'].map((_id) => ({ _id }))
    const rows = toListRows(
      [
        { label: 'Today', items },
        { label: 'Yesterday', items: [{ _id: 'd' }] },
      ],
      2,
    )
    expect(
      rows.map((row) => (row.kind === 'heading' ? row.label : row.items.map((i) => i._id))),
    ).toEqual(['Today', ['a', 'b'], ['c'], 'Yesterday', ['d']])
    expect(toListRows([{ label: '', items }], 1)).toHaveLength(3)
  })
})
