// The toolbox's tag field, built with DOM calls for its frame and the PDF viewer: an ARIA combobox
// whose list offers the library's tags for what is typed, ranked by the background with the shared
// rule (spec section 5) and without the highlight's own tags. ArrowDown and ArrowUp move through
// the list while the field keeps the keyboard (aria-activedescendant), Enter adds the highlighted
// suggestion or else what was typed, Escape closes the list first, a click adds an option. Tags are
// shown with textContent only.
import { hasTag, moveSuggestionIndex } from '@inkmark/shared/guest'
import { element } from '../../guest/ui-host'

export interface TagFieldOptions {
  /** The suggestions for `typed`, leaving out `existing` (the highlight's tags). */
  suggest(typed: string, existing: readonly string[]): Promise<string[]>
  /** The highlight's tags now. */
  existing(): readonly string[]
  /** Adds what was typed or picked (the caller cleans it). */
  add(tag: string): void
}

const LIST_ID = 'inkmark-tag-suggestions'

/** The field and its list (in the flow right below it, so that the panel grows to show it). */
export function tagField(options: TagFieldOptions): {
  field: HTMLElement
  input: HTMLInputElement
} {
  const input = element('input', {
    type: 'text',
    role: 'combobox',
    'aria-label': 'Add tag',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    autocomplete: 'off',
    placeholder: 'Add tag',
  })
  const list = element('ul', {
    id: LIST_ID,
    role: 'listbox',
    class: 'tag-suggestions',
    'aria-label': 'Tag suggestions',
    hidden: '',
  })
  let shown: string[] = []
  let active = -1
  let asked = 0

  const render = () => {
    const open = shown.length > 0 && input.value.trim() !== ''
    list.hidden = !open
    input.setAttribute('aria-expanded', String(open))
    if (open) {
      input.setAttribute('aria-controls', LIST_ID)
    } else {
      input.removeAttribute('aria-controls')
    }
    list.replaceChildren(
      ...shown.map((tag, index) => {
        const option = element('li', {
          id: `${LIST_ID}-${index}`,
          role: 'option',
          class: 'tag-suggestion',
          'aria-selected': String(index === active),
        })
        option.textContent = tag
        // Keeps the keyboard in the field, so that the click adds the tag and typing goes on.
        option.addEventListener('mousedown', (event) => event.preventDefault())
        option.addEventListener('click', () => pick(tag))
        return option
      }),
    )
    if (open && active >= 0) {
      input.setAttribute('aria-activedescendant', `${LIST_ID}-${active}`)
      list.children[active]?.scrollIntoView({ block: 'nearest' })
    } else {
      input.removeAttribute('aria-activedescendant')
    }
  }
  const close = () => {
    shown = []
    active = -1
    asked++
    render()
  }
  const pick = (tag: string) => {
    input.value = ''
    close()
    options.add(tag)
  }
  const refresh = () => {
    const typed = input.value
    const request = ++asked
    if (typed.trim() === '') {
      close()
      return
    }
    options.suggest(typed, options.existing()).then(
      (tags) => {
        if (request === asked) {
          // The highlight's tags are left out here too, whoever answered.
          shown = tags.filter((tag) => !hasTag(options.existing(), tag))
          active = -1
          render()
        }
      },
      () => request === asked && close(),
    )
  }

  input.addEventListener('input', refresh)
  input.addEventListener('blur', close)
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (shown.length > 0) {
        event.preventDefault()
        active = moveSuggestionIndex(active, shown.length, event.key)
        render()
      }
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const picked = active >= 0 ? shown[active] : undefined
      if (picked !== undefined || input.value.trim() !== '') {
        pick(picked ?? input.value)
      }
    } else if (event.key === 'Escape' && !list.hidden) {
      // Closes the list only; a second Escape closes the toolbox.
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  })
  const field = element('div', { class: 'tag-field' })
  field.append(input, list)
  return { field, input }
}
