import {
  Message,
  confirmationEmailFailedMessage,
  confirmationEmailSentMessage,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { resendMessage } from './confirm-email'

describe('resendMessage', () => {
  it("uses the spec's words for each outcome", () => {
    expect(resendMessage('not-logged-in', undefined)).toBe(Message.CONFIRMATION_EMAIL_NOT_LOGGED_IN)
    expect(resendMessage('no-email', undefined)).toBe(Message.EMAIL_REQUIRED)
    expect(resendMessage('sent', 'a@b.org')).toBe(confirmationEmailSentMessage('a@b.org'))
    expect(resendMessage('failed', 'a@b.org')).toBe(confirmationEmailFailedMessage('a@b.org'))
  })
})
