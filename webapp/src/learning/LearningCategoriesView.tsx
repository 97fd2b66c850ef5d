// Learn by category: the tags and the sites of the cards, each with its due cards; choosing one
// starts a session of that category's cards.
import { EmptyState, SiteIcon, countLabel } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLibraryQuery } from '../library/LibraryProvider'
import { learningCategories } from '@inkmark/shared'
import { useLearningCards } from './use-learning'

/** The categories view of /learning. */
export function LearningCategoriesView() {
  const { marks, now, tz } = useLearningCards()
  const categories = useLibraryQuery(() => learningCategories(marks, now, tz), [marks])
  return (
    <div className="learning-categories">
      <section aria-labelledby="learning-tags-heading">
        <h2 id="learning-tags-heading">By tag</h2>
        {categories.tags.length === 0 ? (
          <EmptyState title="No tagged highlights" headingLevel={3}>
            <p>Tag your highlights (in a page&apos;s notebook) to learn them by topic.</p>
          </EmptyState>
        ) : (
          <ul className="learning-category-list">
            {categories.tags.map(({ tag, total, due }) => (
              <li key={tag}>
                <CategoryLink
                  search={{ view: 'session', tag }}
                  name={`#${tag}`}
                  total={total}
                  due={due}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="learning-sites-heading">
        <h2 id="learning-sites-heading">By site</h2>
        {categories.sites.length === 0 ? (
          <EmptyState title="No highlights yet" headingLevel={3}>
            <p>Highlights you make on a site are listed here under its name.</p>
          </EmptyState>
        ) : (
          <ul className="learning-category-list">
            {categories.sites.map(({ origin, total, due }) => (
              <li key={origin}>
                <CategoryLink
                  search={{ view: 'session', origin }}
                  name={origin}
                  icon={
                    <SiteIcon
                      url={origin.includes('://') ? origin : `https://${origin}`}
                      iconUrl={null}
                    />
                  }
                  total={total}
                  due={due}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function CategoryLink({
  search,
  name,
  icon,
  total,
  due,
}: {
  search: { view: 'session'; tag?: string; origin?: string }
  name: string
  icon?: ReactNode
  total: number
  due: number
}) {
  const counts = `${countLabel(due, 'card')} due, ${countLabel(total, 'card')} in all`
  if (due === 0) {
    return (
      <span className="learning-category learning-category--idle">
        {icon}
        <span className="learning-category__name">{name}</span>
        <span className="learning-category__counts">{counts}</span>
      </span>
    )
  }
  return (
    <Link to="/learning" search={search} className="learning-category">
      {icon}
      <span className="learning-category__name">{name}</span>
      <span className="learning-category__counts">{counts}</span>
    </Link>
  )
}
