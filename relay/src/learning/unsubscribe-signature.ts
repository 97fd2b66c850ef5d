// The signature of a one-click unsubscribe link: an HMAC-SHA256 over the purpose and the user id
// with a key derived from the relay's secret. It is no login token: it can do one thing (turn
// that user's learning reminder off), cannot be made for another user without the secret, and is
// compared in constant time. Links stay valid until the relay's secret changes.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a signature allows; part of the signed text, so a signature for one purpose fits no other. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe-learning-reminder'

function unsubscribeKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('inkmark unsubscribe link key v1').digest()
}

/** The signature of the user's unsubscribe link (base64url, 43 characters). */
export function signUnsubscribe(secret: Uint8Array, userId: string): string {
  return createHmac('sha256', unsubscribeKey(secret))
    .update(`${UNSUBSCRIBE_PURPOSE}\n${userId}`)
    .digest('base64url')
}

/** Whether `signature` is the user's. */
export function verifyUnsubscribe(secret: Uint8Array, userId: string, signature: string): boolean {
  const expected = Buffer.from(signUnsubscribe(secret, userId))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The web app's page for the link: `${appUrl}/unsubscribe/{userId}?signature=...`. */
export function unsubscribePageUrl(appUrl: string, userId: string, signature: string): string {
  return `${appUrl.replace(/\/$/, '')}/unsubscribe/${encodeURIComponent(userId)}?signature=${signature}`
}

/** The relay's one-click endpoint (RFC 8058): `POST ${relayUrl}/unsubscribe/{userId}?signature=...`. */
export function unsubscribePostUrl(relayUrl: string, userId: string, signature: string): string {
  return `${relayUrl.replace(/\/$/, '')}/unsubscribe/${encodeURIComponent(userId)}?signature=${signature}`
}
