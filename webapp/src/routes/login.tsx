import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { logIn } from '../account/account-api'
import { AccountPage } from '../account/AccountPage'
import { CredentialsForm } from '../account/CredentialsForm'
import { useSession } from '../account/SessionProvider'

export const Route = createFileRoute('/login')({
  component: LoginPage,
})

function LoginPage() {
  const { signIn } = useSession()
  const navigate = useNavigate()
  return (
    <AccountPage title="Log in">
      <CredentialsForm
        submitLabel="Log in"
        isNewPassword={false}
        onSubmit={async (email, password) => {
          signIn(await logIn(email, password))
          await navigate({ to: '/' })
        }}
      />
      <p>
        <Link to="/reset-password">Forgot your password?</Link> ·{' '}
        <Link to="/sign-up">Create an account</Link>
      </p>
    </AccountPage>
  )
}
