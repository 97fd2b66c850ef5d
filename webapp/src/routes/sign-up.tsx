import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { registerAccount } from '../account/account-api'
import { AccountPage } from '../account/AccountPage'
import { CredentialsForm } from '../account/CredentialsForm'
import { useSession } from '../account/SessionProvider'

export const Route = createFileRoute('/sign-up')({
  component: SignUpPage,
})

function SignUpPage() {
  const { signIn } = useSession()
  const navigate = useNavigate()
  return (
    <AccountPage title="Sign up">
      <CredentialsForm
        submitLabel="Sign up"
        isNewPassword
        onSubmit={async (email, password) => {
          signIn(await registerAccount(email, password))
          await navigate({ to: '/' })
        }}
      />
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AccountPage>
  )
}
