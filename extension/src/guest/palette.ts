// The colour swatches of the marker popup and the toolbox, as buttons named for screen readers;
// which colours they offer is the shared rule (offeredHighlightColors in @inkmark/shared).
import { highlightColorName } from '@inkmark/shared/guest'
import { onTrusted } from './trusted'
import { element } from './ui-host'

/** A row of swatch buttons named for screen readers, e.g. "Highlight yellow". */
export function swatchRow(
  colors: readonly string[],
  verb: string,
  selected: string | undefined,
  onPick: (color: string) => void,
): HTMLElement {
  const row = element('div', { class: 'row', role: 'group', 'aria-label': `${verb} colours` })
  for (const color of colors) {
    const name = highlightColorName(color)
    const button = element('button', {
      type: 'button',
      class: 'swatch',
      'aria-label': `${verb} ${name}`,
      'aria-pressed': String(color === selected),
      'data-color': color,
    })
    button.style.background = color
    button.addEventListener(
      'click',
      onTrusted(() => onPick(color)),
    )
    row.append(button)
  }
  return row
}
