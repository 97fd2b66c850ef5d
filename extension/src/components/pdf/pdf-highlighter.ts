// Highlighting in the PDF viewer page, the way the page highlighter (guest/highlighter.ts) does it
// on web pages and with the same parts: the marker popup on a selection, the toolbox on a click or
// Enter, toasts, the Alt+S / Alt+A commands (heard for this tab). The viewer page speaks the guest contract for the PDF it shows (the
// background treats it as that PDF's page, see service/pdf-intercept.ts), so marks land on the
// PDF's bookmark, which viewer URLs find again by their file parameter.
import {
  Message,
  highlightsAppliedMessage,
  highlightsNotAppliedMessage,
  type GuestPage,
  type PaintableMark,
} from '@inkmark/shared/guest'
import {
  pdfSelectorFromHighlightSource,
  pdfSelectorToHighlightSource,
  type PdfMark,
  type PdfSelection,
  type PdfViewer,
} from '@inkmark/shared/pdf'
import { getPdfFileUrl } from '@inkmark/shared'
import { callBackground } from '~guest/bridge'
import { LIBRARY_CHANGED } from '~guest/channels'
import { closeMarkerPopup, isMarkerPopupOpen, showMarkerPopup } from '~guest/marker-popup'
import { showToast } from '~guest/toasts'
import { closeToolbox, openToolbox } from './pdf-toolbox'
import { isInsideUi } from '~guest/ui-host'
import { subscribeShortcuts } from '~pages/shortcut-listener'
import { startPdfSidebar } from './pdf-sidebar'

/** The viewer's form of a stored mark; null when it is not a PDF text highlight. */
export function toPdfMark(mark: PaintableMark): PdfMark | null {
  const selector = pdfSelectorFromHighlightSource(mark.highlightSource)
  return selector === null
    ? null
    : {
        id: mark._id,
        color: mark.color,
        selector,
        hasNotes: mark.hasNotes,
        hasTags: mark.hasTags,
      }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : Message.GENERIC_ERROR
}

/** A running highlighter; `stop` takes its listeners away. */
export interface PdfHighlighter {
  onSelection(selection: PdfSelection | null): void
  openToolboxOf(markId: string, element: HTMLElement): void
  stop(): void
}

/**
 * Loads the PDF's highlights and shows them (with the 'applied' / 'not applied' notices), then
 * answers selections, clicks and shortcuts. Resolves to null when the PDF's site is blacklisted:
 * the PDF shows, without highlighting.
 */
export async function startPdfHighlighter(viewer: PdfViewer): Promise<PdfHighlighter | null> {
  let page: GuestPage = await callBackground('loadPage')
  if (page.blacklisted) {
    return null
  }
  if (page.bookmarkId !== undefined) {
    // Once per PDF load: the reloads after LIBRARY_CHANGED record nothing (ADR 079).
    void callBackground('recordPageOpened').catch(() => undefined)
  }
  let lastColor = page.settings.recentColors[0] ?? page.settings.defaultHighlightColor
  let unplacedIds: readonly string[] = []
  // The same sidebar as on web pages, for the PDF's highlights (Alt+W, the edge button).
  const sidebar = startPdfSidebar(viewer, {
    pdfUrl: getPdfFileUrl(location.href) ?? location.href,
    settings: () => page.settings,
    unplaced: () => unplacedIds,
  })

  const show = async (report: boolean) => {
    const marks = page.marks.flatMap((mark) => toPdfMark(mark) ?? [])
    const { placed, unplaced } = await viewer.setMarks(marks)
    unplacedIds = unplaced
    sidebar.refresh()
    if (report && placed.length > 0) {
      showToast(highlightsAppliedMessage(placed.length))
    }
    if (report && unplaced.length > 0) {
      showToast(highlightsNotAppliedMessage(unplaced.length))
    }
  }

  const openToolboxOf = (markId: string, element: HTMLElement) => {
    void openToolbox(
      markId,
      element.getBoundingClientRect(),
      { recentColors: page.settings.recentColors, mode: page.settings.highlighterMode },
      {
        changed(mark) {
          page.marks = page.marks.map((other) => (other._id === mark._id ? mark : other))
          void show(false)
        },
        deleted(id, bookmarkDeleted) {
          page.marks = page.marks.filter((mark) => mark._id !== id)
          viewer.removeMark(id)
          if (bookmarkDeleted) {
            showToast(Message.BOOKMARK_REMOVED)
          }
        },
      },
    )
  }

  const highlight = async (color: string, withNote: boolean) => {
    const selection = viewer.currentSelection()
    if (selection === null) {
      showToast(Message.NO_TEXT_SELECTED)
      return
    }
    try {
      const mark = await callBackground('createMark', {
        title: viewer.title,
        text: selection.text,
        color,
        highlightSource: pdfSelectorToHighlightSource(selection.selector),
      })
      lastColor = color
      page.marks.push(mark)
      page.settings.recentColors = [
        color,
        ...page.settings.recentColors.filter((recent) => recent !== color),
      ]
      window.getSelection()?.removeAllRanges()
      const pdfMark = toPdfMark(mark)
      const placed = pdfMark !== null && (await viewer.addMark(pdfMark))
      unplacedIds = [...unplacedIds.filter((id) => id !== mark._id), ...(placed ? [] : [mark._id])]
      sidebar.refresh()
      if (placed) {
        const painted = document.querySelector<HTMLElement>(
          `.inkmark-highlight[markid="${CSS.escape(mark._id)}"]`,
        )
        if (painted !== null && (withNote || page.settings.showToolboxAutomatically)) {
          openToolboxOf(mark._id, painted)
        }
      }
    } catch (error) {
      showToast(errorMessage(error))
    }
  }

  const onSelection = (selection: PdfSelection | null) => {
    if (selection === null) {
      if (isMarkerPopupOpen()) {
        closeMarkerPopup()
      }
      return
    }
    if (!page.settings.showMarkerPopup) {
      return
    }
    const { settings } = page
    showMarkerPopup(
      selection.rect,
      {
        recentColors: settings.recentColors,
        mode: settings.highlighterMode,
        defaultColor: settings.defaultHighlightColor,
      },
      (color, withNote) => void highlight(color, withNote),
    )
  }

  // The highlight shortcuts are the browser's commands, heard for this tab (ADR 028).
  const stopShortcuts = subscribeShortcuts((command) => {
    if (command === 'highlightText') {
      void highlight(page.settings.defaultHighlightColor, false)
    } else if (command === 'highlightWithLastFormat') {
      void highlight(lastColor, false)
    } else if (command === 'toggleSidebar') {
      sidebar.toggle()
    }
  })
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null
    if (!isInsideUi(target) && target?.closest?.('.inkmark-highlight[markid]') == null) {
      closeToolbox()
    }
  }
  // A change elsewhere (the sidebar, another tab, sync): load the PDF's marks again.
  const onMessage = (message: unknown) => {
    if ((message as { channel?: unknown } | null)?.channel === LIBRARY_CHANGED) {
      void callBackground('loadPage')
        .then((fresh) => {
          const sidebarMoved =
            JSON.stringify(fresh.settings.sidebarOptions) !==
            JSON.stringify(page.settings.sidebarOptions)
          page = fresh
          // The open sidebar follows a new width, side or behaviour at once, as on web pages.
          if (sidebarMoved) {
            sidebar.relayout()
          }
          return show(false)
        })
        .catch(() => undefined)
    }
  }
  document.addEventListener('click', onClick, true)
  chrome.runtime.onMessage.addListener(onMessage)

  await show(true)
  return {
    onSelection,
    openToolboxOf,
    stop() {
      stopShortcuts()
      sidebar.stop()
      document.removeEventListener('click', onClick, true)
      chrome.runtime.onMessage.removeListener(onMessage)
      closeMarkerPopup()
      closeToolbox()
    },
  }
}
