// Inkmark's own interface on a page (marker popup, toolbox, toasts) lives in one CLOSED shadow
// root, so the page's styles cannot reach it, ours cannot leak, and the page's scripts cannot reach
// into it (`host.shadowRoot` is null; events from inside reach the page retargeted to the host).
// Only this module holds the root. Everything in it is built with DOM calls and textContent: text
// that comes from the page or from storage is never parsed as HTML (ADR 027).
import { PANEL_CONTROL_STYLES } from './panel-styles'

export const UI_HOST_ID = 'inkmark-ui-host'

const STYLES = `
:host { all: initial; }
.layer { position: fixed; inset: 0; pointer-events: none; z-index: 2147483646;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
.panel { position: fixed; pointer-events: auto; background: #fff; border: 1px solid #d0d7de;
  border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 8px; }
${PANEL_CONTROL_STYLES}
.note-text { white-space: pre-wrap; word-break: break-word; }
.toasts { position: fixed; right: 16px; bottom: 16px; display: grid; gap: 8px; }
.toast { pointer-events: auto; background: #1f2328; color: #fff; border-radius: 8px;
  padding: 10px 14px; display: flex; gap: 12px; align-items: center; max-width: 360px; }
.toast button { background: none; border: 1px solid #fff; color: #fff; border-radius: 6px;
  padding: 2px 8px; cursor: pointer; font: inherit; }
`

export interface UiHost {
  host: HTMLElement
  /** The fixed layer panels go into. */
  layer: HTMLElement
}

let current: UiHost | undefined
let shadowRoot: ShadowRoot | undefined

/** The shadow-root layer of Inkmark's interface on this page (made on first use). */
export function uiHost(): UiHost {
  if (current?.host.isConnected) {
    return current
  }
  const host = document.createElement('div')
  host.id = UI_HOST_ID
  host.setAttribute('data-inkmark-ui', '')
  const root = host.attachShadow({ mode: 'closed' })
  const style = document.createElement('style')
  style.textContent = STYLES
  const layer = document.createElement('div')
  layer.className = 'layer'
  root.append(style, layer)
  document.documentElement.append(host)
  current = { host, layer }
  shadowRoot = root
  return current
}

/** Whether `node` is part of Inkmark's own interface. */
export function isInsideUi(node: Node | null): boolean {
  return (
    node !== null && current !== undefined && (node === current.host || current.host.contains(node))
  )
}

/**
 * The element a key event went to: the page's, or the focused one in our root (a closed root shows
 * listeners outside it only the host, in composedPath() too).
 */
export function keyEventTarget(event: KeyboardEvent): EventTarget | null {
  const first = event.composedPath()[0] ?? null
  if (current === undefined || first !== current.host || shadowRoot === undefined) {
    return first
  }
  return shadowRoot.activeElement ?? first
}

/** An element with attributes and text (never HTML). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    created.setAttribute(name, value)
  }
  if (text !== undefined) {
    created.textContent = text
  }
  return created
}

/** Places a fixed panel next to `anchor` (below it, or above when there is no room), inside the viewport. */
export function placePanel(panel: HTMLElement, anchor: DOMRect, gap = 8): void {
  const margin = 8
  const { width, height } = panel.getBoundingClientRect()
  const below = anchor.bottom + gap
  const top = below + height + margin <= window.innerHeight ? below : anchor.top - gap - height
  const left = anchor.left + anchor.width / 2 - width / 2
  panel.style.top = `${Math.max(margin, Math.min(top, window.innerHeight - height - margin))}px`
  panel.style.left = `${Math.max(margin, Math.min(left, window.innerWidth - width - margin))}px`
}
