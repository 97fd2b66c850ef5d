// The colour swatches of the marker popup and the toolbox: the spec's soft palette first (its first
// colour is the default), then the person's recent colours not in it.
import { SOFT_HIGHLIGHT_PALETTE } from '@inkmark/shared/guest'
import { element } from './ui-host'

const COLOR_NAMES: Record<string, string> = {
  '#fdffb4': 'yellow',
  '#f8b6a8': 'red',
  '#a7e8c8': 'green',
  '#f7c2d6': 'pink',
  '#c3bbec': 'purple',
  '#c3effc': 'blue',
}

/** The colours to offer, palette first, then recent ones. */
export function paletteColors(recent: readonly string[]): string[] {
  const colors: string[] = [...SOFT_HIGHLIGHT_PALETTE]
  for (const color of recent) {
    if (!colors.includes(color.toLowerCase())) {
      colors.push(color.toLowerCase())
    }
  }
  return colors.slice(0, 10)
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
