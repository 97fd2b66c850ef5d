import { Message, RelayCallError, RelayErrorKind } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  INVALID_EMAIL_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  toErrorMessage,
  validateEmail,
  validatePassword,
} from './account-validation'

describe('validateEmail', () => {
  it("says 'Email is required' for a blank email", () => {
    expect(validateEmail('  ')).toBe(Message.EMAIL_REQUIRED)
  })

  it('rejects what is not an address and accepts one', () => {
    expect(validateEmail('ada')).toBe(INVALID_EMAIL_MESSAGE)
    expect(validateEmail(' ada@example.org ')).toBeUndefined()
  })
})

describe('validatePassword', () => {
  it('asks for a password, and for 8 characters only when it is new', () => {
    expect(validatePassword('', false)).toBe(PASSWORD_REQUIRED_MESSAGE)
    expect(validatePassword('short', false)).toBeUndefined()
    expect(validatePassword('short', true)).toBe(PASSWORD_TOO_SHORT_MESSAGE)
    expect(validatePassword('long enough', true)).toBeUndefined()
  })
})

describe('toErrorMessage', () => {
  it("shows the relay's message and hides anything else", () => {
    const wrong = new RelayCallError(
      RelayErrorKind.UNAUTHORIZED,
      'The email or the password is wrong',
    )
    expect(toErrorMessage(wrong)).toBe('The email or the password is wrong')
    expect(toErrorMessage(new TypeError('x is undefined'))).toBe(Message.GENERIC_ERROR)
  })
})
