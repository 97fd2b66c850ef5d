// The sidebar on a page: an iframe of the extension's sidebar page in Inkmark's shadow-root layer,
// on the side the person chose, as wide as they chose within the spec's bounds. In push mode the
// page's body moves aside with the sidebar (300 ms) and the text being read stays where it was
// (./reading-position.ts); in overlay mode the sidebar covers the page and nothing moves. The
// sidebar may ask to show one of the page's highlights: only one this page's highlighter painted.
// The page is untrusted: the sidebar and this host talk only over the port handed to the frame
// with the per-tab pass (frame-line.ts), so the page can neither tell the sidebar anything nor
// close it, nor hear what either says.
import {
  SIDEBAR_ANIMATION_MS,
  SidebarAlignment,
  clampSidebarWidth,
  pageShift,
  type GuestSettings,
  type GuestSidebarOptions,
  type PageShift,
} from '@inkmark/shared/guest'
import { sidebarPagePath } from '../pages/sidebar-protocol'
import { connectFrame, type FrameLine } from './frame-line'
import { holdReadingPosition } from './reading-position'
import { sharedTranscriptFor } from './transcript-share'
import { element, uiHost } from './ui-host'
import { onTrusted } from './trusted'

/** Where the open sidebar sits and how far it moves the page. */
export interface SidebarLayout {
  width: number
  alignment: SidebarAlignment
  shift: PageShift
}

/** The open sidebar's layout for `options` in a window `windowWidth` px wide. */
export function sidebarLayout(options: GuestSidebarOptions, windowWidth: number): SidebarLayout {
  const width = clampSidebarWidth(options.sidebarWidth, windowWidth)
  const alignment =
    options.sidebarAlignment === SidebarAlignment.RIGHT
      ? SidebarAlignment.RIGHT
      : SidebarAlignment.LEFT
  return {
    width,
    alignment,
    shift: pageShift({
      isOpen: true,
      behavior: options.sidebarBehavior,
      isReaderPage: false,
      alignment,
      width,
    }),
  }
}

/** What the sidebar host reads from the highlighter, always fresh. */
export interface SidebarSource {
  settings(): GuestSettings
  unplaced(): Iterable<string>
  /** Scrolls to the painted highlight `markId` and flashes it (nothing for any other id). */
  showHighlight(markId: string): void
  /** The address the sidebar shows the library for (default: this page's; the PDF viewer's PDF). */
  pageUrl?(): string
  /** The page's HTML for the sidebar's AI (default: this document's; the PDF viewer's text). */
  pageHtml?(): Promise<string>
}

function sidebarAddress(): string {
  return chrome.runtime.getURL(sidebarPagePath(source?.pageUrl?.() ?? location.href))
}

interface OpenSidebar {
  frame: HTMLIFrameElement
  line: FrameLine
  layout: SidebarLayout
  /** The body's inline style before we moved it, restored once the sidebar has closed. */
  bodyStyle: { marginLeft: string; marginRight: string; transition: string }
  baseMargins: { left: number; right: number }
  returnFocus: Element | null
}

let source: SidebarSource | undefined
let current: OpenSidebar | undefined
let widget: HTMLButtonElement | undefined
let closing:
  { frame: HTMLIFrameElement; line: FrameLine; timer: ReturnType<typeof setTimeout> } | undefined
let stopHolding: () => void = () => undefined

/** Moves the body by `shift`, keeping the text being read in place while it moves. */
function moveBody(sidebar: OpenSidebar, shift: PageShift, ms: number): void {
  const body = document.body
  const left = `${sidebar.baseMargins.left + shift.left}px`
  const right = `${sidebar.baseMargins.right + shift.right}px`
  if (body.style.marginLeft === left && body.style.marginRight === right) {
    return
  }
  stopHolding()
  // The transition's length, and a little more for the last frame of the re-wrap.
  stopHolding = holdReadingPosition(ms + 100)
  body.style.marginLeft = left
  body.style.marginRight = right
}

function animationMs(): number {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : SIDEBAR_ANIMATION_MS
}

function hiddenTransform(alignment: SidebarAlignment): string {
  return alignment === SidebarAlignment.LEFT ? 'translateX(-100%)' : 'translateX(100%)'
}

function placeFrame(frame: HTMLIFrameElement, layout: SidebarLayout): void {
  frame.style.width = `${layout.width}px`
  frame.style.left = layout.alignment === SidebarAlignment.LEFT ? '0' : 'auto'
  frame.style.right = layout.alignment === SidebarAlignment.RIGHT ? '0' : 'auto'
}

function createFrame(layout: SidebarLayout): { frame: HTMLIFrameElement; line: FrameLine } {
  const frame = element('iframe', {
    title: 'Inkmark sidebar',
    'data-inkmark-sidebar': '',
    // The browser's built-in AI (Summarizer and Prompt APIs) runs in a cross-origin frame only
    // when its embedder delegates it (permissions policy; ADR 050).
    allow: 'summarizer; language-model',
    src: sidebarAddress(),
  })
  frame.style.cssText = [
    'position: fixed',
    'top: 0',
    'height: 100vh',
    'border: 0',
    'margin: 0',
    'padding: 0',
    'background: transparent',
    'pointer-events: auto',
    'box-shadow: 0 0 24px rgba(0, 0, 0, 0.2)',
    // The sidebar follows the browser's light or dark preference (its own tokens draw it).
    'color-scheme: light dark',
    `transform: ${hiddenTransform(layout.alignment)}`,
    `transition: transform ${animationMs()}ms ease`,
  ].join(';')
  placeFrame(frame, layout)
  const line = connectFrame(
    frame,
    (message) => {
      if (current?.frame !== frame) {
        return
      }
      if (message.type === 'close') {
        closeSidebar()
      } else if (message.type === 'scrollTo') {
        source?.showHighlight(message.markId)
      } else if (message.type === 'pageWanted') {
        // The page's own HTML (and a watch page's transcript, when the YouTube panel loaded it)
        // goes to our sidebar, for the AI summary or chat the person asked for there; nothing of
        // the library comes back this way.
        const transcript = sharedTranscriptFor(location.href)
        void (source?.pageHtml?.() ?? Promise.resolve(document.documentElement.outerHTML)).then(
          (html) =>
            line.post({ type: 'page', html, ...(transcript === undefined ? {} : { transcript }) }),
        )
      }
    },
    () => {
      postUnplaced()
      frame.focus()
    },
  )
  return { frame, line }
}

function postUnplaced(): void {
  current?.line.post({ type: 'unplaced', ids: [...(source?.unplaced() ?? [])] })
}

/** Opens the sidebar (nothing happens when it is open already). */
export function openSidebar(): void {
  if (!source || current) {
    return
  }
  if (closing) {
    clearTimeout(closing.timer)
    closing.frame.remove()
    closing.line.close()
    closing = undefined
  }
  const layout = sidebarLayout(source.settings().sidebarOptions, window.innerWidth)
  const body = document.body
  const computed = getComputedStyle(body)
  const { frame, line } = createFrame(layout)
  current = {
    frame,
    line,
    layout,
    bodyStyle: {
      marginLeft: body.style.marginLeft,
      marginRight: body.style.marginRight,
      transition: body.style.transition,
    },
    baseMargins: {
      left: parseFloat(computed.marginLeft) || 0,
      right: parseFloat(computed.marginRight) || 0,
    },
    returnFocus: document.activeElement,
  }
  uiHost().layer.append(frame)
  const duration = animationMs()
  body.style.transition = `margin-left ${duration}ms ease, margin-right ${duration}ms ease`
  // Next frame, so that the browser animates from the closed position.
  requestAnimationFrame(() => {
    frame.style.transform = 'translateX(0)'
    if (current?.frame === frame) {
      moveBody(current, layout.shift, duration)
    }
  })
  window.addEventListener('resize', onResize)
  syncWidget()
}

/** Closes the sidebar and gives the page its place (and the keyboard focus) back. */
export function closeSidebar(): void {
  if (!current) {
    return
  }
  const sidebar = current
  current = undefined
  window.removeEventListener('resize', onResize)
  sidebar.frame.style.transform = hiddenTransform(sidebar.layout.alignment)
  moveBody(sidebar, { left: 0, right: 0 }, animationMs())
  closing = {
    frame: sidebar.frame,
    line: sidebar.line,
    timer: setTimeout(() => {
      sidebar.frame.remove()
      sidebar.line.close()
      Object.assign(document.body.style, sidebar.bodyStyle)
      closing = undefined
    }, animationMs()),
  }
  if (sidebar.returnFocus instanceof HTMLElement && sidebar.returnFocus.isConnected) {
    sidebar.returnFocus.focus({ preventScroll: true })
  }
  syncWidget()
}

/** Opens the sidebar when closed, closes it when open (Alt+W). */
export function toggleSidebar(): void {
  if (current) {
    closeSidebar()
  } else {
    openSidebar()
  }
}

/** Whether the sidebar is open. */
export function isSidebarOpen(): boolean {
  return current !== undefined
}

function onResize(): void {
  if (!current || !source) {
    return
  }
  current.layout = sidebarLayout(source.settings().sidebarOptions, window.innerWidth)
  current.frame.style.transition = 'none'
  placeFrame(current.frame, current.layout)
  moveBody(current, current.layout.shift, 0)
}

/**
 * After the settings changed: an open sidebar takes its new width, side and behaviour at once
 * (the page moves with it as on opening), and the edge button follows.
 */
export function relayoutSidebar(): void {
  if (current && source) {
    const layout = sidebarLayout(source.settings().sidebarOptions, window.innerWidth)
    const sideChanged = layout.alignment !== current.layout.alignment
    current.layout = layout
    const frame = current.frame
    if (sideChanged) {
      // To the other side without sliding across the page; closing slides again.
      frame.style.transition = 'none'
      requestAnimationFrame(() => {
        frame.style.transition = `transform ${animationMs()}ms ease`
      })
    }
    placeFrame(frame, layout)
    moveBody(current, layout.shift, animationMs())
  }
  syncWidget()
}

/** Shows the page-edge button that opens the sidebar when the settings ask for it and it is closed. */
function syncWidget(): void {
  const settings = source?.settings()
  const wanted = settings?.showLeftSidebarWidget === true && !current
  if (!wanted) {
    widget?.remove()
    widget = undefined
    return
  }
  const left = settings.sidebarOptions.sidebarAlignment !== SidebarAlignment.RIGHT
  if (!widget?.isConnected) {
    widget = element('button', {
      type: 'button',
      'aria-label': 'Open Inkmark sidebar',
      title: 'Open Inkmark sidebar (Alt+W)',
      'data-inkmark-sidebar-widget': '',
    })
    widget.textContent = '✎'
    widget.addEventListener('click', onTrusted(openSidebar))
    uiHost().layer.append(widget)
  }
  widget.style.cssText = [
    'position: fixed',
    'top: 50%',
    left ? 'left: 0' : 'right: 0',
    'transform: translateY(-50%)',
    'pointer-events: auto',
    'width: 28px',
    'height: 44px',
    'border: 1px solid #d0d7de',
    left ? 'border-left: 0' : 'border-right: 0',
    left ? 'border-radius: 0 8px 8px 0' : 'border-radius: 8px 0 0 8px',
    'background: #fff',
    'color: #1f2328',
    'font: 16px/1 system-ui, sans-serif',
    'cursor: pointer',
    'box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15)',
  ].join(';')
}

/** Starts hosting the sidebar on this page; `from` gives the current settings and unplaced ids. */
export function startSidebarHost(from: SidebarSource): void {
  source = from
  syncWidget()
}

/** After the highlighter placed what it could: tells the open sidebar, and follows the settings. */
export function refreshSidebar(): void {
  if (current) {
    postUnplaced()
  }
  syncWidget()
}

/** After the page moved to another address (pushState): an open sidebar shows the new page. */
export function followPageAddress(): void {
  if (current) {
    current.frame.src = sidebarAddress()
  }
}

/** Closes the sidebar and removes every listener and element the host added. */
export function stopSidebarHost(): void {
  closeSidebar()
  widget?.remove()
  widget = undefined
  source = undefined
}
