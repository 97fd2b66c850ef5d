import { describe, expect, it } from 'vitest'
import { parseDialogSearch } from './use-dialog'

describe('parseDialogSearch', () => {
  it('opens the spec dialogs by name and nothing else', () => {
    expect(parseDialogSearch({ dialog: 'search' })).toEqual({ dialog: 'search' })
    expect(parseDialogSearch({ dialog: 'settings', page: 2 })).toEqual({ dialog: 'settings' })
    expect(parseDialogSearch({ dialog: 'not-a-dialog' })).toEqual({})
    expect(parseDialogSearch({ dialog: 3 })).toEqual({})
    expect(parseDialogSearch({})).toEqual({})
  })

  it('opens bookmark-details only with the bookmark it shows', () => {
    expect(parseDialogSearch({ dialog: 'bookmark-details', bookmark: 'b1' })).toEqual({
      dialog: 'bookmark-details',
      bookmark: 'b1',
    })
    expect(parseDialogSearch({ dialog: 'bookmark-details' })).toEqual({})
    expect(parseDialogSearch({ dialog: 'search', bookmark: 'b1' })).toEqual({ dialog: 'search' })
  })
})

describe('parseDialogSearch for add-content and import', () => {
  it('opens add-content on the named tab, or on the default tab', () => {
    expect(parseDialogSearch({ dialog: 'add-content' })).toEqual({ dialog: 'add-content' })
    expect(parseDialogSearch({ dialog: 'add-content', contentType: 'url' })).toEqual({
      dialog: 'add-content',
      contentType: 'url',
    })
    expect(parseDialogSearch({ dialog: 'add-content', contentType: 'video' })).toEqual({
      dialog: 'add-content',
    })
    expect(parseDialogSearch({ dialog: 'search', contentType: 'url' })).toEqual({
      dialog: 'search',
    })
  })

  it('opens the web app own import dialog', () => {
    expect(parseDialogSearch({ dialog: 'import' })).toEqual({ dialog: 'import' })
  })
})

describe('parseDialogSearch for the dialogs that show one item', () => {
  it('opens page-content-preview only with its bookmark', () => {
    expect(parseDialogSearch({ dialog: 'page-content-preview', bookmark: 'b1' })).toEqual({
      dialog: 'page-content-preview',
      bookmark: 'b1',
    })
    expect(parseDialogSearch({ dialog: 'page-content-preview' })).toEqual({})
  })

  it('opens image-viewer only with its image highlight', () => {
    expect(parseDialogSearch({ dialog: 'image-viewer', mark: 'm1' })).toEqual({
      dialog: 'image-viewer',
      mark: 'm1',
    })
    expect(parseDialogSearch({ dialog: 'image-viewer' })).toEqual({})
    expect(parseDialogSearch({ dialog: 'image-viewer', mark: 'x'.repeat(300) })).toEqual({})
    expect(parseDialogSearch({ dialog: 'search', mark: 'm1' })).toEqual({ dialog: 'search' })
  })
})
