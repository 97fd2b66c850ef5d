import { planDisplayName, resolvePlan } from '@inkmark/shared'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: Dashboard,
})

function Dashboard() {
  return (
    <main>
      <h1>Inkmark</h1>
      <p>Plan: {planDisplayName(resolvePlan(null, 0))}</p>
      <p>Your highlights and saved pages will appear here.</p>
    </main>
  )
}
