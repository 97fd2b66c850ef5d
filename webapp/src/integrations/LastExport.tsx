// The last export to a service, read from the library (bookmarks' integrationPages).
import { Link } from '@tanstack/react-router'
import { useLibraryQuery } from '../library/LibraryProvider'
import { formatDate } from '../lib/format-date'
import { toWebUrl } from '../lib/safe-url'
import { SERVICE_NAMES } from './export-outcome'
import type { IntegrationService } from './integration-settings'
import { lastExportOf } from './last-export'

/** "Last export: {page} on {date} (Open in {service})", or that there is none yet. */
export function LastExport({ service }: { service: IntegrationService }) {
  const last = useLibraryQuery((store) => lastExportOf(store.getAllBookmarks(), service), [service])
  const name = SERVICE_NAMES[service]
  if (last === undefined) {
    return (
      <p className="integration-last-export">
        No page exported to {name} yet. Export one from its page&apos;s actions.
      </p>
    )
  }
  const href = last.page.url === undefined ? undefined : toWebUrl(last.page.url)
  return (
    <p className="integration-last-export">
      Last export:{' '}
      <Link to="/page/$id" params={{ id: last.bookmarkId }}>
        {last.title}
      </Link>{' '}
      on {formatDate(last.page.createdAt)}
      {href !== undefined && (
        <>
          {' · '}
          <a href={href} target="_blank" rel="noopener noreferrer">
            Open in {name}
          </a>
        </>
      )}
    </p>
  )
}
