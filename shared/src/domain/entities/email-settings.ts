// The user's email preferences: all product emails or none, and the learning reminder on or off.
import { z } from 'zod'

/** Which product emails the user receives. */
export const EmailSettingsOption = { ALL: 'ALL', NONE: 'NONE' } as const
export type EmailSettingsOption = (typeof EmailSettingsOption)[keyof typeof EmailSettingsOption]

/** Email option of a new user: all emails (spec section 9). */
export const DEFAULT_EMAIL_SETTINGS_OPTION: EmailSettingsOption = EmailSettingsOption.ALL
/** Whether a new user gets learning reminder emails (spec section 9: on). */
export const DEFAULT_LEARNING_REMINDER_EMAIL_ENABLED = true

/** Validates email settings; missing values take the defaults. */
export const EmailSettingsSchema = z.looseObject({
  emailSettings: z.enum(EmailSettingsOption).default(DEFAULT_EMAIL_SETTINGS_OPTION),
  isLearningReminderEmailEnabled: z.boolean().default(DEFAULT_LEARNING_REMINDER_EMAIL_ENABLED),
})
export type EmailSettings = z.infer<typeof EmailSettingsSchema>
/** What `createDefaultEmailSettings` accepts: any email settings field. */
export type EmailSettingsOverrides = Partial<z.input<typeof EmailSettingsSchema>>

/** Email settings of a new user (all emails, reminder on), with overrides. */
export function createDefaultEmailSettings(overrides: EmailSettingsOverrides = {}): EmailSettings {
  return EmailSettingsSchema.parse(overrides)
}
