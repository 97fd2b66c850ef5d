import { createFileRoute } from '@tanstack/react-router'
import { GiveawayPage } from '../giveaway/GiveawayPage'

export const Route = createFileRoute('/giveaway/$giveawayId')({
  component: GiveawayRoute,
})

function GiveawayRoute() {
  const { giveawayId } = Route.useParams()
  return <GiveawayPage giveawayId={giveawayId} />
}
