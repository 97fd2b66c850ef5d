// The Kindle notebook helper's card: a button that imports the notebook into Inkmark, the walk's
// progress and its outcome. It lives in its own element with a CLOSED shadow root (like
// guest/ui-host.ts), so the page's scripts cannot read or press it, and its button acts only on
// the person's own click (isTrusted). Built with DOM calls and textContent: titles read off the
// page are never parsed as HTML (ADR 027, 083).
import { onTrusted } from '../guest/trusted'
import type { WalkProgress, WalkSummary } from './notebook-walk'

export const KINDLE_HELPER_HOST_ID = 'inkmark-kindle-helper'

const STYLES = `
:host { all: initial; position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; }
.card { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328;
  background: #fff; border: 1px solid #d0d7de; border-radius: 12px; width: 320px; padding: 12px 14px;
  box-shadow: 0 6px 24px rgba(0,0,0,.18); display: grid; gap: 8px; }
.title-row { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
h2 { font-size: 15px; margin: 0; }
p { margin: 0; }
p:empty { display: none; }
button { font: inherit; cursor: pointer; border-radius: 6px; }
button.primary { background: #0969da; color: #fff; border: 1px solid #0969da; padding: 6px 12px;
  justify-self: start; }
button.primary[disabled] { background: #57606a; border-color: #57606a; cursor: default; }
button.close { border: 1px solid transparent; background: none; color: #57606a; padding: 0 6px;
  font-size: 18px; line-height: 1; }
button:focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
progress { width: 100%; height: 8px; }
progress[hidden] { display: none; }
.alert { color: #a40e26; }
.secondary { color: #57606a; }
@media (prefers-color-scheme: dark) {
  .card { background: #161b22; color: #e6edf3; border-color: #30363d; }
  .secondary, button.close { color: #9da7b3; }
  .alert { color: #ff9492; }
}
`

export interface KindleHelperUi {
  host: HTMLElement
  showProgress(progress: WalkProgress): void
  showSummary(summary: WalkSummary): void
  showError(message: string): void
}

function element<K extends keyof HTMLElementTagNameMap>(
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

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/** The outcome in words. */
export function summaryText(summary: WalkSummary): string {
  if (summary.books === 0) {
    return 'This notebook lists no books yet.'
  }
  const added =
    summary.booksAdded === 0 && summary.highlightsAdded === 0
      ? 'Nothing new: every book and highlight is already in Inkmark.'
      : `Imported ${plural(summary.booksAdded, 'new book')} and ${plural(summary.highlightsAdded, 'highlight')}.`
  const skipped =
    summary.highlightsSkipped > 0 && summary.highlightsAdded + summary.booksAdded > 0
      ? ` ${plural(summary.highlightsSkipped, 'highlight was', 'highlights were')} already there.`
      : ''
  return `${added}${skipped}`
}

/** Problems of the walk in words ('' when none). */
export function problemText(summary: WalkSummary): string {
  const parts: string[] = []
  if (summary.failed.length > 0) {
    parts.push(`Not imported (try again): ${summary.failed.join(', ')}.`)
  }
  if (summary.partial.length > 0) {
    parts.push(`Only the first highlights loaded for: ${summary.partial.join(', ')}.`)
  }
  return parts.join(' ')
}

/** Puts the helper's card on the page; `onImport` runs on the person's click. */
export function mountKindleHelper(onImport: () => void): KindleHelperUi {
  document.getElementById(KINDLE_HELPER_HOST_ID)?.remove()
  const host = element('div', { id: KINDLE_HELPER_HOST_ID, 'data-inkmark-ui': '' })
  const root = host.attachShadow({ mode: 'closed' })
  const style = element('style')
  style.textContent = STYLES
  const card = element('section', { class: 'card', 'aria-labelledby': 'inkmark-kindle-title' })
  const titleRow = element('div', { class: 'title-row' })
  const title = element('h2', { id: 'inkmark-kindle-title' }, 'Inkmark')
  const close = element('button', {
    type: 'button',
    class: 'close',
    'data-action': 'close',
    'aria-label': 'Close the Inkmark import',
  })
  close.textContent = '×'
  titleRow.append(title, close)
  const intro = element(
    'p',
    { class: 'secondary' },
    'Copy the books and highlights of this notebook into your Inkmark library.',
  )
  const button = element(
    'button',
    { type: 'button', class: 'primary', 'data-action': 'import' },
    'Import to Inkmark',
  )
  const progress = element('progress', { 'aria-label': 'Import progress', hidden: '' })
  const status = element('p', { role: 'status', 'data-part': 'status' })
  const alert = element('p', { role: 'alert', class: 'alert', 'data-part': 'alert' })
  card.append(titleRow, intro, button, progress, status, alert)
  root.append(style, card)
  document.documentElement.append(host)

  let running = false
  button.addEventListener(
    'click',
    onTrusted(() => {
      if (running) {
        return
      }
      running = true
      button.disabled = true
      button.textContent = 'Importing…'
      alert.textContent = ''
      status.textContent = 'Looking for your books…'
      onImport()
    }),
  )
  close.addEventListener(
    'click',
    onTrusted(() => {
      if (!running) {
        host.remove()
      }
    }),
  )
  const finish = () => {
    running = false
    button.disabled = false
    button.textContent = 'Import again'
    progress.hidden = true
  }
  return {
    host,
    showProgress({ index, total, title: bookTitle }) {
      progress.hidden = false
      progress.max = total
      progress.value = index - 1
      status.textContent = `Importing book ${index} of ${total}: ${bookTitle}`
    },
    showSummary(summary) {
      finish()
      status.textContent = summaryText(summary)
      alert.textContent = problemText(summary)
    },
    showError(message) {
      finish()
      status.textContent = ''
      alert.textContent = message
    },
  }
}
