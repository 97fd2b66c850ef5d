// Where the relay's emails (confirmation, password reset) go: an SMTP server when SMTP_URL is set;
// the outbox table, listed by GET /dev/outbox, only when INKMARK_DEV_OUTBOX=1 on loopback (local
// use and tests follow the links there); otherwise nowhere, and the calls that need mail say so
// with MAIL_UNAVAILABLE instead of pretending to have sent it.
import { createTransport } from 'nodemailer'
import { ErrorCode, RelayError } from '../errors'
import type { RelayStorage } from '../storage/relay-storage'

/**
 * How long an outbox mail is kept: its links are one-time secrets in plain text, so they do not
 * outlive the time someone developing locally needs to click them (docs/adr/029).
 */
export const OUTBOX_RETENTION_MS = 60 * 60 * 1000

export interface Mail {
  to: string
  subject: string
  text: string
  /** An HTML version of `text` (every value in it escaped by its maker). */
  html?: string
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox' | 'off'
  send(mail: Mail): Promise<void>
}

/** The answer of every call that needs mail on a relay that sends none. */
export function mailUnavailable(): RelayError {
  return new RelayError(
    503,
    ErrorCode.MAIL_UNAVAILABLE,
    'This relay cannot send mail (no SMTP server is set up), so confirmation and reset links are off. Ask its operator.',
  )
}

/** No mail at all: every send fails with MAIL_UNAVAILABLE. */
export function createMailOffTransport(): MailTransport {
  return { kind: 'off', send: () => Promise.reject(mailUnavailable()) }
}

/** Mail into the relay's own outbox. */
export function createOutboxTransport(storage: RelayStorage, now: () => number): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      await storage.deleteMailsBefore(now() - OUTBOX_RETENTION_MS)
      await storage.addMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        createdAt: now(),
      })
    },
  }
}

/** Mail through an SMTP server, e.g. smtp://user:pass@mail.example.com:587. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.headers === undefined ? {} : { headers: mail.headers }),
      })
    },
  }
}
