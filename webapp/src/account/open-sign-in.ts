// Opening sign-in from anywhere: the /auth page, told where to come back to. `useOpenSignIn()`
// is for buttons (the token-expired toast, billing's "Log in to buy"); the flag parameter
// (`?auth=1` on any route, the spec's "flag parameter that marks that authentication should open")
// is for links from outside the app, handled by <SignInFlag /> in the layout.
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { toSafeRedirectPath } from './redirect-path'

/** The flag parameter that opens sign-in on any route. */
export const AUTH_FLAG_PARAM = 'auth'

/** The /auth search of a sign-in that comes back to `redirectPath` (a same-origin path). */
export function authSearch(redirectPath?: string): { redirectPath?: string } {
  const safe = toSafeRedirectPath(redirectPath)
  return safe === undefined ? {} : { redirectPath: safe }
}

/** The current path with its query, for coming back to it after signing in. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`
}

/** A function that opens sign-in, coming back to `redirectPath` (the current page by default). */
export function useOpenSignIn(): (redirectPath?: string) => void {
  const navigate = useNavigate()
  return useCallback(
    (redirectPath?: string) => {
      void navigate({ to: '/auth', search: authSearch(redirectPath ?? currentPath()) })
    },
    [navigate],
  )
}

/** The location without the flag parameter: the path to come back to. */
export function withoutAuthFlag(pathname: string, searchStr: string): string {
  const params = new URLSearchParams(searchStr)
  params.delete(AUTH_FLAG_PARAM)
  const rest = params.toString()
  return `${pathname}${rest === '' ? '' : `?${rest}`}`
}

/** Handles `?auth=...` on any route: opens sign-in (replacing the flagged entry) once. */
export function SignInFlag() {
  const navigate = useNavigate()
  const { pathname, searchStr } = useRouterState({
    select: (state) => ({
      pathname: state.location.pathname,
      searchStr: state.location.searchStr,
    }),
  })
  const flagged = new URLSearchParams(searchStr).has(AUTH_FLAG_PARAM)
  useEffect(() => {
    if (!flagged || pathname === '/auth') {
      return
    }
    void navigate({
      to: '/auth',
      search: authSearch(withoutAuthFlag(pathname, searchStr)),
      replace: true,
    })
  }, [flagged, pathname, searchStr, navigate])
  return null
}
