import { createFileRoute } from '@tanstack/react-router'
import { LearningPage } from '../learning/LearningPage'
import { parseLearningSearch } from '../learning/learning-search'

export const Route = createFileRoute('/learning')({
  validateSearch: parseLearningSearch,
  component: LearningRoute,
})

function LearningRoute() {
  return <LearningPage search={Route.useSearch()} />
}
