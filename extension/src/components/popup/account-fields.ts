// The popup's account form checks, before anything is sent: an email that looks like one, and for
// a new account the relay's minimum password length (as the web app's sign-up asks).

export type Mode = 'sign-in' | 'sign-up'

/** The relay's minimum password length (relay/src/accounts/passwords.ts). */
export const MIN_PASSWORD_LENGTH = 8

export interface AccountFieldErrors {
  email?: string
  password?: string
}

/** The problems with the form's fields (none: an empty object). */
export function checkFields(mode: Mode, email: string, password: string): AccountFieldErrors {
  const errors: AccountFieldErrors = {}
  if (email.trim() === '') {
    errors.email = 'Enter your email.'
  } else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    errors.email = 'Enter an email like name@example.com.'
  }
  if (password === '') {
    errors.password = 'Enter your password.'
  } else if (mode === 'sign-up' && password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  }
  return errors
}
