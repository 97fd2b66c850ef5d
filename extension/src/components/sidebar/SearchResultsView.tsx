import { countLabel } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { BookmarkList } from './BookmarkItem'
import { MarkItem } from './MarkItem'
import { QueryView } from './QueryView'

const SEARCH_DELAY_MS = 200
const SHOWN_PER_TYPE = 50

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/**
 * What the library holds for a search, by the spec's result types (Pages, Highlights, Notes, Tags),
 * ranked by the word index (ADR 037) with the matched words marked.
 */
export function SearchResultsView({ value }: { value: string }) {
  const query = useSettled(value.trim(), SEARCH_DELAY_MS)
  const state = useLibraryQuery(() => callStore('searchLibrary', query, SHOWN_PER_TYPE), query)
  return (
    <section aria-label="Search results">
      <QueryView state={state}>
        {({ bookmarks, marks, notes, tags, terms }) => {
          const total = bookmarks.length + marks.length + notes.length + tags.length
          return (
            <>
              <p className="meta" role="status">
                {total === 0 ? `Nothing found for “${query}”.` : countLabel(total, 'result')}
              </p>
              {bookmarks.length > 0 ? (
                <>
                  <h2 className="section-title">Pages</h2>
                  <BookmarkList
                    bookmarks={bookmarks.slice(0, SHOWN_PER_TYPE)}
                    label="Pages found"
                    empty=""
                  />
                </>
              ) : null}
              {marks.length > 0 ? (
                <>
                  <h2 className="section-title">Highlights</h2>
                  <ul className="list" aria-label="Highlights found">
                    {marks.slice(0, SHOWN_PER_TYPE).map((mark) => (
                      <MarkItem key={mark._id} mark={mark} showPage terms={terms} />
                    ))}
                  </ul>
                </>
              ) : null}
              {notes.length > 0 ? (
                <>
                  <h2 className="section-title">Notes</h2>
                  <ul className="list" aria-label="Notes found">
                    {notes.slice(0, SHOWN_PER_TYPE).map((mark) => (
                      <MarkItem key={mark._id} mark={mark} showPage terms={terms} />
                    ))}
                  </ul>
                </>
              ) : null}
              {tags.length > 0 ? (
                <>
                  <h2 className="section-title">Tags</h2>
                  <ul className="tags" aria-label="Tags found">
                    {tags.slice(0, SHOWN_PER_TYPE).map((tag) => (
                      <li key={tag.name} className="tag">
                        {tag.name} ({tag.count})
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          )
        }}
      </QueryView>
    </section>
  )
}
