import { createFileRoute } from '@tanstack/react-router'
import { SharingPage } from '../sharing/SharingPage'

export const Route = createFileRoute('/sharing')({
  component: SharingPage,
})
