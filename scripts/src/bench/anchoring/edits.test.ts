import { describe, expect, it } from 'vitest'
import {
  applyEdits,
  chooseWordEdits,
  isAnchoredCorrectly,
  isTouched,
  mapOffset,
  type TextEdit,
} from './edits'

const TEXT = 'one two three four five six seven eight nine ten'

describe('benchmark word edits', () => {
  it('replaces the wanted share of words, seeded, never across a node break', () => {
    const first = chooseWordEdits(TEXT, [5], 7, 0.3)
    expect(first).toEqual(chooseWordEdits(TEXT, [5], 7, 0.3))
    expect(first.wordsTotal).toBe(9) // "two" spans the break at 5
    expect(first.edits).toHaveLength(3)
    for (const edit of first.edits) {
      expect(edit.replacement).not.toBe(TEXT.slice(edit.start, edit.end))
    }
  })

  it('maps old offsets into the edited text', () => {
    const edits: TextEdit[] = [{ start: 4, end: 7, replacement: 'TWENTY' }]
    const edited = applyEdits(TEXT, edits)
    expect(edited.startsWith('one TWENTY three')).toBe(true)
    expect(mapOffset(edits, 2)).toBe(2)
    expect(mapOffset(edits, 5)).toBe(4)
    expect(mapOffset(edits, 8)).toBe(11)
    expect(isTouched(edits, 8, 13, 0)).toBe(false)
    expect(isTouched(edits, 8, 13, 2)).toBe(true)
  })

  it('counts an anchor as correct at the mapped place, give or take the edit', () => {
    const edits: TextEdit[] = [{ start: 4, end: 7, replacement: 'TWENTY' }]
    // "two three" (4..13) is now "TWENTY three" (4..16).
    expect(isAnchoredCorrectly(edits, { start: 4, end: 13 }, { start: 4, end: 16 })).toBe(true)
    expect(isAnchoredCorrectly(edits, { start: 4, end: 13 }, { start: 7, end: 16 })).toBe(true)
    expect(isAnchoredCorrectly(edits, { start: 34, end: 44 }, { start: 40, end: 44 })).toBe(false)
  })
})
