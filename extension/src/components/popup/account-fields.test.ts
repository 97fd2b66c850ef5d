import { describe, expect, it } from 'vitest'
import { checkFields } from './account-fields'

describe('the popup account form checks', () => {
  it('asks for an email that looks like one', () => {
    expect(checkFields('sign-in', '', 'x').email).toBe('Enter your email.')
    expect(checkFields('sign-in', 'reader', 'x').email).toBe(
      'Enter an email like name@example.com.',
    )
    expect(checkFields('sign-in', ' reader@example.org ', 'x')).toEqual({})
  })

  it('holds a new password to the relay minimum, not a sign-in', () => {
    expect(checkFields('sign-up', 'r@e.org', 'short').password).toBe('Use at least 8 characters.')
    expect(checkFields('sign-in', 'r@e.org', 'short')).toEqual({})
    expect(checkFields('sign-up', 'r@e.org', '').password).toBe('Enter your password.')
  })
})
