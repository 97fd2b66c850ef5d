import { Navigate, createFileRoute } from '@tanstack/react-router'

// The Account view lives in Settings; /account (older links, bookmarks) goes there.
export const Route = createFileRoute('/account')({
  component: () => <Navigate to="/settings" search={{ view: 'account' }} replace />,
})
