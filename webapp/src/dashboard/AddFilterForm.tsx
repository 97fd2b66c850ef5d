import {
  FilterKey,
  FilterLogical,
  MemoryLevel,
  memoryLevelLabel,
  type Filter,
} from '@inkmark/shared'
import { useState, type FormEvent } from 'react'
import { SelectField } from '../components/SelectField'
import { useLibraryQuery } from '../library/LibraryProvider'
import { FILTER_KEY_LABELS } from '../lib/filter-labels'

/** Props of AddFilterForm. */
export interface AddFilterFormProps {
  onAdd: (filter: Filter) => void
  onCancel: () => void
}

/** Chooses a filter's key, a value the library has, and how it combines. */
export function AddFilterForm({ onAdd, onCancel }: AddFilterFormProps) {
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
        : key === FilterKey.MEMORY_LEVEL
          ? Object.values(MemoryLevel).map((level) => ({
              value: level,
              label: memoryLevelLabel(level),
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
      onAdd({ key, value: chosen, logical })
    }
  }

  return (
    <form className="filter-form" onSubmit={add}>
      <SelectField
        autoFocus
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
        Apply filter
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  )
}
