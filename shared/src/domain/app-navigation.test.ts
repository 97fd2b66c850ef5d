import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SETTINGS_VIEW,
  DEFAULT_SHORTCUTS,
  SETTINGS_VIEWS,
  isDialogName,
  isValidSettingsView,
  settingsViewLabel,
} from './app-navigation'

describe('settings views', () => {
  it('lists the views in the spec order with settings as default', () => {
    expect(SETTINGS_VIEWS).toEqual([
      'account',
      'settings',
      'backup',
      'billing',
      'notifications',
      'integrations',
      'documents',
    ])
    expect(DEFAULT_SETTINGS_VIEW).toBe('settings')
  })

  it('accepts only listed views', () => {
    expect(isValidSettingsView('billing')).toBe(true)
    expect(isValidSettingsView('Billing')).toBe(false)
    expect(isValidSettingsView('admin')).toBe(false)
    expect(isValidSettingsView(undefined)).toBe(false)
  })

  it('labels the views as the spec shows them', () => {
    expect(SETTINGS_VIEWS.map(settingsViewLabel)).toEqual([
      'Account',
      'Settings',
      'Backup',
      'Upgrade & Billing',
      'Notifications',
      'Integrations',
      'Saved documents',
    ])
  })
})

describe('dialogs and shortcuts', () => {
  it('knows the dialog names', () => {
    expect(isDialogName('learning-dashboard')).toBe(true)
    expect(isDialogName('backup-or-sync-prompt')).toBe(true)
    expect(isDialogName('nope')).toBe(false)
    expect(isDialogName(42)).toBe(false)
  })

  it('has the default shortcuts', () => {
    expect(DEFAULT_SHORTCUTS).toEqual({
      highlightText: 'Alt+S',
      highlightWithLastFormat: 'Alt+A',
      toggleSidebar: 'Alt+W',
      bookmarkPage: 'Alt+B',
      openInReader: 'Alt+R',
    })
  })
})
