// /learning: the learning views under one heading with their own navigation (dashboard,
// categories, schedule, streak); a session replaces the navigation while it runs.
import { Link } from '@tanstack/react-router'
import { LearningCategoriesView } from './LearningCategoriesView'
import { LearningDashboardView } from './LearningDashboardView'
import { LearningScheduleView } from './LearningScheduleView'
import { LearningSession } from './LearningSession'
import { StreakOverview } from './StreakOverview'
import {
  learningCategoryOf,
  learningViewOf,
  type LearningSearch,
  type LearningView,
} from './learning-search'
import './learning.css'

const NAV: { view: LearningView; label: string }[] = [
  { view: 'dashboard', label: 'Dashboard' },
  { view: 'categories', label: 'Categories' },
  { view: 'schedule', label: 'Schedule' },
  { view: 'streak', label: 'Streak' },
]

/** The learning page. */
export function LearningPage({ search }: { search: LearningSearch }) {
  const view = learningViewOf(search)
  const category = learningCategoryOf(search)
  if (view === 'session') {
    const title =
      category === undefined
        ? 'Learning session'
        : 'tag' in category
          ? `Learning session: #${category.tag}`
          : `Learning session: ${category.origin}`
    return (
      <div className="learning-page">
        <h1>{title}</h1>
        {/* A new category is a new session: the key starts it afresh. */}
        <LearningSession key={JSON.stringify(category ?? null)} category={category} />
      </div>
    )
  }
  return (
    <div className="learning-page">
      <h1>Learning</h1>
      <nav aria-label="Learning" className="learning-nav">
        <ul>
          {NAV.map((item) => (
            <li key={item.view}>
              <Link
                to="/learning"
                search={item.view === 'dashboard' ? {} : { view: item.view }}
                aria-current={item.view === view ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'dashboard' && <LearningDashboardView />}
      {view === 'categories' && <LearningCategoriesView />}
      {view === 'schedule' && <LearningScheduleView />}
      {view === 'streak' && <StreakOverview />}
    </div>
  )
}
