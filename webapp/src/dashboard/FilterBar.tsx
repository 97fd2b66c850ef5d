// The dashboard's filters (spec: keys tag, origin and isImage, combined with AND or OR), kept in
// the URL's base64 `filters` parameter. Values are offered from the library (its tags and sites),
// so a filter always names something that exists.
import { FilterKey, FilterLogical, type Filter } from '@inkmark/shared'
import { useState, type FormEvent } from 'react'
import { SelectField } from '../components/SelectField'
import { useLibraryQuery } from '../library/LibraryProvider'
import { FILTER_KEY_LABELS, describeFilter } from '../lib/filter-labels'

/** Props of FilterBar. */
export interface FilterBarProps {
  filters: readonly Filter[]
  onChange: (filters: Filter[]) => void
}

/** The active filters as removable chips, and a form that adds one. */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const [key, setKey] = useState<FilterKey>(FilterKey.TAG)
  const [value, setValue] = useState('')
  const [logical, setLogical] = useState<FilterLogical>(FilterLogical.AND)
  const tags = useLibraryQuery((store) => store.getAllTags(), [])
  const origins = useLibraryQuery((store) => store.getAllOrigins(), [])
  const choices =
    key === FilterKey.TAG
      ? tags.map((tag) => ({ value: tag.name, label: `${tag.name} (${tag.count})` }))
      : key === FilterKey.ORIGIN
        ? origins.map((origin) => ({
            value: origin.origin,
            label: `${origin.origin} (${origin.count})`,
          }))
        : [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
  const chosen = choices.some((choice) => choice.value === value)
    ? value
    : (choices[0]?.value ?? '')

  function add(event: FormEvent) {
    event.preventDefault()
    if (chosen !== '') {
      onChange([...filters, { key, value: chosen, logical }])
    }
  }

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
      <form className="filter-form" onSubmit={add}>
        <SelectField
          label="Filter by"
          value={key}
          onChange={(event) => setKey(event.target.value as FilterKey)}
        >
          {Object.values(FilterKey).map((filterKey) => (
            <option key={filterKey} value={filterKey}>
              {FILTER_KEY_LABELS[filterKey]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Value"
          value={chosen}
          onChange={(event) => setValue(event.target.value)}
          disabled={choices.length === 0}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Combine"
          value={logical}
          onChange={(event) => setLogical(event.target.value as FilterLogical)}
        >
          <option value={FilterLogical.AND}>Must match (AND)</option>
          <option value={FilterLogical.OR}>May match (OR)</option>
        </SelectField>
        <button type="submit" className="button" disabled={chosen === ''}>
          Add filter
        </button>
      </form>
    </section>
  )
}
