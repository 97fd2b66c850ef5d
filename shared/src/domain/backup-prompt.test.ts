import { describe, expect, it } from 'vitest'
import { backupPromptStep, dueBackupPromptId, type BackupPromptState } from './user-prompts'

const state = (overrides: Partial<BackupPromptState>): BackupPromptState => ({
  pendingCount: 0,
  interval: 100,
  showBackupDialogPrompt: true,
  dismissedBackupPromptIds: [],
  ...overrides,
})

describe('backupPromptStep', () => {
  it('is the largest multiple of the interval reached', () => {
    expect(backupPromptStep(99, 100)).toBeNull()
    expect(backupPromptStep(100, 100)).toBe(100)
    expect(backupPromptStep(250, 100)).toBe(200)
    expect(backupPromptStep(60, 25)).toBe(50)
  })

  it('is the floor step 100 under a larger interval', () => {
    expect(backupPromptStep(150, 500)).toBe(100)
    expect(backupPromptStep(99, 500)).toBeNull()
    expect(backupPromptStep(700, 500)).toBe(500)
  })

  it('is null for an unusable interval or count', () => {
    expect(backupPromptStep(100, 0)).toBeNull()
    expect(backupPromptStep(100, Number.NaN)).toBeNull()
    expect(backupPromptStep(100.5, 100)).toBeNull()
  })
})

describe('dueBackupPromptId', () => {
  it('shows at an exact multiple of the interval', () => {
    expect(dueBackupPromptId(state({ pendingCount: 25, interval: 25 }))).toBe('25')
    expect(dueBackupPromptId(state({ pendingCount: 50, interval: 25 }))).toBe('50')
    expect(dueBackupPromptId(state({ pendingCount: 24, interval: 25 }))).toBeNull()
    expect(dueBackupPromptId(state({ pendingCount: 30, interval: 25 }))).toBeNull()
  })

  it('shows once 100 or more await sync, off the steps too (an import jumped past one)', () => {
    expect(dueBackupPromptId(state({ pendingCount: 130 }))).toBe('100')
    expect(dueBackupPromptId(state({ pendingCount: 230 }))).toBe('200')
    expect(dueBackupPromptId(state({ pendingCount: 130, interval: 25 }))).toBe('125')
    expect(dueBackupPromptId(state({ pendingCount: 130, interval: 500 }))).toBe('100')
  })

  it('shows each step once: a dismissed step stays away, the next one comes', () => {
    const dismissed = state({ dismissedBackupPromptIds: ['100'] })
    expect(dueBackupPromptId({ ...dismissed, pendingCount: 100 })).toBeNull()
    expect(dueBackupPromptId({ ...dismissed, pendingCount: 199 })).toBeNull()
    expect(dueBackupPromptId({ ...dismissed, pendingCount: 200 })).toBe('200')
    // Ids stored as numbers (older data) count too.
    expect(dueBackupPromptId(state({ pendingCount: 200, dismissedBackupPromptIds: [200] }))).toBe(
      null,
    )
  })

  it('never shows with showBackupDialogPrompt off', () => {
    expect(dueBackupPromptId(state({ pendingCount: 100, showBackupDialogPrompt: false }))).toBe(
      null,
    )
  })
})
