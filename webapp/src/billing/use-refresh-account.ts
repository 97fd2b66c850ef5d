// After a purchase, a cancellation or a resume the plan comes from the relay: the session's
// refreshAccount (webapp/src/account) reads the account again and renews the login token, so the
// plan shown and the features unlocked follow at once.
import { useSession } from '../account/SessionProvider'

/** A function that brings the session's plan up to date with the relay. */
export function useRefreshAccount(): () => Promise<void> {
  return useSession().refreshAccount
}
