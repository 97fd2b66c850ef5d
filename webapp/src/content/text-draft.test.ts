// @vitest-environment jsdom
import type { Descendant } from 'slate'
import { describe, expect, it } from 'vitest'
import { createEmptyDocument } from './content-document'
import { clearTextDraft, loadTextDraft, saveTextDraft } from './text-draft'

const DOCUMENT: Descendant[] = [
  { type: 'heading', level: 3, children: [{ text: 'Draft' }] },
  { type: 'paragraph', children: [{ text: 'kept ' }, { text: 'safe', italic: true }] },
]

describe('the add-content text draft', () => {
  it('is kept until it is cleared', () => {
    const storage = window.sessionStorage
    saveTextDraft(storage, { title: 'Not yet saved', document: DOCUMENT })
    expect(loadTextDraft(storage)).toEqual({ title: 'Not yet saved', document: DOCUMENT })
    clearTextDraft(storage)
    expect(loadTextDraft(storage)).toEqual({ title: '', document: createEmptyDocument() })
  })

  it('starts empty when the kept draft is damaged or not this app’s HTML', () => {
    const storage = window.sessionStorage
    for (const raw of [
      '{not json',
      '42',
      JSON.stringify({ title: 3, html: '<p>x</p>' }),
      JSON.stringify({ title: 'T', html: '<img src=x onerror="alert(1)">' }),
    ]) {
      storage.setItem('inkmark-add-content-draft', raw)
      expect(loadTextDraft(storage)).toEqual({ title: '', document: createEmptyDocument() })
    }
  })

  it('does without storage', () => {
    saveTextDraft(undefined, { title: 'x', document: DOCUMENT })
    expect(loadTextDraft(undefined)).toEqual({ title: '', document: createEmptyDocument() })
  })
})
