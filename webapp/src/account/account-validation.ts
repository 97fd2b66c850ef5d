// The account forms' own checks, run before anything is sent, and the one way a failed call turns
// into words: the relay's message when it sent one, never a stack trace.
import { Message, RelayCallError } from '@inkmark/shared'

/** The shortest password the relay accepts. */
export const MIN_PASSWORD_LENGTH = 8
/** Shown for an email that has no @ between two parts. */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address'
/** Shown for an empty password. */
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required'
/** Shown for a new password that is too short. */
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`

/** The problem with `email`, or undefined when it looks like an address. */
export function validateEmail(email: string): string | undefined {
  const value = email.trim()
  if (value === '') {
    return Message.EMAIL_REQUIRED
  }
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : INVALID_EMAIL_MESSAGE
}

/** The problem with a password; `isNew` also asks for the relay's minimum length. */
export function validatePassword(password: string, isNew: boolean): string | undefined {
  if (password === '') {
    return PASSWORD_REQUIRED_MESSAGE
  }
  return isNew && password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : undefined
}

/** Words for a failed account call: the relay's message, or the generic one. */
export function toErrorMessage(error: unknown): string {
  if (error instanceof RelayCallError && error.message.trim() !== '') {
    return error.message
  }
  return Message.GENERIC_ERROR
}
