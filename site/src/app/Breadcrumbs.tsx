// The breadcrumbs above a page's h1, from its meta (their BreadcrumbList JSON-LD is in the head).
import { Link } from './Link'
import type { Breadcrumb } from './route-types'

export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  if (items.length === 0) {
    return null
  }
  return (
    <nav className="site-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => {
          const isLast = index === items.length - 1
          return (
            <li key={`${item.label}-${index}`}>
              {isLast || item.path === undefined ? (
                <span aria-current={isLast ? 'page' : undefined}>{item.label}</span>
              ) : (
                <Link to={item.path}>{item.label}</Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
