// A highlight's toolbox on a web page: an extension frame (tabs/toolbox.html) that our content
// script places next to the highlight, sized to the panel inside. The highlight's note, its tags
// and the library's tags are read in the frame and never enter this page (ADR 033); this script
// hears back only what painting needs, the panel's size, and our own notices, over the port it
// handed the frame with the tab's pass (frame-line.ts). The frame is kept, hidden, after the first
// open, so that the next open is a message away. Escape, the close button and a click elsewhere
// close it and give the keyboard back to where it was. A toolbox the person did not ask to write
// in (the one a new highlight opens) takes no keyboard focus, so the next selection or Alt+S goes
// on in the page (ADR 036); whenever it closes, the frame is told, and writes a pending note.
// It slides in when shown and slides out for TOOLBOX_SLIDE_OUT_MS once closed (spec section 4),
// at once with prefers-reduced-motion (./toolbox-motion.ts, ADR 078).
import { offeredHighlightColors, toolboxPosition } from '@inkmark/shared/guest'
import type { PaintableMark } from '@inkmark/shared/guest'
import type { FrameMessage } from '../pages/frame-protocol'
import { connectFrame, type FrameLine } from './frame-line'
import { confirmLink, type PageLink } from './link-confirm'
import { showToast } from './toasts'
import { MOTION_ATTRIBUTE, ToolboxMotion, slideIn, slideOut } from './toolbox-motion'
import { element, isInsideUi, placePanel, uiHost } from './ui-host'

/** The toolbox page's path in the built extension. */
export const TOOLBOX_PAGE_PATH = 'tabs/toolbox.html'

/** What a highlight's change tells the page: what painting needs. */
export type MarkPaintChanges = Pick<PaintableMark, '_id' | 'color' | 'hasNotes' | 'hasTags'>

export interface ToolboxEvents {
  changed(mark: MarkPaintChanges): void
  deleted(markId: string, bookmarkDeleted: boolean): void
}

interface OpenToolbox {
  markId: string
  rect: DOMRect
  colors: string[]
  events: ToolboxEvents
  link: PageLink | undefined
  returnFocus: HTMLElement | null
  shown: boolean
  /** Whether the keyboard goes to the note once shown (the person asked for the toolbox or a note). */
  takeFocus: boolean
}

let frame: { element: HTMLIFrameElement; line: FrameLine; loaded: boolean } | undefined
let open: OpenToolbox | undefined

const HIDDEN = ['visibility: hidden', 'pointer-events: none']
const SHOWN = ['visibility: visible', 'pointer-events: auto']

function frameStyle(state: readonly string[]): string {
  return [
    'position: fixed',
    'border: 0',
    'margin: 0',
    'padding: 0',
    'border-radius: 8px',
    'background: transparent',
    'color-scheme: light',
    'box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18)',
    ...state,
  ].join(';')
}

function requestShow(): void {
  if (open && frame?.loaded) {
    frame.line.post({
      type: 'show',
      markId: open.markId,
      // The address now: after history.pushState it is not the one the browser first loaded.
      pageUrl: location.href,
      colors: open.colors,
      hasLink: open.link !== undefined,
    })
  }
}

/** Places the frame, `width` × `height`, next to the open highlight (as the panel was placed). */
function place(owner: HTMLIFrameElement, toolbox: OpenToolbox, width: number, height: number) {
  owner.style.width = `${width}px`
  owner.style.height = `${height}px`
  placePanel(owner, toolbox.rect)
  // The spec clamps the toolbox's x between 195 px and the window width minus 168 px.
  const center = toolboxPosition(toolbox.rect.left + toolbox.rect.width / 2, window.innerWidth)
  const left = Math.max(8, Math.min(center - width / 2, window.innerWidth - width - 8))
  owner.style.left = `${left}px`
}

function onFrameMessage(message: FrameMessage): void {
  const toolbox = open
  const owner = frame?.element
  if (!toolbox || !owner) {
    return
  }
  switch (message.type) {
    case 'shown':
      if (message.markId === toolbox.markId) {
        place(owner, toolbox, message.width, message.height)
        owner.style.cssText += `;${SHOWN.join(';')}`
        slideIn(owner)
        toolbox.shown = true
        if (toolbox.takeFocus) {
          owner.focus()
          frame?.line.post({ type: 'focus' })
        }
      }
      return
    case 'resized':
      if (toolbox.shown) {
        place(owner, toolbox, message.width, message.height)
      }
      return
    case 'changed':
      toolbox.events.changed({
        _id: message.markId,
        color: message.color,
        hasNotes: message.hasNotes,
        hasTags: message.hasTags,
      })
      return
    case 'deleted':
      closeToolbox()
      toolbox.events.deleted(message.markId, message.bookmarkDeleted)
      return
    case 'toast':
      showToast(message.text)
      return
    case 'followLink': {
      // The toolbox's 'Open link' button: the keyboard goes to the question's Continue.
      if (toolbox.link !== undefined) {
        confirmLink(toolbox.link, true)
      }
      return
    }
    case 'close':
      closeToolbox()
      return
  }
}

/**
 * The frame's permission to write the clipboard ('Copy'). Chrome loads a dynamic address (`src`)
 * but runs the page at the extension's own origin, which the default allowlist ('src') does not
 * name: without it the clipboard refuses every copy. The element is in our closed root.
 */
function clipboardAllow(): string {
  const base = chrome.runtime.getURL('')
  const ownOrigin = base.startsWith('chrome-extension:')
    ? ` chrome-extension://${chrome.runtime.id}`
    : ''
  return `clipboard-write 'src'${ownOrigin}`
}

function toolboxFrame(): NonNullable<typeof frame> {
  if (frame?.element.isConnected) {
    return frame
  }
  frame?.line.close()
  const created = element('iframe', {
    title: 'Inkmark highlight toolbox',
    'data-inkmark-toolbox-frame': '',
    src: chrome.runtime.getURL(TOOLBOX_PAGE_PATH),
    // 'Copy' writes to the clipboard from inside the frame.
    allow: clipboardAllow(),
  })
  created.style.cssText = frameStyle(HIDDEN)
  created.setAttribute(MOTION_ATTRIBUTE, ToolboxMotion.HIDDEN)
  const made = {
    element: created,
    loaded: false,
    line: connectFrame(created, onFrameMessage, () => {
      made.loaded = true
      requestShow()
    }),
  }
  frame = made
  uiHost().layer.append(created)
  return made
}

/**
 * Loads the toolbox's frame, hidden, ahead of its first open (a page with highlights), so that
 * opening it is a message away.
 */
export function prepareToolbox(): void {
  toolboxFrame()
}

/** Closes the toolbox (its frame stays, hidden) and gives the keyboard back to where it was. */
export function closeToolbox(): void {
  const closing = open
  open = undefined
  if (!closing) {
    return
  }
  // Only when the keyboard is in the toolbox: a click into a field of the page keeps it there.
  const focusInside = isInsideUi(document.activeElement)
  if (frame) {
    const owner = frame.element
    // The page gets its clicks back at once; the frame is hidden once it has slid out.
    owner.style.pointerEvents = 'none'
    slideOut(owner, () => {
      owner.style.cssText = frameStyle(HIDDEN)
    })
    frame.line.post({ type: 'hide' })
  }
  if (focusInside) {
    closing.returnFocus?.focus({ preventScroll: true })
  }
}

/** Whether a toolbox is shown. */
export function isToolboxOpen(): boolean {
  return open?.shown === true
}

/**
 * Opens the toolbox of `markId` next to `rect`; with the keyboard in its note when `takeFocus`
 * (the person opened it, or asked for a note), else leaving the keyboard in the page.
 */
export function openToolbox(
  markId: string,
  rect: DOMRect,
  palette: { recentColors: readonly string[]; mode: 'BASIC' | 'EXPERT' },
  events: ToolboxEvents,
  link: PageLink | undefined,
  takeFocus = true,
): Promise<void> {
  // From one toolbox to the next, the keyboard goes back to where it was before the first.
  const focused = document.activeElement
  const returnFocus =
    focused instanceof HTMLElement && !isInsideUi(focused) ? focused : (open?.returnFocus ?? null)
  closeToolbox()
  open = {
    markId,
    rect,
    colors: offeredHighlightColors(palette.recentColors, palette.mode),
    events,
    link,
    returnFocus,
    shown: false,
    takeFocus,
  }
  toolboxFrame()
  requestShow()
  return Promise.resolve()
}
