import { describe, expect, it } from 'vitest'
import { hiddenText, initialDraft, withAllShown, withMarkShown, withNoteShown } from './share-draft'

const marks = [
  { _id: 'a', permission: 'PRIVATE' as const },
  { _id: 'b', permission: 'PUBLIC' as const, isNotePublic: true },
  { _id: 'c', permission: 'PUBLIC' as const, isNotePublic: false },
]

describe('the share control draft', () => {
  it('starts a private page with every highlight shown and every note hidden', () => {
    expect(initialDraft({ permission: 'PRIVATE' }, marks)).toEqual({
      permission: 'PRIVATE',
      shownMarkIds: ['a', 'b', 'c'],
      noteShownMarkIds: [],
    })
  })

  it('starts a shared page as it is published', () => {
    expect(initialDraft({ permission: 'PUBLIC_LINK' }, marks)).toEqual({
      permission: 'PUBLIC_LINK',
      shownMarkIds: ['b', 'c'],
      noteShownMarkIds: ['b'],
    })
  })

  it('hides a note with its highlight and shows a highlight with its note', () => {
    const draft = initialDraft({ permission: 'PUBLIC' }, marks)
    expect(withMarkShown(draft, 'b', false)).toMatchObject({
      shownMarkIds: ['c'],
      noteShownMarkIds: [],
    })
    expect(withNoteShown(draft, 'a', true)).toMatchObject({
      shownMarkIds: ['b', 'c', 'a'],
      noteShownMarkIds: ['b', 'a'],
    })
    expect(withNoteShown(draft, 'b', false).shownMarkIds).toEqual(['b', 'c'])
  })

  it('counts hidden highlights in words, and shows them all', () => {
    const draft = initialDraft({ permission: 'PUBLIC' }, marks)
    expect(hiddenText(draft, marks)).toBe('1 highlight hidden')
    expect(hiddenText(withMarkShown(draft, 'b', false), marks)).toBe('2 highlights hidden')
    expect(hiddenText(withAllShown(draft, marks), marks)).toBe('')
  })
})
