// Where the relay's emails (confirmation, password reset) go: an SMTP server when SMTP_URL is set,
// otherwise the outbox table, which GET /dev/outbox lists outside production so that local use
// and tests can follow the links.
import { createTransport } from 'nodemailer'
import type { RelayStorage } from '../storage/relay-storage'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}

/** Mail into the relay's own outbox. */
export function createOutboxTransport(storage: RelayStorage, now: () => number): MailTransport {
  return {
    kind: 'outbox',
    send: (mail) => storage.addMail({ ...mail, createdAt: now() }),
  }
}

/** Mail through an SMTP server, e.g. smtp://user:pass@mail.example.com:587. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
  }
}
