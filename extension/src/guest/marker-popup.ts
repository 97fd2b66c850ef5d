// The marker popup: when the person selects text, the palette appears under the selection and a
// click (or Enter on a focused swatch) highlights it in that colour. Escape or a click elsewhere
// closes it.
import { paletteColors, swatchRow } from './palette'
import { element, placePanel, uiHost } from './ui-host'

let open: HTMLElement | undefined

export function closeMarkerPopup(): void {
  open?.remove()
  open = undefined
}

/** Shows the palette next to `rect`; `onPick` gets the chosen colour. */
export function showMarkerPopup(
  rect: DOMRect,
  recentColors: readonly string[],
  onPick: (color: string) => void,
): void {
  closeMarkerPopup()
  const panel = element('div', {
    class: 'panel',
    role: 'dialog',
    'aria-label': 'Highlight selection',
    'data-inkmark-marker-popup': '',
  })
  panel.append(
    swatchRow(paletteColors(recentColors), 'Highlight', undefined, (color) => {
      closeMarkerPopup()
      onPick(color)
    }),
  )
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      closeMarkerPopup()
    }
  })
  // Keep the page selection when a swatch is pressed.
  panel.addEventListener('mousedown', (event) => event.preventDefault())
  uiHost().layer.append(panel)
  placePanel(panel, rect)
  open = panel
}

export function isMarkerPopupOpen(): boolean {
  return open?.isConnected === true
}
