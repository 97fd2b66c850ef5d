// After a purchase the plan comes from the relay (its webhook decided it): read the account again
// (GET /users/userinfo/:id?invalidateCache=true) and renew the login token so that it carries the
// new plan; the session, and with it the plan shown and the features unlocked, follow at once.
import { useCallback } from 'react'
import { createRelayClient, refreshToken } from '../account/account-api'
import { useSession } from '../account/SessionProvider'

/** A function that brings the session's plan up to date with the relay. */
export function useRefreshAccount(): () => Promise<void> {
  const { session, signIn } = useSession()
  const token = session?.token
  const userId = session?.userId
  return useCallback(async () => {
    if (token === undefined || userId === undefined) {
      return
    }
    await createRelayClient(() => token).request(
      'GET',
      `/users/userinfo/${encodeURIComponent(userId)}?invalidateCache=true`,
    )
    signIn(await refreshToken(token))
  }, [token, userId, signIn])
}
