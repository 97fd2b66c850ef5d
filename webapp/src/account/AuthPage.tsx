// /auth: log in or sign up in one place, then back to where the person was (redirectPath, only a
// path of this app; an outside address is refused and said so). With google-sso the page says
// plainly that single sign-on is not set up on this relay (Inkmark's relay has email and password
// accounts only, ADR 054) and offers the email form.
import { Tabs } from '@inkmark/design'
import { useRouter } from '@tanstack/react-router'
import { logIn, registerAccount } from './account-api'
import { AccountPage } from './AccountPage'
import type { AuthSearch } from './auth-search'
import { CredentialsForm } from './CredentialsForm'
import { redirectPathOrDefault, toSafeRedirectPath } from './redirect-path'
import { useSession } from './SessionProvider'

/** Said for /auth?google-sso. */
export const SSO_NOT_CONFIGURED_MESSAGE =
  'Single sign-on with Google is not set up on this server. Log in or sign up with your email and a password instead.'
/** Said when redirectPath is not a page of this app. */
export const REDIRECT_REFUSED_MESSAGE =
  'The link asked to go to a page outside Inkmark after signing in. You will go to your library instead.'

/** The /auth page for `search`. */
export function AuthPage({
  search,
  onTabChange,
}: {
  search: AuthSearch
  onTabChange: (tab: 'log-in' | 'sign-up') => void
}) {
  const { session, signIn } = useSession()
  const router = useRouter()
  const refused =
    search.redirectPath !== undefined && toSafeRedirectPath(search.redirectPath) === undefined
  const target = redirectPathOrDefault(search.redirectPath)
  const done = (token: string) => {
    signIn(token)
    // A path string (with its query) goes to the history as is: it was checked to be this app's.
    router.history.push(target)
  }
  const tab = search.tab === 'sign-up' ? 'sign-up' : 'log-in'
  return (
    <AccountPage title="Log in or sign up">
      {search['google-sso'] === true && (
        <p className="account-error" role="alert">
          {SSO_NOT_CONFIGURED_MESSAGE}
        </p>
      )}
      {refused && <p role="status">{REDIRECT_REFUSED_MESSAGE}</p>}
      {session !== null && (
        <p role="status">
          You are logged in{session.email ? ` as ${session.email}` : ''}. Logging in again replaces
          this session on this device.
        </p>
      )}
      <p>
        An account is optional: your library works on this device without one. With an account it
        syncs between your devices.
      </p>
      <Tabs
        aria-label="Log in or sign up"
        selectedKey={tab}
        onSelectionChange={(id) => onTabChange(id === 'sign-up' ? 'sign-up' : 'log-in')}
        items={[
          {
            id: 'log-in',
            label: 'Log in',
            panel: (
              <CredentialsForm
                submitLabel="Log in"
                isNewPassword={false}
                onSubmit={async (email, password) => done(await logIn(email, password))}
              />
            ),
          },
          {
            id: 'sign-up',
            label: 'Sign up',
            panel: (
              <CredentialsForm
                submitLabel="Sign up"
                isNewPassword
                onSubmit={async (email, password) => done(await registerAccount(email, password))}
              />
            ),
          },
        ]}
      />
    </AccountPage>
  )
}
