// The learning reminder email: plain text and a simple HTML version of the same words, a link to
// /learning in the web app, and the one-click unsubscribe: the web app's page in the body, and
// the relay's endpoint in RFC 8058's List-Unsubscribe and List-Unsubscribe-Post headers, so a mail
// client's "Unsubscribe" button turns the reminder off without opening anything. Every value put
// into the HTML is escaped (the email address and URLs included).
import { countLabel } from '@inkmark/shared'
import type { Mail } from '../mail/mail-transport'
import type { ReminderDecision } from './reminder-decision'
import { signUnsubscribe, unsubscribePageUrl, unsubscribePostUrl } from './unsubscribe-signature'

type SendDecision = Extract<ReminderDecision, { send: true }>

export interface ReminderMailInput {
  to: string
  userId: string
  decision: SendDecision
  appUrl: string
  relayUrl: string
  secret: Uint8Array
}

/** Text safe inside HTML elements and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** The subject line, e.g. '5 cards are waiting for you today'. */
export function reminderSubject(decision: SendDecision): string {
  const cards = countLabel(decision.dueCount, 'card')
  const verb = decision.dueCount === 1 ? 'is' : 'are'
  return `${decision.atLeast ? 'At least ' : ''}${cards} ${verb} waiting for you today`
}

/** The reminder mail for one user. */
export function reminderMail(input: ReminderMailInput): Mail {
  const { decision } = input
  const signature = signUnsubscribe(input.secret, input.userId)
  const pageUrl = unsubscribePageUrl(input.appUrl, input.userId, signature)
  const postUrl = unsubscribePostUrl(input.relayUrl, input.userId, signature)
  const learningUrl = `${input.appUrl.replace(/\/$/, '')}/learning`
  const progress = `Learned today: ${decision.learnedToday} of ${decision.dailyTarget}.`
  const lines = [
    'Hello,',
    '',
    `${reminderSubject(decision)} in Inkmark. ${progress}`,
    'A few minutes of review keep your highlights in memory.',
    '',
    `Start learning: ${learningUrl}`,
    '',
    '--',
    `You get this email once a day because learning reminders are on for ${input.to}.`,
    `Turn them off with one click: ${pageUrl}`,
  ]
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hello,</p>',
    `<p>${escapeHtml(reminderSubject(decision))} in Inkmark. ${escapeHtml(progress)}<br>`,
    'A few minutes of review keep your highlights in memory.</p>',
    `<p><a href="${escapeHtml(learningUrl)}">Start learning</a></p>`,
    '<hr>',
    `<p style="font-size: 0.875em">You get this email once a day because learning reminders are on for ${escapeHtml(input.to)}. `,
    `<a href="${escapeHtml(pageUrl)}">Turn learning reminders off</a></p>`,
    '</body></html>',
  ].join('\n')
  return {
    to: input.to,
    subject: reminderSubject(decision),
    text: lines.join('\n'),
    html,
    headers: {
      'List-Unsubscribe': `<${postUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
