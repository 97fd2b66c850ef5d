import { useState } from 'react'
import { byMostRecent } from '../../pages/library-text'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { BookmarkList } from './BookmarkItem'
import { DrillDownButton, DrillDownDetail } from './DrillDown'
import { QueryView } from './QueryView'

/** The spec's domains-view: every site with saved pages, then one site's pages. */
export function DomainsView() {
  const [domain, setDomain] = useState<string>()
  return domain ? (
    <DomainPages domain={domain} onBack={() => setDomain(undefined)} />
  ) : (
    <DomainList onOpen={setDomain} />
  )
}

function DomainList({ onOpen }: { onOpen: (domain: string) => void }) {
  const state = useLibraryQuery(() => callStore('getAllOrigins'), 'origins')
  return (
    <QueryView state={state}>
      {(origins) =>
        origins.length === 0 ? (
          <p className="empty">
            No websites yet. Sites of the pages you highlight are listed here.
          </p>
        ) : (
          <ul className="list" aria-label="Websites">
            {origins.map(({ origin, count }) => (
              <DrillDownButton
                key={origin}
                name={origin}
                count={count}
                unit="pages"
                onOpen={() => onOpen(origin)}
              />
            ))}
          </ul>
        )
      }
    </QueryView>
  )
}

function DomainPages({ domain, onBack }: { domain: string; onBack: () => void }) {
  const state = useLibraryQuery(
    async () => byMostRecent(await callStore('getBookmarksForDomain', domain)),
    `domain:${domain}`,
  )
  return (
    <DrillDownDetail title={domain} backLabel="All websites" onBack={onBack}>
      <QueryView state={state}>
        {(bookmarks) => (
          <BookmarkList
            bookmarks={bookmarks}
            label={`Pages on ${domain}`}
            empty="No pages on this website any more."
          />
        )}
      </QueryView>
    </DrillDownDetail>
  )
}
