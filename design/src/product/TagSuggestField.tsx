// A tag field with suggestions, as an ARIA combobox: the person types, the list below offers the
// tags the caller ranked (the shared suggestTags rule, spec section 5), ArrowDown and ArrowUp move
// through it (the field keeps the keyboard; aria-activedescendant names the option), Enter adds
// the highlighted suggestion or else what was typed, Escape closes the list, a click adds an
// option. Ranking and cleaning stay with the caller: this package imports nothing of ours.
import { useId, useState, type KeyboardEvent } from 'react'
import { classNames } from '../lib/class-names'

/** Props of TagSuggestField. */
export interface TagSuggestFieldProps {
  /** What is typed. */
  value: string
  onValueChange: (value: string) => void
  /** The suggestions for what is typed, best first (an empty list closes the list). */
  suggestions: readonly string[]
  /** Adds `tag` (a suggestion, or what was typed); the caller cleans it and clears the field. */
  onAdd: (tag: string) => void
  /** The field's accessible name. */
  label: string
  placeholder?: string
  className?: string
  /** Class of the list (positioned by the caller's styles; defaults to the design's look). */
  listClassName?: string
}

/** A text field that adds tags, with a keyboard-accessible list of suggestions. */
export function TagSuggestField({
  value,
  onValueChange,
  suggestions,
  onAdd,
  label,
  placeholder,
  className,
  listClassName,
}: TagSuggestFieldProps) {
  const listId = useId()
  const [active, setActive] = useState(-1)
  const [dismissed, setDismissed] = useState(false)
  const open = !dismissed && suggestions.length > 0 && value.trim() !== ''
  const current = open && active >= 0 && active < suggestions.length ? active : -1
  const optionId = (index: number) => `${listId}-option-${index}`

  const add = (tag: string) => {
    setActive(-1)
    onAdd(tag)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) {
        return
      }
      event.preventDefault()
      setDismissed(false)
      if (event.key === 'ArrowDown') {
        setActive(current < 0 || current >= count - 1 ? 0 : current + 1)
      } else {
        setActive(current <= 0 ? count - 1 : current - 1)
      }
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const picked = current >= 0 ? suggestions[current] : undefined
      add(picked ?? value)
    } else if (event.key === 'Escape' && open) {
      // Closes the list only; a second Escape reaches what holds the field (a dialog closes).
      event.preventDefault()
      event.stopPropagation()
      setDismissed(true)
      setActive(-1)
    }
  }

  return (
    <div className={classNames('ink-tag-suggest', className)}>
      <input
        type="text"
        className="ink-input"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setDismissed(false)
          setActive(-1)
          onValueChange(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissed(true)}
        onFocus={() => setDismissed(false)}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suggestions for ${label.toLowerCase()}`}
          className={classNames('ink-tag-suggest__list', listClassName)}
        >
          {suggestions.map((tag, index) => (
            <li
              key={tag}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className="ink-tag-suggest__option"
              data-active={index === current ? '' : undefined}
              // Keeps the keyboard in the field, so that the click adds the tag and typing goes on.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(tag)}
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
