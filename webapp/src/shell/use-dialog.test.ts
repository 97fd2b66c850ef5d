import { describe, expect, it } from 'vitest'
import { parseDialogSearch } from './use-dialog'

describe('parseDialogSearch', () => {
  it('opens the spec dialogs by name and nothing else', () => {
    expect(parseDialogSearch({ dialog: 'search' })).toEqual({ dialog: 'search' })
    expect(parseDialogSearch({ dialog: 'bookmark-details', page: 2 })).toEqual({
      dialog: 'bookmark-details',
    })
    expect(parseDialogSearch({ dialog: 'not-a-dialog' })).toEqual({})
    expect(parseDialogSearch({ dialog: 3 })).toEqual({})
    expect(parseDialogSearch({})).toEqual({})
  })
})
