// A highlight's toolbox in the PDF viewer. The viewer is one of the extension's own pages, so the
// panel (../toolbox/toolbox-panel.ts) sits in its document, next to the highlight, and reaches the
// library through the guest contract for the PDF the viewer shows. On web pages the same panel is
// shown in an extension frame instead (guest/toolbox.ts).
import { Message, offeredHighlightColors, toolboxPosition } from '@inkmark/shared/guest'
import type { MarkDetails, PaintableMark } from '@inkmark/shared/guest'
import { callBackground } from '../../guest/bridge'
import { showToast } from '../../guest/toasts'
import { placePanel, uiHost } from '../../guest/ui-host'
import { toolboxPanel } from '../toolbox/toolbox-panel'

export interface ToolboxEvents {
  changed(mark: PaintableMark): void
  deleted(markId: string, bookmarkDeleted: boolean): void
}

let open: { panel: HTMLElement; returnFocus: HTMLElement | null } | undefined

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : Message.GENERIC_ERROR

/** Closes the open toolbox and gives the keyboard back to where it was. */
export function closeToolbox(): void {
  const closing = open
  open = undefined
  closing?.panel.remove()
  closing?.returnFocus?.focus({ preventScroll: true })
}

/** Opens the toolbox of `markId` next to `rect`. */
export async function openToolbox(
  markId: string,
  rect: DOMRect,
  palette: { recentColors: readonly string[]; mode: 'BASIC' | 'EXPERT' },
  events: ToolboxEvents,
): Promise<void> {
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
  closeToolbox()
  let details: MarkDetails
  try {
    details = await callBackground('getMarkDetails', markId)
  } catch (error) {
    showToast(errorText(error))
    return
  }
  const { panel, note } = toolboxPanel(
    details,
    offeredHighlightColors(palette.recentColors, palette.mode),
    {
      async update(changes) {
        try {
          const changed = await callBackground('updateMark', markId, changes)
          details = { ...details, ...changed, ...changes }
          events.changed(changed)
          return details
        } catch (error) {
          showToast(errorText(error))
          return undefined
        }
      },
      remove() {
        void callBackground('deleteMark', markId).then(
          ({ bookmarkDeleted }) => {
            closeToolbox()
            events.deleted(markId, bookmarkDeleted)
          },
          (error: unknown) => showToast(errorText(error)),
        )
      },
      suggestTags: (prefix) => callBackground('suggestTags', prefix),
      toast: (message) => showToast(message),
      close: closeToolbox,
    },
  )
  open = { panel, returnFocus }
  uiHost().layer.append(panel)
  placePanel(panel, rect)
  // The spec clamps the toolbox's x between 195 px and the window width minus 168 px.
  const { width } = panel.getBoundingClientRect()
  const center = toolboxPosition(rect.left + rect.width / 2, window.innerWidth)
  const left = Math.max(8, Math.min(center - width / 2, window.innerWidth - width - 8))
  panel.style.left = `${left}px`
  note.focus({ preventScroll: true })
}
