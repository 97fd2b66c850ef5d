// The colour swatches of the marker popup and the toolbox: the spec's soft palette first (its first
// colour is the default), then the person's recent colours; Advanced mode adds the strong palette.
import { HIGHLIGHT_PALETTE, SOFT_HIGHLIGHT_PALETTE } from '@inkmark/shared/guest'
import { element } from './ui-host'

const COLOR_NAMES: Record<string, string> = {
  '#fdffb4': 'yellow',
  '#f8b6a8': 'red',
  '#a7e8c8': 'green',
  '#f7c2d6': 'pink',
  '#c3bbec': 'purple',
  '#c3effc': 'blue',
  '#f8fc46': 'bright yellow',
  '#ffad2a': 'orange',
  '#92ffaa': 'bright green',
  '#fb83b3': 'bright pink',
  '#9d64e2': 'violet',
  '#3cbefc': 'bright blue',
}

/** Swatches at most: Standard, Advanced. */
const MAX_SWATCHES = { BASIC: 10, EXPERT: 16 } as const

/**
 * The colours to offer: the soft palette (the default first) and the recent colours; in Advanced
 * mode the strong palette between them.
 */
export function paletteColors(recent: readonly string[], mode: 'BASIC' | 'EXPERT'): string[] {
  const colors: string[] = [...SOFT_HIGHLIGHT_PALETTE]
  const more = mode === 'EXPERT' ? [...HIGHLIGHT_PALETTE, ...recent] : recent
  for (const color of more) {
    if (!colors.includes(color.toLowerCase())) {
      colors.push(color.toLowerCase())
    }
  }
  return colors.slice(0, MAX_SWATCHES[mode])
}

/** A row of swatch buttons named for screen readers, e.g. "Highlight yellow". */
export function swatchRow(
  colors: readonly string[],
  verb: string,
  selected: string | undefined,
  onPick: (color: string) => void,
): HTMLElement {
  const row = element('div', { class: 'row', role: 'group', 'aria-label': `${verb} colours` })
  for (const color of colors) {
    const name = COLOR_NAMES[color] ?? color
    const button = element('button', {
      type: 'button',
      class: 'swatch',
      'aria-label': `${verb} ${name}`,
      'aria-pressed': String(color === selected),
      'data-color': color,
    })
    button.style.background = color
    button.addEventListener('click', () => onPick(color))
    row.append(button)
  }
  return row
}
