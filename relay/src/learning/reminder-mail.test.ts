import { describe, expect, it } from 'vitest'
import { escapeHtml, reminderMail, reminderSubject } from './reminder-mail'
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-signature'

const secret = new TextEncoder().encode('a-secret-of-more-than-32-bytes-0123456789')
const decision = {
  send: true,
  localDay: '2026-11-26',
  dueCount: 1,
  atLeast: false,
  learnedToday: 0,
  dailyTarget: 10,
} as const

describe('the reminder mail', () => {
  it('counts cards in words', () => {
    expect(reminderSubject(decision)).toBe('1 card is waiting for you today')
    expect(reminderSubject({ ...decision, dueCount: 2 })).toBe('2 cards are waiting for you today')
    expect(reminderSubject({ ...decision, atLeast: true })).toBe(
      'At least 1 card is waiting for you today',
    )
  })

  it('escapes every value it puts into the HTML', () => {
    const mail = reminderMail({
      to: '"<img src=x onerror=alert(1)>"@example.com',
      userId: 'u"><script>1</script>',
      decision,
      appUrl: 'http://app.example/"><b>',
      relayUrl: 'http://relay.example',
      secret,
    })
    expect(mail.html).not.toMatch(/<img|<script|<b>/)
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
    // The user id is a path segment of both links, encoded.
    expect(mail.headers?.['List-Unsubscribe']).toContain(
      '/unsubscribe/u%22%3E%3Cscript%3E1%3C%2Fscript%3E?signature=',
    )
  })
})

describe('unsubscribe signatures', () => {
  it('verify for their user and secret only', () => {
    const signature = signUnsubscribe(secret, 'u1')
    expect(signature).toMatch(/^[\w-]{43}$/)
    expect(verifyUnsubscribe(secret, 'u1', signature)).toBe(true)
    expect(verifyUnsubscribe(secret, 'u2', signature)).toBe(false)
    expect(
      verifyUnsubscribe(
        new TextEncoder().encode('another-secret-0123456789-0123456789'),
        'u1',
        signature,
      ),
    ).toBe(false)
    expect(verifyUnsubscribe(secret, 'u1', signature.slice(0, -1))).toBe(false)
    expect(verifyUnsubscribe(secret, 'u1', '')).toBe(false)
  })
})
