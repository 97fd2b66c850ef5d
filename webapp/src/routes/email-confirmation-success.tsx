import { createFileRoute } from '@tanstack/react-router'
import { EmailConfirmationPage } from '../account/EmailConfirmationPage'

export const Route = createFileRoute('/email-confirmation-success')({
  component: EmailConfirmationPage,
})
