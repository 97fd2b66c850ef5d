import { createFileRoute } from '@tanstack/react-router'
import { AiTroubleshootingGuide } from '../ai/AiTroubleshootingGuide'

export const Route = createFileRoute('/help/ai')({
  component: AiTroubleshootingGuide,
})
