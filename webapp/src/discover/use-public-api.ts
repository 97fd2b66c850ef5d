// The public sharing client of this build's relay, carrying the signed-in session's token (used
// only by the calls that need it: see public-api.ts). A new client when the session changes, so
// that screens load again with the right likedByMe.
import { useMemo } from 'react'
import { useSession } from '../account/SessionProvider'
import { RELAY_URL } from '../account/relay-url'
import { createPublicApi, type PublicApi } from './public-api'

/** The public calls for the current session. */
export function usePublicApi(): PublicApi {
  const { session } = useSession()
  const token = session?.token
  return useMemo(() => createPublicApi({ relayUrl: RELAY_URL, getToken: () => token }), [token])
}

/** Whether someone is signed in (likes need an account). */
export function useSignedIn(): boolean {
  return useSession().session !== null
}
