import { describe, expect, it } from 'vitest'
import {
  ChromeSettingsSchema,
  HIGHLIGHTER_MODE_LABELS,
  HighlighterMode,
  createDefaultChromeSettings,
  highlighterModeLabel,
} from './chrome-settings'

describe('createDefaultChromeSettings', () => {
  it('has every spec default', () => {
    expect(createDefaultChromeSettings('s1')).toEqual({
      _id: 's1',
      _objectStore: 'chromesettings',
      showLeftSidebarWidget: true,
      showMarkerPopup: true,
      showToolboxAutomatically: true,
      defaultHighlightColor: '#fdffb4',
      recentColors: [],
      blacklistedUrls: [],
      integrations: [],
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' },
      preferredColorMode: 'system',
      showBackupDialogPrompt: true,
      backupDialogPromptInterval: 100,
      dismissedBackupPromptIds: [],
      showLearningTeaser: true,
      learningScheduler: 'SPEC',
      desiredRetention: 0.9,
      youtubeOptions: { enableAutoscrolling: true, enableStickyPlayer: true },
      highlighterMode: 'BASIC',
      chromeRatingPromptDismissed: false,
      upgradeDealPromptDismissed: false,
      signUpPromptDismissed: false,
      spreadTheWordPromptDismissed: false,
    })
  })

  it('leaves auto-download, teaser-closed and notifications-opened unset', () => {
    const settings = createDefaultChromeSettings('s1')
    expect(settings.autoDownloadPageContent).toBeUndefined()
    expect(settings.lastTeaserClosedDateInMillis).toBeUndefined()
    expect(settings.notificationsLastOpenedAt).toBeUndefined()
  })

  it('takes overrides but always the given id', () => {
    const settings = createDefaultChromeSettings('s1', {
      _id: 'other',
      _user: 'u1',
      highlighterMode: 'EXPERT',
      sidebarOptions: { sidebarAlignment: 'right' },
      integrations: [{ id: 'notion', settings: { databaseId: 'db' } }],
      autoDownloadPageContent: true,
      notificationsLastOpenedAt: 5,
      showMarkerPopup: undefined,
    })
    expect(settings._id).toBe('s1')
    expect(settings.sidebarOptions).toEqual({
      sidebarWidth: 400,
      sidebarAlignment: 'right',
      sidebarBehavior: 'push',
    })
    expect(settings.showMarkerPopup).toBe(true)
    expect(settings.highlighterMode).toBe('EXPERT')
  })

  it('never shares default lists or nested objects between records', () => {
    const a = createDefaultChromeSettings('a')
    const b = createDefaultChromeSettings('b')
    a.recentColors.push('#ffffff')
    a.sidebarOptions.sidebarWidth = 500
    expect(b.recentColors).toEqual([])
    expect(b.sidebarOptions.sidebarWidth).toBe(400)
  })
})

describe('highlighterModeLabel', () => {
  it('shows BASIC as Standard and EXPERT as Advanced', () => {
    expect(HIGHLIGHTER_MODE_LABELS).toEqual({ BASIC: 'Standard', EXPERT: 'Advanced' })
    expect(highlighterModeLabel(HighlighterMode.BASIC)).toBe('Standard')
    expect(highlighterModeLabel(HighlighterMode.EXPERT)).toBe('Advanced')
  })
})

describe('ChromeSettingsSchema', () => {
  const valid = createDefaultChromeSettings('s1')

  it('accepts its defaults unchanged', () => {
    expect(ChromeSettingsSchema.parse(valid)).toEqual(valid)
  })

  it('completes a partial record from an older client, nested objects included', () => {
    const parsed = ChromeSettingsSchema.parse({
      _id: 's1',
      showMarkerPopup: false,
      sidebarOptions: { sidebarWidth: 520 },
      youtubeOptions: { enableStickyPlayer: false },
    })
    expect(parsed.showMarkerPopup).toBe(false)
    expect(parsed.sidebarOptions).toEqual({
      sidebarWidth: 520,
      sidebarAlignment: 'left',
      sidebarBehavior: 'push',
    })
    expect(parsed.youtubeOptions).toEqual({ enableAutoscrolling: true, enableStickyPlayer: false })
    expect(parsed.backupDialogPromptInterval).toBe(100)
  })

  it('keeps unknown keys, top-level and nested', () => {
    const parsed = ChromeSettingsSchema.parse({
      ...valid,
      futureFlag: true,
      sidebarOptions: { ...valid.sidebarOptions, pinned: true },
    })
    expect(parsed.futureFlag).toBe(true)
    expect(parsed.sidebarOptions.pinned).toBe(true)
  })

  it('accepts numeric and string backup prompt ids and the system colour mode', () => {
    const parsed = ChromeSettingsSchema.parse({
      ...valid,
      dismissedBackupPromptIds: [100, 'prompt-200'],
      preferredColorMode: 'system',
    })
    expect(parsed.dismissedBackupPromptIds).toEqual([100, 'prompt-200'])
  })

  it.each([
    ['_id', undefined],
    ['showLeftSidebarWidget', 'yes'],
    ['defaultHighlightColor', 1],
    ['recentColors', '#fff'],
    ['blacklistedUrls', [null]],
    ['integrations', [{ settings: {} }]],
    ['sidebarOptions', { sidebarWidth: 0 }],
    ['sidebarOptions', { sidebarAlignment: 'top' }],
    ['sidebarOptions', { sidebarBehavior: 'float' }],
    ['preferredColorMode', 'sepia'],
    ['backupDialogPromptInterval', 0],
    ['backupDialogPromptInterval', 2.5],
    ['dismissedBackupPromptIds', [true]],
    ['autoDownloadPageContent', 'ask'],
    ['lastTeaserClosedDateInMillis', '2024-01-01'],
    ['notificationsLastOpenedAt', -5],
    ['youtubeOptions', { enableAutoscrolling: 1 }],
    ['highlighterMode', 'PRO'],
    ['spreadTheWordPromptDismissed', 'no'],
  ])('rejects %s = %j', (key, value) => {
    expect(ChromeSettingsSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})
