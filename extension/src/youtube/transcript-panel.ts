// The transcript panel's view: a header (language picker, autoscroll and sticky-player switches,
// "Highlight selection"), a notice line (loading, empty, errors, the daily limit) and the lines,
// each with its timestamp (a button that plays from there), its text and a highlight toggle.
// Transcript text is only ever set with textContent. Its controls act only on the person's own
// input (isTrusted, ADR 027). The keyboard moves through the lines with the
// arrow keys (one line's buttons are in the tab order at a time, a roving tabindex), so a long
// transcript is not hundreds of Tab presses. The view holds no state of its own beyond
// the DOM; youtube-panel.ts decides what it shows.
import {
  formatTimestamp,
  highlightOfLine,
  spokenTimestamp,
  type CaptionTrack,
  type GuestYoutubeOptions,
  type TranscriptHighlight,
  type TranscriptLine,
} from '@inkmark/shared/youtube'
import { onTrusted } from '~guest/trusted'
import { element } from './panel-host'

export interface PanelActions {
  chooseTrack(index: number): void
  seek(offset: number): void
  toggleLine(index: number): void
  highlightSelection(): void
  setOption(name: keyof GuestYoutubeOptions, value: boolean): void
  retry(): void
}

export interface TranscriptPanel {
  setTracks(tracks: readonly CaptionTrack[], selected: number): void
  setOptions(options: GuestYoutubeOptions): void
  /** Shows a notice instead of the lines (loading, no transcript, an error), with Try again when `retry`. */
  showNotice(text: string, options?: { busy?: boolean; retry?: boolean }): void
  showLines(lines: readonly TranscriptLine[]): void
  setHighlights(highlights: readonly TranscriptHighlight[]): void
  /** Marks line `index` as playing; scrolls the list to it when `scroll`. */
  setActive(index: number, scroll: boolean): void
  /**
   * Shows `message` as an alert (e.g. the daily limit), or clears it with ''; `action` adds a
   * button after it (the daily limit's "See plans").
   */
  showAlert(message: string, action?: { label: string; run: () => void }): void
  /** Announces `message` to screen readers. */
  announce(message: string): void
  /** The first and last line the person has selected in the panel, or null. */
  selectedLines(): [number, number] | null
  /** Whether the person is reading or using the list (autoscroll then waits). */
  isBusy(): boolean
}

type ComposedSelection = Selection & {
  getComposedRanges?: (options: { shadowRoots: ShadowRoot[] }) => StaticRange[]
}

function lineIndexOf(node: Node | null): number | null {
  const start = node instanceof Element ? node : (node?.parentElement ?? null)
  const line = start?.closest<HTMLElement>('li.line')
  const index = line ? Number(line.dataset.index) : NaN
  return Number.isInteger(index) ? index : null
}

/** Builds the panel in `root` and returns its controls. */
export function createTranscriptPanel(root: ShadowRoot, actions: PanelActions): TranscriptPanel {
  const panel = element('section', {
    class: 'panel',
    'aria-labelledby': 'inkmark-transcript-title',
  })
  const header = element('div', { class: 'header' })
  const titleRow = element('div', { class: 'title-row' })
  titleRow.append(element('h2', { id: 'inkmark-transcript-title' }, 'Transcript'))
  const highlightButton = element(
    'button',
    { type: 'button', class: 'text', 'data-action': 'highlight-selection' },
    'Highlight selection',
  )
  titleRow.append(highlightButton)

  const controls = element('div', { class: 'controls' })
  const languageLabel = element('label', {}, 'Language ')
  const language = element('select', { 'data-control': 'language' })
  languageLabel.append(language)
  const autoscroll = element('input', { type: 'checkbox', 'data-control': 'autoscroll' })
  const autoscrollLabel = element('label')
  autoscrollLabel.append(autoscroll, document.createTextNode('Autoscroll'))
  const sticky = element('input', { type: 'checkbox', 'data-control': 'sticky' })
  const stickyLabel = element('label')
  stickyLabel.append(sticky, document.createTextNode('Sticky player'))
  controls.append(languageLabel, autoscrollLabel, stickyLabel)
  header.append(titleRow, controls)

  const alert = element('p', { class: 'notice alert', role: 'alert', 'data-role': 'alert' })
  // The alert's action (the daily limit's "See plans") sits after it, outside the alert's words.
  const alertAction = element('div', { class: 'notice', 'data-role': 'alert-action' })
  const notice = element('div', { class: 'notice', role: 'status', 'data-role': 'notice' })
  const live = element('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' })
  const list = element('ol', { class: 'lines', 'aria-label': 'Transcript lines', tabindex: '-1' })
  panel.append(header, alert, alertAction, notice, list, live)
  root.append(panel)

  let lineItems: HTMLLIElement[] = []
  let lines: readonly TranscriptLine[] = []
  let active = -1
  let pointerInside = false
  /** The selection as the "Highlight selection" button was pressed (pressing must not lose it). */
  let selectionAtPress: [number, number] | null = null

  language.addEventListener(
    'change',
    onTrusted(() => actions.chooseTrack(Number(language.value))),
  )
  autoscroll.addEventListener(
    'change',
    onTrusted(() => actions.setOption('enableAutoscrolling', autoscroll.checked)),
  )
  sticky.addEventListener(
    'change',
    onTrusted(() => actions.setOption('enableStickyPlayer', sticky.checked)),
  )
  highlightButton.addEventListener(
    'pointerdown',
    onTrusted(() => (selectionAtPress = currentSelection())),
  )
  highlightButton.addEventListener(
    'click',
    onTrusted(() => actions.highlightSelection()),
  )
  list.addEventListener('pointerenter', () => (pointerInside = true))
  list.addEventListener('pointerleave', () => (pointerInside = false))
  list.addEventListener('click', (event) => {
    if (!event.isTrusted) {
      return
    }
    const target = event.target as HTMLElement
    const line = target.closest<HTMLLIElement>('li.line')
    if (!line) {
      return
    }
    const index = Number(line.dataset.index)
    const offset = lines[index]?.offset
    if (target.closest('button.time') && offset !== undefined) {
      actions.seek(offset)
    } else if (target.closest('button.mark')) {
      actions.toggleLine(index)
    } else if (
      target.closest('.text') &&
      line.classList.contains('highlighted') &&
      offset !== undefined &&
      currentSelection() === null
    ) {
      // Clicking a highlighted line plays from it (a selection being made is not a click).
      actions.seek(offset)
    }
  })

  function currentSelection(): [number, number] | null {
    const selection: ComposedSelection | null = document.getSelection()
    let start: Node | null = null
    let end: Node | null = null
    const composed = selection?.getComposedRanges?.({ shadowRoots: [root] })[0]
    if (composed && !composed.collapsed) {
      start = composed.startContainer
      end = composed.endContainer
    } else {
      const own = (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.()
      if (own && own.rangeCount > 0 && !own.isCollapsed) {
        const range = own.getRangeAt(0)
        start = range.startContainer
        end = range.endContainer
      }
    }
    if (!start || !end || !root.contains(start) || !root.contains(end)) {
      return null
    }
    const first = lineIndexOf(start)
    const last = lineIndexOf(end)
    if (first === null || last === null) {
      return null
    }
    return first <= last ? [first, last] : [last, first]
  }

  /** Puts line `index`'s buttons in the tab order and takes the others' out. */
  function setRovingLine(index: number): void {
    for (const button of list.querySelectorAll<HTMLButtonElement>('button[tabindex="0"]')) {
      button.tabIndex = -1
    }
    for (const button of lineItems[index]?.querySelectorAll('button') ?? []) {
      button.tabIndex = 0
    }
  }

  list.addEventListener('focusin', (event) => {
    const index = lineIndexOf(event.target as Node)
    if (index !== null) {
      setRovingLine(index)
    }
  })
  list.addEventListener('keydown', (event) => {
    if (!event.isTrusted) {
      return
    }
    const button = (event.target as HTMLElement).closest('button')
    const index = lineIndexOf(event.target as Node)
    if (!button || index === null) {
      return
    }
    const targets: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: lineItems.length - 1,
    }
    const next = targets[event.key]
    if (next === undefined || !lineItems[next]) {
      return
    }
    event.preventDefault()
    const kind = button.classList.contains('mark') ? 'button.mark' : 'button.time'
    setRovingLine(next)
    lineItems[next].querySelector<HTMLButtonElement>(kind)!.focus()
    lineItems[next].scrollIntoView({ block: 'nearest' })
  })

  function renderLine(line: TranscriptLine, index: number): HTMLLIElement {
    const item = element('li', { class: 'line', 'data-index': String(index) })
    const at = formatTimestamp(line.offset)
    // The visible timestamp starts the name (WCAG label-in-name); the title reads it in words.
    item.append(
      element(
        'button',
        {
          type: 'button',
          class: 'time',
          'aria-label': `${at} Play from here`,
          tabindex: '-1',
          title: `Play from ${spokenTimestamp(line.offset)}`,
        },
        at,
      ),
      element('span', { class: 'text' }, line.text),
      element(
        'button',
        { type: 'button', class: 'mark', 'aria-pressed': 'false', tabindex: '-1' },
        '✎',
      ),
    )
    return item
  }

  function updateMarkButton(item: HTMLLIElement, highlighted: boolean, index: number): void {
    const button = item.querySelector('button.mark')!
    const at = formatTimestamp(lines[index]?.offset ?? 0)
    button.setAttribute('aria-pressed', String(highlighted))
    button.setAttribute(
      'aria-label',
      highlighted ? `Remove highlight at ${at}` : `Highlight line at ${at}`,
    )
  }

  return {
    setTracks(tracks, selected) {
      language.replaceChildren(
        ...tracks.map((track, index) => {
          const option = element('option', { value: String(index) }, track.name)
          option.selected = index === selected
          return option
        }),
      )
      language.disabled = tracks.length < 2
    },
    setOptions(options) {
      autoscroll.checked = options.enableAutoscrolling
      sticky.checked = options.enableStickyPlayer
    },
    showNotice(text, options = {}) {
      notice.replaceChildren(element('span', {}, text))
      notice.setAttribute('aria-busy', String(options.busy === true))
      if (options.retry) {
        const retry = element('button', { type: 'button', class: 'text' }, 'Try again')
        retry.addEventListener(
          'click',
          onTrusted(() => actions.retry()),
        )
        notice.append(document.createTextNode(' '), retry)
      }
      list.replaceChildren()
      lineItems = []
      lines = []
      active = -1
    },
    showLines(shown) {
      notice.replaceChildren()
      notice.removeAttribute('aria-busy')
      lines = shown
      lineItems = shown.map(renderLine)
      list.replaceChildren(...lineItems)
      lineItems.forEach((item, index) => updateMarkButton(item, false, index))
      setRovingLine(0)
      active = -1
      selectionAtPress = null
    },
    setHighlights(highlights) {
      lineItems.forEach((item, index) => {
        const highlight = highlightOfLine(highlights, lines[index]!.offset)
        item.classList.toggle('highlighted', highlight !== undefined)
        if (highlight) {
          item.dataset.markId = highlight._id
          item.style.setProperty('--mark-color', highlight.color)
        } else {
          delete item.dataset.markId
          item.style.removeProperty('--mark-color')
        }
        updateMarkButton(item, highlight !== undefined, index)
      })
    },
    setActive(index, scroll) {
      if (index !== active) {
        lineItems[active]?.removeAttribute('aria-current')
        lineItems[index]?.setAttribute('aria-current', 'true')
        active = index
      }
      const item = lineItems[index]
      if (scroll && item) {
        const top = item.offsetTop - list.offsetTop
        if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = Math.max(0, top - list.clientHeight / 3)
        }
      }
    },
    showAlert(message, action) {
      alert.textContent = message
      alertAction.replaceChildren()
      if (message !== '' && action) {
        const button = element(
          'button',
          { type: 'button', class: 'text', 'data-action': 'alert-action' },
          action.label,
        )
        button.addEventListener('click', (event) => {
          if (event.isTrusted) {
            action.run()
          }
        })
        alertAction.append(button)
      }
    },
    announce(message) {
      live.textContent = message
    },
    selectedLines() {
      const selected = currentSelection() ?? selectionAtPress
      selectionAtPress = null
      return selected
    },
    isBusy() {
      return pointerInside || list.contains(root.activeElement)
    },
  }
}
