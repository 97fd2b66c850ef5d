// The dashboard's filters (spec: keys tag, origin and isImage, combined with AND or OR), kept in
// the URL's base64 `filters` parameter. Values are offered from the library (its tags and sites),
// so a filter always names something that exists; they are read only when a filter is being
// added, since collecting a large library's tags takes a moment the first view need not wait for.
import type { Filter } from '@inkmark/shared'
import { useEffect, useRef, useState } from 'react'
import { describeFilter } from '../lib/filter-labels'
import { AddFilterForm } from './AddFilterForm'

/** Props of FilterBar. */
export interface FilterBarProps {
  filters: readonly Filter[]
  onChange: (filters: Filter[]) => void
  /** False while the library opens: the form offers the library's tags and sites. */
  canAdd?: boolean
}

/** The active filters as removable chips, and a form that adds one. */
export function FilterBar({ filters, onChange, canAdd = true }: FilterBarProps) {
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  const wasAdding = useRef(false)

  // Once the form closes (applied or cancelled), the keyboard goes back to its button.
  useEffect(() => {
    if (wasAdding.current && !adding) {
      addButton.current?.focus()
    }
    wasAdding.current = adding
  }, [adding])

  return (
    <section className="filter-bar" aria-label="Filters">
      {filters.length > 0 && (
        <ul className="filter-chips">
          {filters.map((filter, index) => (
            <li key={`${filter.key}:${filter.value}:${index}`} className="chip">
              {filter.logical && <span className="chip-logical">{filter.logical}</span>}{' '}
              {describeFilter(filter)}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove filter ${describeFilter(filter)}`}
                onClick={() => onChange(filters.filter((_, other) => other !== index))}
              >
                ×
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button link-button" onClick={() => onChange([])}>
              Clear all
            </button>
          </li>
        </ul>
      )}
      {adding ? (
        <AddFilterForm
          onAdd={(filter) => {
            onChange([...filters, filter])
            setAdding(false)
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button
          type="button"
          className="button"
          ref={addButton}
          aria-disabled={!canAdd}
          title={canAdd ? undefined : 'Opening your library…'}
          onClick={() => canAdd && setAdding(true)}
        >
          Add filter
        </button>
      )}
    </section>
  )
}
