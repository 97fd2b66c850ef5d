import { createFileRoute } from '@tanstack/react-router'
import { UnsubscribePage } from '../unsubscribe/UnsubscribePage'
import { parseUnsubscribeSearch } from '../unsubscribe/unsubscribe-search'

export const Route = createFileRoute('/unsubscribe/$userId')({
  validateSearch: parseUnsubscribeSearch,
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { userId } = Route.useParams()
  const { signature } = Route.useSearch()
  return <UnsubscribePage userId={userId} {...(signature === undefined ? {} : { signature })} />
}
