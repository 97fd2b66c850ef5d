// Where the transcript panel lives on a watch page: its own element with a CLOSED shadow root, so
// YouTube's styles cannot reach it, ours cannot leak and the page's scripts cannot read it (like
// guest/ui-host.ts, but in the page's flow instead of a fixed layer; ADR 027). It sits at the top
// of YouTube's right column (#secondary), or floats at the right edge on a page without one. Built
// with DOM calls and textContent only.

export const PANEL_HOST_ID = 'inkmark-youtube-panel'

/** Columns the panel goes into, first found wins (YouTube's desktop watch layout). */
const COLUMN_SELECTORS = ['#secondary-inner', '#secondary']

const STYLES = `
:host { all: initial; display: block; margin-bottom: 12px; }
:host([data-floating]) { position: fixed; right: 16px; top: 72px; width: 400px; z-index: 2147483000; }
.panel { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328;
  background: #fff; border: 1px solid #d0d7de; border-radius: 12px; display: flex;
  flex-direction: column; max-height: 70vh; overflow: hidden; }
.header { display: grid; gap: 8px; padding: 10px 12px; border-bottom: 1px solid #d0d7de; }
.title-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h2 { font-size: 16px; margin: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; }
label { display: inline-flex; gap: 6px; align-items: center; cursor: pointer; }
select, button { font: inherit; color: inherit; }
select { border: 1px solid #8c959f; border-radius: 6px; padding: 2px 6px; background: #fff; }
button.text { border: 1px solid #8c959f; background: #f6f8fa; border-radius: 6px; padding: 3px 10px;
  cursor: pointer; }
button:focus-visible, select:focus-visible, input:focus-visible { outline: 2px solid #0969da;
  outline-offset: 1px; }
.notice { margin: 0; padding: 8px 12px; }
.notice:empty { display: none; }
.alert { background: #fff8c5; border-bottom: 1px solid #d4a72c; }
.lines { list-style: none; margin: 0; padding: 4px 0; overflow-y: auto; flex: 1; min-height: 0; }
.line { display: grid; grid-template-columns: auto 1fr auto; gap: 8px; align-items: start;
  padding: 3px 12px; }
.line[aria-current="true"] { box-shadow: inset 3px 0 0 #0969da; background: #f0f6ff; }
.time { border: 0; background: none; padding: 0 2px; cursor: pointer; color: #0550ae;
  font-variant-numeric: tabular-nums; text-decoration: underline; }
.text { user-select: text; cursor: text; border-radius: 3px; padding: 0 2px; }
.line.highlighted .text { background: var(--mark-color, #fdffb4); cursor: pointer; }
.mark { border: 1px solid transparent; background: none; border-radius: 6px; cursor: pointer;
  padding: 0 6px; color: #57606a; }
.mark[aria-pressed="true"] { color: #1f2328; border-color: #8c959f; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
`

export interface PanelHost {
  host: HTMLElement
  root: ShadowRoot
}

let current: PanelHost | undefined

/** The panel's host, made on first use and put back in place if YouTube re-rendered it away. */
export function panelHost(): PanelHost {
  if (!current) {
    const host = document.createElement('div')
    host.id = PANEL_HOST_ID
    host.setAttribute('data-inkmark-ui', '')
    const root = host.attachShadow({ mode: 'closed' })
    const style = document.createElement('style')
    style.textContent = STYLES
    root.append(style)
    // A selection in the panel is the panel's: the page highlighter (listening on the document)
    // must not offer its marker popup for it.
    for (const type of ['mouseup', 'keyup']) {
      host.addEventListener(type, (event) => event.stopPropagation())
    }
    current = { host, root }
  }
  if (!current.host.isConnected) {
    place(current.host)
  }
  return current
}

function place(host: HTMLElement): void {
  const column = COLUMN_SELECTORS.map((selector) => document.querySelector(selector)).find(
    (found) => found !== null,
  )
  if (column) {
    host.removeAttribute('data-floating')
    column.prepend(host)
  } else {
    host.setAttribute('data-floating', '')
    document.body.append(host)
  }
}

/** Removes the panel (off a watch page). */
export function removePanelHost(): void {
  current?.host.remove()
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
