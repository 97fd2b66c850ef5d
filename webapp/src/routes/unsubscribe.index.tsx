import { createFileRoute } from '@tanstack/react-router'
import { UnsubscribeHelpPage } from '../account/UnsubscribeHelpPage'

export const Route = createFileRoute('/unsubscribe/')({
  component: UnsubscribeHelpPage,
})
