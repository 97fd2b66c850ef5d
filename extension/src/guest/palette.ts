// The colour swatches of the marker popup and the toolbox: the spec's soft palette first (its first
// colour is the default); in Advanced mode also the strong palette and the person's recent colours.
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

/** Swatches at most, in Advanced mode. */
const MAX_SWATCHES = 16

/** The colours to offer: the soft palette; in Advanced mode then the strong one and recent ones. */
export function paletteColors(recent: readonly string[], mode: 'BASIC' | 'EXPERT'): string[] {
  const colors: string[] = [...SOFT_HIGHLIGHT_PALETTE]
  if (mode === 'BASIC') {
    return colors
  }
  for (const color of [...HIGHLIGHT_PALETTE, ...recent]) {
    if (!colors.includes(color.toLowerCase())) {
      colors.push(color.toLowerCase())
    }
  }
  return colors.slice(0, MAX_SWATCHES)
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
