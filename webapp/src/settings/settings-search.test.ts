import { describe, expect, it } from 'vitest'
import { parseSettingsSearch, settingsViewOf } from './settings-search'

describe('parseSettingsSearch', () => {
  it('keeps a view of the list', () => {
    expect(parseSettingsSearch({ view: 'backup' })).toEqual({ view: 'backup' })
    expect(parseSettingsSearch({ view: 'documents' })).toEqual({ view: 'documents' })
  })

  it('shows the default view when none is named', () => {
    expect(parseSettingsSearch({})).toEqual({})
    expect(settingsViewOf(parseSettingsSearch({}))).toBe('settings')
  })

  it('falls back to the first view for an unknown view', () => {
    expect(parseSettingsSearch({ view: 'nope' })).toEqual({ view: 'account' })
    expect(parseSettingsSearch({ view: 3 })).toEqual({ view: 'account' })
  })
})
