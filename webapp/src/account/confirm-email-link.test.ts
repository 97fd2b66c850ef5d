import { RelayCallError, RelayErrorKind } from '@inkmark/shared'
import { describe, expect, it, vi } from 'vitest'
import { confirmOnce, confirmationTokenOf, toConfirmOutcome } from './confirm-email-link'

const TOKEN = 'abcdefghijklmnop'

describe('confirmationTokenOf', () => {
  it('reads the fragment first, then the query', () => {
    expect(confirmationTokenOf({ hash: `#token=${TOKEN}`, search: '' })).toBe(TOKEN)
    expect(confirmationTokenOf({ hash: '', search: `?token=${TOKEN}` })).toBe(TOKEN)
    expect(confirmationTokenOf({ hash: `#token=${TOKEN}`, search: '?token=other-token-1' })).toBe(
      TOKEN,
    )
  })

  it('ignores a missing or implausible token', () => {
    expect(confirmationTokenOf({ hash: '', search: '' })).toBeUndefined()
    expect(confirmationTokenOf({ hash: '#token=short', search: '' })).toBeUndefined()
    expect(confirmationTokenOf({ hash: `#token=${'x'.repeat(201)}`, search: '' })).toBeUndefined()
  })
})

describe('confirmOnce', () => {
  it('spends a token once and gives every caller the first outcome', async () => {
    const confirm = vi.fn(() => Promise.resolve())
    const first = confirmOnce('token-spent-once', confirm)
    const second = confirmOnce('token-spent-once', confirm)
    expect(await first).toBe('confirmed')
    expect(await second).toBe('confirmed')
    expect(confirm).toHaveBeenCalledTimes(1)
  })

  it('tells a used or expired link from a failure', async () => {
    const refused = new RelayCallError(
      RelayErrorKind.BAD_REQUEST,
      'This confirmation link is not valid any more',
      400,
      'INVALID_TOKEN',
    )
    expect(toConfirmOutcome(refused)).toBe('used-or-expired')
    expect(toConfirmOutcome(new RelayCallError(RelayErrorKind.UNREACHABLE, 'down'))).toBe('failed')
    expect(await confirmOnce('token-refused-1', () => Promise.reject(refused))).toBe(
      'used-or-expired',
    )
  })
})
