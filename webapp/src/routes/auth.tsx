import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../account/AuthPage'
import { parseAuthSearch } from '../account/auth-search'

export const Route = createFileRoute('/auth')({
  validateSearch: parseAuthSearch,
  component: AuthRoute,
})

function AuthRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AuthPage
      search={search}
      onTabChange={(tab) =>
        void navigate({
          search: (previous) => ({ ...previous, tab: tab === 'sign-up' ? 'sign-up' : undefined }),
          replace: true,
        })
      }
    />
  )
}
