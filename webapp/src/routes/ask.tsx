import { createFileRoute } from '@tanstack/react-router'
import { AskLibraryPage } from '../ask-library/AskLibraryPage'

export const Route = createFileRoute('/ask')({
  component: AskLibraryPage,
})
