// The marker popup: when the person selects text, the palette appears under the selection and a
// click (or Enter on a focused swatch) highlights it in that colour. Escape or a click elsewhere
// closes it.
import { offeredHighlightColors } from '@inkmark/shared/guest'
import { swatchRow } from './palette'
import { onTrusted } from './trusted'
import { element, placePanel, uiHost } from './ui-host'

let open: HTMLElement | undefined

export function closeMarkerPopup(): void {
  open?.remove()
  open = undefined
}

/** What the popup offers. */
export interface MarkerPopupOptions {
  recentColors: readonly string[]
  mode: 'BASIC' | 'EXPERT'
  defaultColor: string
}

/**
 * Shows the palette next to `rect`; `onPick` gets the chosen colour. Advanced mode also offers
 * 'Highlight and add note', which highlights in the default colour and opens the note.
 */
export function showMarkerPopup(
  rect: DOMRect,
  options: MarkerPopupOptions,
  onPick: (color: string, withNote: boolean) => void,
): void {
  closeMarkerPopup()
  const panel = element('div', {
    class: 'panel',
    role: 'dialog',
    'aria-label': 'Highlight selection',
    'data-inkmark-marker-popup': '',
  })
  panel.append(
    swatchRow(
      offeredHighlightColors(options.recentColors, options.mode),
      'Highlight',
      undefined,
      (color) => {
        closeMarkerPopup()
        onPick(color, false)
      },
    ),
  )
  if (options.mode === 'EXPERT') {
    const withNote = element('button', { type: 'button', class: 'text' }, 'Highlight and add note')
    withNote.addEventListener(
      'click',
      onTrusted(() => {
        closeMarkerPopup()
        onPick(options.defaultColor, true)
      }),
    )
    panel.append(withNote)
  }
  panel.addEventListener(
    'keydown',
    onTrusted((event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeMarkerPopup()
      }
    }),
  )
  // Keep the page selection when a swatch is pressed.
  panel.addEventListener('mousedown', (event) => event.preventDefault())
  uiHost().layer.append(panel)
  placePanel(panel, rect)
  open = panel
}

export function isMarkerPopupOpen(): boolean {
  return open?.isConnected === true
}
