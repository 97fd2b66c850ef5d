// The search dialog (spec: result types Pages, Highlights, Notes, Tags; ArrowDown, ArrowUp and
// Enter move and open), in the app's modal dialog: the page behind is inert, Escape closes and
// focus stays inside while it is open. Under the results, the query can be asked of the library
// instead (Ask your library, while AI chat is on).
import {
  ObjectStore,
  countLabel,
  encodeFilters,
  queryTerms,
  type LocalStore,
  type Mark,
} from '@inkmark/shared'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useAiChatEnabled } from '../ai-chat/use-ai-chat-enabled'
import { ModalDialog } from '../components/ModalDialog'
import { useLibraryQuery, useLibraryVersion, useLocalStore } from '../library/LibraryProvider'
import {
  SEARCH_GROUPS,
  MAX_RESULTS_PER_GROUP,
  SEARCH_HIT_LIMIT,
  hitsToSearchOptions,
  moveActiveIndex,
  toSearchOptions,
  type SearchOption,
} from '../lib/search-options'
import { libraryIndex, whenLibraryIndexReady } from './library-index'
import { SearchOptionContent } from './SearchOptionContent'
import './search.css'

/** The performance mark of a query's results having been rendered. */
const SEARCH_RESULTS_MARK = 'inkmark-search-results'

/** The search dialog; `onClose` is called on Escape and on the close button. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [activeIndex, setActiveIndex] = useState(-1)
  const navigate = useNavigate()
  const store = useLocalStore()
  const version = useLibraryVersion()
  const [indexReady, setIndexReady] = useState(false)
  const chatEnabled = useAiChatEnabled()
  useEffect(() => whenLibraryIndexReady(store, () => setIndexReady(true)), [store])
  // Results render with the keystroke, in the same frame: with the library index
  // (docs/adr/037-search.md) a query takes a few milliseconds, and a deferred value would always
  // show them a frame or two after the letter.
  const options = useLibraryQuery(
    (library) => searchOptions(library, query, version),
    [query, indexReady],
  )
  const active = options[Math.min(activeIndex, options.length - 1)]

  // A new query starts at its first result; a library change while open keeps the place.
  useEffect(() => {
    setActiveIndex(0)
  }, [query])

  // When the results of a query are in the page (a layout effect: before the frame that paints
  // them), for the web app benchmark and DevTools' timeline.
  useLayoutEffect(() => {
    performance.mark(SEARCH_RESULTS_MARK, { detail: { query } })
  }, [query, options])

  useEffect(() => {
    if (active) {
      document.getElementById(optionElementId(active))?.scrollIntoView({ block: 'nearest' })
    }
  }, [active])

  function open(option: SearchOption) {
    if (option.kind === 'bookmark') {
      void navigate({ to: '/page/$id', params: { id: option.bookmark._id } })
    } else if (option.kind === 'tag') {
      void navigate({
        to: '/',
        search: { filters: encodeFilters([{ key: 'tag', value: option.tag.name }]) },
      })
    } else {
      void navigate({
        to: '/page/$id',
        params: { id: option.mark._bookmark },
        hash: `mark-${option.mark._id}`,
      })
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActiveIndex((index) =>
        moveActiveIndex(index, event.key === 'ArrowDown' ? 1 : -1, options.length),
      )
    } else if (event.key === 'Enter' && active) {
      event.preventDefault()
      open(active)
    }
  }

  const trimmed = query.trim()
  return (
    <ModalDialog
      labelledBy="search-dialog-title"
      className="search-dialog"
      onClose={onClose}
      initialFocus={inputRef}
    >
      <div className="search-dialog-header">
        <h2 id="search-dialog-title">Search</h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      <input
        className="search-input"
        type="search"
        ref={inputRef}
        role="combobox"
        autoComplete="off"
        aria-label="Search pages, highlights, notes and tags"
        aria-expanded={options.length > 0}
        aria-controls="search-results"
        aria-autocomplete="list"
        aria-activedescendant={active ? optionElementId(active) : undefined}
        placeholder="Search pages, highlights, notes and tags"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onInputKeyDown}
      />
      <div id="search-results" role="listbox" aria-label="Results" className="search-results">
        {SEARCH_GROUPS.map(({ kind, label }) => {
          const members = options.filter((option) => option.kind === kind)
          if (members.length === 0) {
            return null
          }
          return (
            <div key={kind} role="group" aria-labelledby={`search-group-${kind}`}>
              <div id={`search-group-${kind}`} role="presentation" className="search-group-label">
                {label}
              </div>
              {members.map((option) => (
                <div
                  key={option.id}
                  id={optionElementId(option)}
                  role="option"
                  aria-selected={option === active}
                  className="search-option"
                  onMouseMove={() => setActiveIndex(options.indexOf(option))}
                  onClick={() => open(option)}
                >
                  <SearchOptionContent option={option} />
                </div>
              ))}
            </div>
          )
        })}
      </div>
      <p className="search-status" role="status">
        {trimmed === ''
          ? 'Type to search your library.'
          : options.length === 0
            ? `Nothing found for “${trimmed}”.`
            : `${countLabel(options.length, 'result')}. Use the arrow keys and Enter to open one.`}
      </p>
      {trimmed !== '' && chatEnabled && (
        <p className="search-ask">
          <Link to="/ask" search={{ q: trimmed }}>
            Ask your library: “{trimmed}”
          </Link>
        </p>
      )}
    </ModalDialog>
  )
}

/** The options of `query`: ranked by the index, or by substring while the index is being built. */
function searchOptions(store: LocalStore, query: string, version: number): SearchOption[] {
  const index = libraryIndex(store, version)
  if (index === undefined) {
    return toSearchOptions(store.getEntitiesForSearchValue(query), undefined, queryTerms(query))
  }
  // Pages and highlights asked apart, so that a word in hundreds of highlights cannot crowd the
  // pages out of their group.
  const hits =
    query.trim() === ''
      ? []
      : [
          ...index.search(query, { kinds: ['bookmark'], limit: MAX_RESULTS_PER_GROUP }),
          ...index.search(query, { kinds: ['mark'], limit: SEARCH_HIT_LIMIT }),
        ]
  return hitsToSearchOptions(
    hits,
    {
      bookmark: (id) => store.getBookmark(id),
      mark: (id) => store.getEntityById(id, ObjectStore.MARKS) as Mark | undefined,
    },
    hits.length === 0 && queryTerms(query).length === 0 ? [] : store.getAllTags(),
    query,
  )
}

function optionElementId(option: SearchOption): string {
  return `search-option-${option.id.replace(/[^a-zA-Z0-9_-]/g, '_')}`
}
