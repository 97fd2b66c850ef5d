// The relay's account calls, one function each, over the shared RelayClient (bearer token, the wh-*
// headers, typed errors). Sign-in, registration, password change and reset and account deletion
// never reach the backup relay a GET /config answer names (RelayClient's credential calls).
import { RelayClient } from '@inkmark/shared'
import { credentialRelayServers, relayServers } from './relay-url'

/** A relay client of this build's relay (none when its address is refused), with `getToken()`. */
export function createRelayClient(getToken: () => string | undefined): RelayClient {
  return new RelayClient({
    servers: relayServers,
    credentialServers: credentialRelayServers,
    getToken,
    browserType: 'web',
    appType: 'webapp',
  })
}

const anonymous = createRelayClient(() => undefined)

/** Opens an account; resolves its login token. */
export async function registerAccount(email: string, password: string): Promise<string> {
  const answer = await anonymous.request<{ token: string }>('POST', '/users/register', {
    email: email.trim(),
    password,
  })
  return answer.token
}

/** Signs in; resolves the login token. */
export async function logIn(email: string, password: string): Promise<string> {
  const answer = await anonymous.request<{ token: string }>('POST', '/auth', {
    email: email.trim(),
    password,
  })
  return answer.token
}

/** Asks the relay to email a reset link (the answer is the same whether the account exists). */
export async function requestPasswordReset(email: string): Promise<void> {
  await anonymous.request('POST', `/users/reset-password?email=${encodeURIComponent(email.trim())}`)
}

/** Sets a new password with the token of a reset link (in the body: URLs end up in logs). */
export async function resetPassword(token: string, password: string): Promise<void> {
  await anonymous.request('POST', '/password-reset', { token, password })
}

/**
 * Changes the password (the current one is required); every session ends, and the relay answers
 * this device's new token.
 */
export async function changePassword(
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<string> {
  const answer = await createRelayClient(() => token).request<{ token: string }>(
    'POST',
    '/users/change-password',
    { oldPassword: currentPassword, newPassword },
  )
  return answer.token
}

/** Ends every session of the account, this one included. */
export async function logOutEverywhere(token: string): Promise<void> {
  await createRelayClient(() => token).request('POST', '/users/logout-all', {})
}

/** Deletes the account and all its data on the relay (the current password is required). */
export async function deleteAccount(token: string, currentPassword: string): Promise<void> {
  await createRelayClient(() => token).request('DELETE', '/users/delete', {
    password: currentPassword,
  })
}

/** Sends the confirmation email again to the signed-in user. */
export async function resendConfirmationEmail(token: string): Promise<void> {
  await createRelayClient(() => token).request('POST', '/users/resend-email-confirmation', {})
}

/** What GET /users/userinfo/{id} answers of the signed-in user. */
export interface UserInfo {
  _id: string
  email?: string
  isEmailActivated?: boolean
}

/** The signed-in user's account as the relay has it now (its cache bypassed). */
export function fetchUserInfo(token: string, userId: string): Promise<UserInfo> {
  return createRelayClient(() => token).request<UserInfo>(
    'GET',
    `/users/userinfo/${encodeURIComponent(userId)}?invalidateCache=true`,
  )
}

/** Confirms an email with the one-time token of the mailed link (no sign-in needed). */
export async function confirmEmail(oneTimeToken: string): Promise<void> {
  await anonymous.request('GET', `/users/confirm-email?token=${encodeURIComponent(oneTimeToken)}`)
}

/** Renews a valid login token; resolves the new one (a refused token rejects with a 401). */
export async function refreshToken(token: string): Promise<string> {
  const answer = await createRelayClient(() => token).request<{ token: string }>(
    'POST',
    '/auth/refresh-token',
    {},
  )
  return answer.token
}
