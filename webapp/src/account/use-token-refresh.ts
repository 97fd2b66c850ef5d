// Keeps the signed-in token fresh for SessionProvider: checks it on start, on focus and every
// TOKEN_CHECK_INTERVAL_MS; renews it through the relay when due (a failed call for want of the
// network is tried again at the next check); signs out with 'Your token expired. Please login
// again.' when it has expired or the relay refuses it.
import { Message, RelayCallError, RelayErrorKind } from '@inkmark/shared'
import { useEffect } from 'react'
import { refreshToken } from './account-api'
import { TOKEN_CHECK_INTERVAL_MS, tokenVerdict } from './token-refresh'

/** Refreshes `token` as needed; `replace` stores a renewed one, `expire` signs out with a notice. */
export function useTokenRefresh(
  token: string | null,
  replace: (token: string) => void,
  expire: (notice: string) => void,
): void {
  useEffect(() => {
    if (token === null) {
      return
    }
    let live = true
    let refreshing = false
    const check = () => {
      const verdict = tokenVerdict(token, Date.now())
      if (verdict === 'expired') {
        expire(Message.TOKEN_EXPIRED)
        return
      }
      if (verdict !== 'refresh' || refreshing) {
        return
      }
      refreshing = true
      refreshToken(token).then(
        (next) => {
          refreshing = false
          if (live && tokenVerdict(next, Date.now()) === 'valid') {
            replace(next)
          }
        },
        (error: unknown) => {
          refreshing = false
          if (
            live &&
            error instanceof RelayCallError &&
            error.kind === RelayErrorKind.UNAUTHORIZED
          ) {
            expire(Message.TOKEN_EXPIRED)
          }
        },
      )
    }
    check()
    const timer = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS)
    window.addEventListener('focus', check)
    return () => {
      live = false
      window.clearInterval(timer)
      window.removeEventListener('focus', check)
    }
  }, [token, replace, expire])
}
