import { describe, expect, it } from 'vitest'
import { EmailSettingsSchema, createDefaultEmailSettings } from './email-settings'

describe('EmailSettings', () => {
  it('defaults to all emails with the learning reminder on', () => {
    expect(createDefaultEmailSettings()).toEqual({
      emailSettings: 'ALL',
      isLearningReminderEmailEnabled: true,
    })
  })

  it('takes overrides', () => {
    expect(createDefaultEmailSettings({ emailSettings: 'NONE' })).toEqual({
      emailSettings: 'NONE',
      isLearningReminderEmailEnabled: true,
    })
  })

  it('accepts its defaults, keeps unknown keys, rejects wrong types', () => {
    const valid = createDefaultEmailSettings()
    expect(EmailSettingsSchema.parse(valid)).toEqual(valid)
    expect(EmailSettingsSchema.parse({ ...valid, digest: 'weekly' }).digest).toBe('weekly')
    expect(EmailSettingsSchema.safeParse({ emailSettings: 'SOME' }).success).toBe(false)
    expect(EmailSettingsSchema.safeParse({ isLearningReminderEmailEnabled: 'true' }).success).toBe(
      false,
    )
  })
})
