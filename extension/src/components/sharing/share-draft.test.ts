import { createBookmark, createMark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  draftDiffers,
  hiddenText,
  initialDraft,
  withAllShown,
  withMarkShown,
  withNoteShown,
} from './share-draft'

const URL_A = 'https://a.example/article'
const NOW = 1_750_000_000_000
const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA'
const mark = (id: string, fields: object = {}) =>
  createMark({ _id: id, _bookmark: 'b', url: URL_A, text: id, ...fields }, NOW)
const marks = [
  mark('a', { permission: 'PRIVATE' }),
  mark('b', { permission: 'PUBLIC', isNotePublic: true, notes: 'n' }),
  mark('c', { permission: 'PUBLIC', isNotePublic: false }),
]

describe('the share control draft', () => {
  it('starts a page never shared with every highlight shown and every note hidden', () => {
    const bookmark = createBookmark({ _id: 'b', url: URL_A }, NOW)
    expect(initialDraft(bookmark, marks)).toEqual({
      permission: 'PRIVATE',
      shownMarkIds: ['a', 'b', 'c'],
      noteShownMarkIds: [],
    })
  })

  it('starts a shared page as it is published', () => {
    const bookmark = createBookmark(
      { _id: 'b', url: URL_A, permission: 'PUBLIC_LINK', shareId: SHARE_ID },
      NOW,
    )
    const draft = initialDraft(bookmark, marks)
    expect(draft.permission).toBe('PUBLIC_LINK')
    expect([...draft.shownMarkIds].sort()).toEqual(['b', 'c'])
    expect(draft.noteShownMarkIds).toEqual(['b'])
  })

  it('hides a note with its highlight and shows a highlight with its note', () => {
    const draft = {
      permission: 'PUBLIC' as const,
      shownMarkIds: ['b', 'c'],
      noteShownMarkIds: ['b'],
    }
    expect(withMarkShown(draft, 'b', false)).toMatchObject({
      shownMarkIds: ['c'],
      noteShownMarkIds: [],
    })
    expect(withNoteShown(draft, 'a', true)).toMatchObject({
      shownMarkIds: ['b', 'c', 'a'],
      noteShownMarkIds: ['b', 'a'],
    })
    expect(withNoteShown(draft, 'b', false).shownMarkIds).toEqual(['b', 'c'])
    expect(draftDiffers(draft, { ...draft, shownMarkIds: ['c', 'b'] })).toBe(false)
    expect(draftDiffers(draft, { ...draft, permission: 'PRIVATE' })).toBe(true)
  })

  it('counts hidden highlights in words, and shows them all', () => {
    const draft = { permission: 'PUBLIC' as const, shownMarkIds: ['b', 'c'], noteShownMarkIds: [] }
    expect(hiddenText(draft, marks)).toBe('1 highlight hidden')
    expect(hiddenText(withMarkShown(draft, 'b', false), marks)).toBe('2 highlights hidden')
    expect(hiddenText(withAllShown(draft, marks), marks)).toBe('')
  })
})
