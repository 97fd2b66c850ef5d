import { describe, expect, it } from 'vitest'
import { compareMarks, sortMarks, type OrderableMark } from './mark-order'

const ids = (marks: OrderableMark[]) => marks.map((mark) => mark._id)

describe('sortMarks', () => {
  it('follows the custom order map first, marks outside it after', () => {
    const marks = [
      { _id: 'a', domElementOffsetTop: 1 },
      { _id: 'b', domElementOffsetTop: 2 },
      { _id: 'c', domElementOffsetTop: 3 },
    ]
    expect(ids(sortMarks(marks, { c: 0, b: 1 }))).toEqual(['c', 'b', 'a'])
    expect(ids(sortMarks(marks, { a: 5 }))).toEqual(['a', 'b', 'c'])
  })

  it('falls back to DOM position (top, then left) when no custom order is stored', () => {
    const marks = [
      { _id: 'right', domElementOffsetTop: 100, domElementOffsetLeft: 300 },
      { _id: 'left', domElementOffsetTop: 100, domElementOffsetLeft: 10 },
      { _id: 'top', domElementOffsetTop: 5 },
    ]
    expect(ids(sortMarks(marks))).toEqual(['top', 'left', 'right'])
  })

  it('uses the highlight source position when a DOM position is missing', () => {
    const marks = [
      { _id: 'late', highlightSource: { startMeta: { parentIndex: 4, textOffset: 0 } } },
      { _id: 'same-para-2', highlightSource: { startMeta: { parentIndex: 2, textOffset: 50 } } },
      { _id: 'same-para-1', highlightSource: { startMeta: { parentIndex: 2 } } },
      { _id: 'only-dom', domElementOffsetTop: 1, createdAt: 9 },
    ]
    expect(ids(sortMarks(marks.slice(0, 3)))).toEqual(['same-para-1', 'same-para-2', 'late'])
    // A mark placed by the DOM comes before one placed only by its source position.
    expect(compareMarks(marks[3]!, marks[0]!)).toBe(-1)
  })

  it('falls back to creation time, then id, so the order is total', () => {
    const marks = [
      { _id: 'b', createdAt: 2 },
      { _id: 'a', createdAt: 2 },
      { _id: 'z', createdAt: 1 },
      { _id: 'n' },
    ]
    expect(ids(sortMarks(marks))).toEqual(['n', 'z', 'a', 'b'])
    expect(compareMarks({ _id: 'x' }, { _id: 'x' })).toBe(0)
  })

  it('breaks ties of equal custom positions and equal DOM positions by the next rule', () => {
    const marks = [
      { _id: 'b', domElementOffsetTop: 10, createdAt: 1 },
      { _id: 'a', domElementOffsetTop: 10, createdAt: 2 },
    ]
    expect(ids(sortMarks(marks, { a: 1, b: 1 }))).toEqual(['b', 'a'])
    const sameSource = { startMeta: { parentIndex: 1, textOffset: 1 } }
    expect(
      ids(
        sortMarks([
          { _id: 'y', highlightSource: sameSource, createdAt: 5 },
          { _id: 'x', highlightSource: sameSource, createdAt: 4 },
        ]),
      ),
    ).toEqual(['x', 'y'])
  })

  it('does not mutate its input', () => {
    const marks = [
      { _id: 'b', createdAt: 2 },
      { _id: 'a', createdAt: 1 },
    ]
    sortMarks(marks)
    expect(ids(marks)).toEqual(['b', 'a'])
  })

  it('gives one order whatever the input order when marks mix kinds of position (regression: cycle)', () => {
    const marks = [
      { _id: 'dom-100', domElementOffsetTop: 100 },
      {
        _id: 'dom-200',
        domElementOffsetTop: 200,
        highlightSource: { startMeta: { parentIndex: 0 } },
      },
      { _id: 'src-1-3', highlightSource: { startMeta: { parentIndex: 1, textOffset: 3 } } },
      { _id: 'custom', createdAt: 1 },
      { _id: 'plain', createdAt: 0 },
    ]
    const expected = ['custom', 'dom-100', 'dom-200', 'src-1-3', 'plain']
    const permutations = [
      marks,
      [...marks].reverse(),
      [marks[2]!, marks[0]!, marks[4]!, marks[1]!, marks[3]!],
    ]
    for (const permutation of permutations) {
      expect(ids(sortMarks(permutation, { custom: 0 }))).toEqual(expected)
    }
  })
})
