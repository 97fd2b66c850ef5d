// The website's /unsubscribe/{userId}: which user ids it accepts (the relay's UUIDs and the older
// 24-digit hexadecimal ids) and the web app page that does the unsubscribing.

const USER_ID = /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
const SIGNATURE = /^[A-Za-z0-9_-]{16,128}$/

/** Whether `userId` has the shape of a user id (else the route answers 404). */
export function isUserIdShape(userId: string | undefined): boolean {
  return userId !== undefined && USER_ID.test(userId)
}

/** The web app's unsubscribe page for `userId`, with the mail link's signature when it has one. */
export function appUnsubscribeUrl(appUrl: string, userId: string, search: string): string {
  const signature = new URLSearchParams(search).get('signature')
  const query =
    signature !== null && SIGNATURE.test(signature)
      ? `?${new URLSearchParams({ signature }).toString()}`
      : ''
  return `${appUrl}/unsubscribe/${encodeURIComponent(userId)}${query}`
}
