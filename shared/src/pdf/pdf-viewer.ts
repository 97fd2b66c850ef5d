// A framework-free PDF viewer with highlights, on pdf.js (pdfjs-dist 5), shared by the extension's
// viewer page and the web app's viewer route. See README.md beside this file for usage.
//
//   const viewer = await openPdfViewer(container, urlOrBytes, {
//     workerSrc,                       // URL of pdf.worker.min.mjs (or workerPort: a Worker)
//     onProgress: (notice) => ...,     // 'Preparing PDF file: 3/14', then 'PDF is ready! ...', then null
//     onSelection: (selection) => ..., // text selected in the pages (null when it goes away)
//     onMarkActivate: (id, element) => ..., // a highlight clicked, or Enter on a focused one
//   })
//   await viewer.setMarks([{ id, color, selector }])   // -> { placed, unplaced }
//   const selection = viewer.currentSelection()        // -> { selector, text, rect } | null
//   viewer.addMark / removeMark / scrollToMark / destroy
//
// Pages are measured up front (placeholders sized from their viewports, with the preparation
// notice counting them) and drawn only near the screen (page-window.ts: the visible pages and two
// either side), each with pdf.js's text layer so text can be selected. A highlight is anchored on
// the pages' texts (pdf-selector.ts: page index + quote + offset in the page), which pdf.js gives
// without drawing anything, and painted with the page highlighter's wrappers (anchoring/paint.ts)
// on each drawn page it covers. A page more than four pages from the screen is let go whole
// (canvas, text layer with its highlights, pdf.js resources) and drawn and painted again when it
// comes back, so a 1,000-page document read to its end holds about what its first pages did.
// Each drawn page sends the spec's `pdfIsRendered` window event (ADR 080). The upsert methods
// pdf.js calls (map-upsert.ts) are put in first, for Firefox ESR (ADR 082); the worker needs them
// too, from each app's worker entry.
import './map-upsert'
import {
  getDocument,
  GlobalWorkerOptions,
  TextLayer,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type PageViewport,
  type RenderTask,
} from 'pdfjs-dist'
import { paintHighlight, removeHighlight } from '../anchoring/paint'
import { createTextIndex, offsetOfPoint, rangeFromOffsets } from '../anchoring/text-index'
import { Message, preparingPdfMessage } from '../domain/messages'
import { pageText, TEXT_CONTENT_PARAMS } from './page-text'
import { inRange, pageWindow, visiblePages, type PageRange } from './page-window'
import { ensurePdfStyles } from './pdf-styles'
import {
  anchorPdfText,
  describePdfText,
  pageSpan,
  type PdfTextAnchor,
  type PdfTextSelector,
} from './pdf-selector'

/** How long the ready notice stays (spec: 2.5 s). */
export const PDF_READY_NOTICE_MS = 2_500

/** A PDF to open: its address (http(s), file, blob) or its bytes (copied, never detached). */
export type PdfSource = string | URL | Uint8Array | ArrayBuffer

/** The notice to show while a PDF opens; null hides it. */
export type PdfNotice =
  | { state: 'preparing'; page: number; total: number; message: string }
  | { state: 'ready'; message: string }

/** A highlight to show: the mark's id and look, and where it is. */
export interface PdfMark {
  id: string
  color: string
  selector: PdfTextSelector
  hasNotes?: boolean
  hasTags?: boolean
}

/** Text the person selected in the pages. */
export interface PdfSelection {
  selector: PdfTextSelector
  /** The selected text, pages joined by a line break. */
  text: string
  /** Where the selection is on screen (to place a popup). */
  rect: DOMRect
}

/** Which marks could be placed in the document. */
export interface PdfPlacement {
  placed: string[]
  unplaced: string[]
}

export interface PdfViewerOptions {
  /** URL of pdfjs-dist's build/pdf.worker.min.mjs; set once for the whole page. */
  workerSrc?: string
  /** A worker already running pdf.worker (wins over workerSrc). */
  workerPort?: Worker
  /** Zoom; by default pages fit the container's width, at most 1.5. */
  scale?: number
  /** URL of pdfjs-dist's standard_fonts/ folder (fonts a PDF names without embedding). */
  standardFontDataUrl?: string
  onProgress?: (notice: PdfNotice | null) => void
  onSelection?: (selection: PdfSelection | null) => void
  onMarkActivate?: (markId: string, element: HTMLElement) => void
}

export interface PdfViewer {
  readonly pageCount: number
  /** The PDF's own title, else its file name. */
  readonly title: string
  /** Shows exactly these marks (painting what is new, taking away what is gone). */
  setMarks(marks: readonly PdfMark[]): Promise<PdfPlacement>
  /** Shows one more mark; false when it cannot be placed. */
  addMark(mark: PdfMark): Promise<boolean>
  removeMark(markId: string): void
  /** The current selection in the pages, described; null when there is none. */
  currentSelection(): PdfSelection | null
  /** Scrolls a mark into view (its page is drawn, then the mark painted); false if unplaced. */
  scrollToMark(markId: string): boolean
  /** The text of a page (index from 0) as its text layer holds it. */
  pageText(page: number): Promise<string>
  /** Stops everything and empties the container. */
  destroy(): Promise<void>
}

/** A PDF that could not be opened; `message` is the one to show. */
export class PdfLoadError extends Error {
  constructor(cause: unknown) {
    super(Message.COULD_NOT_LOAD_CONTENT, { cause })
    this.name = 'PdfLoadError'
  }
}

const HIGHLIGHT_SELECTOR = '.inkmark-highlight[markid]'
const DEFAULT_MAX_SCALE = 1.5
const PAGE_GAP_PX = 32

/** The custom window event (spec: pdfIsRendered) sent when a page's text layer is drawn. */
export const PDF_RENDERED_EVENT = 'pdfIsRendered'

/** What a `pdfIsRendered` event tells: which page (index from 0) of how many. */
export interface PdfRenderedDetail {
  pageIndex: number
  pageCount: number
}

interface PageState {
  index: number
  page: PDFPageProxy
  viewport: PageViewport
  element: HTMLDivElement
  layer: HTMLDivElement | null
  status: 'blank' | 'drawing' | 'drawn'
  /** The drawn page's picture (let go with the page far from the screen, see `releasePage`). */
  canvas: HTMLCanvasElement | null
  /** Drawings under way, cancelled when the page is let go before they end. */
  renderTask: RenderTask | null
  textLayer: TextLayer | null
  /** Counts releases: a drawing that ends after its page was let go is thrown away. */
  generation: number
}

interface MarkState {
  mark: PdfMark
  /** undefined: not anchored yet; null: not found. */
  anchor: PdfTextAnchor | null | undefined
  /** Pages it is painted on. */
  painted: Set<number>
}

function toLoadParams(source: PdfSource): { url: string } | { data: Uint8Array } {
  if (typeof source === 'string' || source instanceof URL) {
    return { url: String(source) }
  }
  // pdf.js takes the bytes over (transfers them to the worker): give it a copy.
  return { data: source instanceof Uint8Array ? source.slice() : new Uint8Array(source.slice(0)) }
}

function fileNameOf(source: PdfSource): string {
  if (typeof source !== 'string' && !(source instanceof URL)) {
    return 'PDF'
  }
  try {
    const name = new URL(String(source)).pathname.split('/').pop() ?? ''
    return decodeURIComponent(name) || 'PDF'
  } catch {
    return 'PDF'
  }
}

/** The nearest element above `element` (itself included) that scrolls, or null for the page. */
function scrollingAncestorOf(element: HTMLElement): HTMLElement | null {
  for (let current: HTMLElement | null = element; current; current = current.parentElement) {
    const { overflowY } = getComputedStyle(current)
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') {
      return current
    }
  }
  return null
}

/** Opens `source` in `container`; rejects with PdfLoadError when it is not a readable PDF. */
export async function openPdfViewer(
  container: HTMLElement,
  source: PdfSource,
  options: PdfViewerOptions = {},
): Promise<PdfViewer> {
  const document = container.ownerDocument
  const window = document.defaultView!
  ensurePdfStyles(document)
  if (options.workerPort !== undefined) {
    GlobalWorkerOptions.workerPort = options.workerPort
  } else if (options.workerSrc !== undefined) {
    GlobalWorkerOptions.workerSrc = options.workerSrc
  }
  const task = getDocument({
    ...toLoadParams(source),
    isEvalSupported: false,
    ...(options.standardFontDataUrl !== undefined
      ? { standardFontDataUrl: options.standardFontDataUrl }
      : {}),
  })
  let pdf: PDFDocumentProxy
  try {
    pdf = await task.promise
  } catch (error) {
    await task.destroy().catch(() => undefined)
    throw new PdfLoadError(error)
  }
  const total = pdf.numPages
  const notify = options.onProgress ?? (() => undefined)
  let destroyed = false

  const pagesElement = document.createElement('div')
  pagesElement.className = 'inkmark-pdf-pages'
  container.replaceChildren(pagesElement)

  // Pages measured one by one, each placeholder in place at once.
  const pages: PageState[] = []
  let scale = options.scale
  notify({ state: 'preparing', page: 0, total, message: preparingPdfMessage(0, total) })
  try {
    for (let index = 0; index < total; index += 1) {
      const page = await pdf.getPage(index + 1)
      if (scale === undefined) {
        const width = page.getViewport({ scale: 1 }).width
        const room = container.clientWidth - PAGE_GAP_PX
        scale = room > 0 ? Math.min(DEFAULT_MAX_SCALE, room / width) : DEFAULT_MAX_SCALE
      }
      const viewport = page.getViewport({ scale })
      const element = document.createElement('div')
      element.className = 'inkmark-pdf-page'
      element.dataset.pageIndex = String(index)
      element.style.width = `${Math.floor(viewport.width)}px`
      element.style.height = `${Math.floor(viewport.height)}px`
      element.style.setProperty('--scale-factor', String(scale))
      element.style.setProperty('--total-scale-factor', String(scale))
      pagesElement.append(element)
      pages.push({
        index,
        page,
        viewport,
        element,
        layer: null,
        status: 'blank',
        canvas: null,
        renderTask: null,
        textLayer: null,
        generation: 0,
      })
      notify({
        state: 'preparing',
        page: index + 1,
        total,
        message: preparingPdfMessage(index + 1, total),
      })
    }
  } catch (error) {
    await pdf.destroy().catch(() => undefined)
    container.replaceChildren()
    throw new PdfLoadError(error)
  }

  const texts = new Map<number, string>()
  const textLoads = new Map<number, Promise<string>>()
  const marks = new Map<string, MarkState>()

  function loadText(index: number): Promise<string> {
    const known = texts.get(index)
    if (known !== undefined) {
      return Promise.resolve(known)
    }
    let loading = textLoads.get(index)
    if (loading === undefined) {
      loading = pageText(pages[index]!.page).then((text) => {
        texts.set(index, text)
        return text
      })
      textLoads.set(index, loading)
    }
    return loading
  }

  async function loadTexts(first: number, last: number): Promise<void> {
    const wanted: Promise<string>[] = []
    for (let index = Math.max(0, first); index <= Math.min(total - 1, last); index += 1) {
      wanted.push(loadText(index))
    }
    await Promise.all(wanted)
  }

  function makeFocusable(wrapper: HTMLElement): void {
    wrapper.tabIndex = 0
    wrapper.setAttribute('role', 'button')
    // Named by its own text (what a person sees), described as a highlight.
    wrapper.setAttribute('aria-description', 'Highlight: Enter opens its toolbox')
  }

  /** Paints the marks anchored on page `index` that are not painted there yet. */
  function paintPage(index: number): void {
    const state = pages[index]
    if (state?.layer == null || destroyed) {
      return
    }
    let textIndex: ReturnType<typeof createTextIndex> | undefined
    for (const entry of marks.values()) {
      const { anchor } = entry
      if (anchor == null || entry.painted.has(index)) {
        continue
      }
      textIndex ??= createTextIndex(state.layer)
      const span = pageSpan(anchor, index, textIndex.text.length)
      if (span === null) {
        continue
      }
      const range = rangeFromOffsets(textIndex, span.start, span.end)
      if (range === null) {
        continue
      }
      const wrappers = paintHighlight(range, {
        markId: entry.mark.id,
        color: entry.mark.color,
        hasNotes: entry.mark.hasNotes === true,
        hasTags: entry.mark.hasTags === true,
      })
      entry.painted.add(index)
      if (wrappers[0] !== undefined) {
        makeFocusable(wrappers[0])
      }
      // Painting split text nodes: index again for the next mark.
      textIndex = undefined
    }
  }

  /** Renders the page's picture into `canvas` at the screen's pixel ratio. */
  async function renderCanvas(state: PageState, canvas: HTMLCanvasElement): Promise<void> {
    const ratio = window.devicePixelRatio || 1
    const { viewport } = state
    canvas.width = Math.floor(viewport.width * ratio)
    canvas.height = Math.floor(viewport.height * ratio)
    const context = canvas.getContext('2d')
    if (context !== null) {
      const task = state.page.render({
        canvasContext: context,
        canvas,
        viewport,
        ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
      })
      state.renderTask = task
      try {
        await task.promise
      } finally {
        if (state.renderTask === task) {
          state.renderTask = null
        }
      }
    }
  }

  /** Whether the person's selection or keyboard focus is on the page (it must not go away). */
  function isInUse(state: PageState): boolean {
    if (state.element.contains(document.activeElement)) {
      return true
    }
    const selection = document.getSelection()
    return (
      selection !== null &&
      selection.rangeCount > 0 &&
      !selection.isCollapsed &&
      selection.getRangeAt(0).intersectsNode(state.element)
    )
  }

  /**
   * Lets go of a page far from the screen: its canvas bitmap (several megabytes), its text layer
   * (and the highlights painted in it) and pdf.js's resources for it. The placeholder keeps its
   * size, so the scroll bar and every other page stay where they were; the page's text stays
   * known (for anchoring), and the page is drawn and its highlights painted again when it comes
   * back near. A drawing still under way is cancelled.
   */
  function releasePage(state: PageState): void {
    if (state.status === 'blank' || isInUse(state)) {
      return
    }
    state.generation += 1
    state.renderTask?.cancel()
    state.renderTask = null
    state.textLayer?.cancel()
    state.textLayer = null
    if (state.canvas !== null) {
      state.canvas.width = 0
      state.canvas.height = 0
    }
    state.canvas = null
    state.layer = null
    state.element.replaceChildren()
    delete state.element.dataset.drawn
    state.status = 'blank'
    for (const entry of marks.values()) {
      entry.painted.delete(state.index)
    }
    state.page.cleanup()
  }

  async function drawPage(state: PageState): Promise<void> {
    if (state.status !== 'blank') {
      return
    }
    state.status = 'drawing'
    const generation = state.generation
    const { viewport } = state
    const canvas = document.createElement('canvas')
    canvas.style.width = `${Math.floor(viewport.width)}px`
    canvas.style.height = `${Math.floor(viewport.height)}px`
    canvas.setAttribute('aria-hidden', 'true')
    const layer = document.createElement('div')
    layer.className = 'textLayer'
    try {
      const textLayer = new TextLayer({
        textContentSource: state.page.streamTextContent(TEXT_CONTENT_PARAMS),
        container: layer,
        viewport,
      })
      state.textLayer = textLayer
      await Promise.all([renderCanvas(state, canvas), textLayer.render()])
      if (destroyed || state.generation !== generation) {
        canvas.width = 0
        canvas.height = 0
        return
      }
      state.textLayer = null
      const end = document.createElement('div')
      end.className = 'endOfContent'
      layer.append(end)
      state.element.replaceChildren(canvas, layer)
      state.element.dataset.drawn = ''
      state.layer = layer
      state.canvas = canvas
      state.status = 'drawn'
      texts.set(state.index, textLayer.textContentItemsStr.join(''))
      paintPage(state.index)
      // The spec's custom window event, on our own page only (the extension's viewer page, the
      // web app): the page's text layer is there and its highlights are painted.
      window.dispatchEvent(
        new CustomEvent<PdfRenderedDetail>(PDF_RENDERED_EVENT, {
          detail: { pageIndex: state.index, pageCount: total },
        }),
      )
      // The view may have moved on while this page was drawn.
      scheduleWindow()
    } catch (error) {
      canvas.width = 0
      canvas.height = 0
      if (state.generation === generation) {
        state.status = 'blank'
        state.textLayer = null
        if (!destroyed) {
          console.error('Inkmark: a PDF page could not be drawn', error)
        }
      }
    }
  }

  // Which pages are on screen is measured against the box that scrolls the pages (or the window).
  const scrollRoot = scrollingAncestorOf(container)
  const scrollTarget: HTMLElement | Window = scrollRoot ?? window

  /** The pages on screen now, from the placeholders' boxes (a binary search over them). */
  function pagesOnScreen(): PageRange | null {
    const origin = pagesElement.getBoundingClientRect().top
    const rootTop = scrollRoot === null ? 0 : scrollRoot.getBoundingClientRect().top
    const height = scrollRoot === null ? window.innerHeight : scrollRoot.clientHeight
    const viewTop = rootTop - origin
    return visiblePages(
      pages.length,
      (index) => {
        const box = pages[index]!.element.getBoundingClientRect()
        return { top: box.top - origin, bottom: box.bottom - origin }
      },
      viewTop,
      viewTop + Math.max(1, height),
    )
  }

  /** Draws the pages near the screen and lets go of the drawn pages far from it. */
  function updateWindow(): void {
    if (destroyed) {
      return
    }
    const visible = pagesOnScreen()
    if (visible === null) {
      return
    }
    const wanted = pageWindow(visible, total)
    for (const state of pages) {
      if (state.status !== 'blank' && !inRange(wanted.keep, state.index)) {
        releasePage(state)
      }
    }
    for (const index of wanted.draw) {
      void drawPage(pages[index]!)
    }
  }

  let windowFrame: number | null = null
  function scheduleWindow(): void {
    if (windowFrame !== null || destroyed) {
      return
    }
    windowFrame = window.requestAnimationFrame(() => {
      windowFrame = null
      updateWindow()
    })
  }
  scrollTarget.addEventListener('scroll', scheduleWindow, { passive: true })
  window.addEventListener('resize', scheduleWindow)
  // Shown after being hidden, or resized by its page: no scroll event says so.
  const resizeObserver = new ResizeObserver(scheduleWindow)
  resizeObserver.observe(container)
  scheduleWindow()

  async function anchorMark(entry: MarkState): Promise<void> {
    const { selector } = entry.mark
    const first = Math.min(selector.startPage, total - 1)
    const last = Math.min(Math.max(selector.endPage, first), total - 1)
    await loadTexts(first, last)
    const known = (index: number) => texts.get(index)
    let anchor = anchorPdfText(selector, known, first, last)
    if (anchor === null) {
      // Not on its own pages (a different edition of the file?): look in the whole document.
      await loadTexts(0, total - 1)
      anchor = anchorPdfText(selector, known, 0, total - 1)
    }
    entry.anchor = anchor
  }

  async function place(list: readonly MarkState[]): Promise<void> {
    // Every page text the marks need, asked of pdf.js at once rather than mark after mark.
    const needed = new Set<number>()
    for (const { mark } of list) {
      const last = Math.min(mark.selector.endPage, total - 1)
      for (let index = Math.max(0, mark.selector.startPage); index <= last; index += 1) {
        needed.add(index)
      }
    }
    await Promise.all([...needed].map((index) => loadText(index).catch(() => '')))
    for (const entry of list) {
      try {
        await anchorMark(entry)
      } catch {
        entry.anchor = null
      }
    }
    const touched = new Set<number>()
    for (const entry of list) {
      if (entry.anchor != null) {
        for (let index = entry.anchor.startPage; index <= entry.anchor.endPage; index += 1) {
          touched.add(index)
        }
      }
    }
    for (const index of touched) {
      paintPage(index)
    }
  }

  function unpaint(markId: string): void {
    removeHighlight(pagesElement, markId)
    marks.delete(markId)
  }

  function sameLook(a: PdfMark, b: PdfMark): boolean {
    return (
      a.color === b.color &&
      a.hasNotes === b.hasNotes &&
      a.hasTags === b.hasTags &&
      JSON.stringify(a.selector) === JSON.stringify(b.selector)
    )
  }

  function placement(): PdfPlacement {
    const result: PdfPlacement = { placed: [], unplaced: [] }
    for (const [id, entry] of marks) {
      // A mark still being anchored (addMark under way) is neither: its own call answers for it.
      if (entry.anchor !== undefined) {
        ;(entry.anchor === null ? result.unplaced : result.placed).push(id)
      }
    }
    return result
  }

  function currentSelection(): PdfSelection | null {
    const selection = document.getSelection()
    if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) {
      return null
    }
    const range = selection.getRangeAt(0)
    const hit = pages.filter((state) => state.layer !== null && range.intersectsNode(state.layer))
    const first = hit[0]
    const last = hit[hit.length - 1]
    if (first?.layer == null || last?.layer == null) {
      return null
    }
    const start = offsetOfPoint(
      createTextIndex(first.layer),
      range.startContainer,
      range.startOffset,
    )
    const end = offsetOfPoint(createTextIndex(last.layer), range.endContainer, range.endOffset)
    const selector = describePdfText(
      (index) => texts.get(index),
      first.index,
      start,
      last.index,
      end,
    )
    if (selector === null) {
      return null
    }
    return { selector, text: selector.quote.exact, rect: range.getBoundingClientRect() }
  }

  const onSelectionEnd = (event: Event) => {
    if (event instanceof KeyboardEvent && !event.shiftKey && event.key !== 'Shift') {
      return
    }
    // After the browser has settled the selection.
    setTimeout(() => {
      if (!destroyed) {
        options.onSelection?.(currentSelection())
      }
    }, 0)
  }
  const onPointerDown = (event: Event) => {
    const layer = (event.target as Element | null)?.closest?.('.textLayer')
    layer?.classList.add('selecting')
  }
  const onPointerUp = () => {
    for (const layer of pagesElement.querySelectorAll('.textLayer.selecting')) {
      layer.classList.remove('selecting')
    }
  }
  const activate = (element: HTMLElement) => {
    const id = element.getAttribute('markid')
    if (id !== null) {
      options.onMarkActivate?.(id, element)
    }
  }
  const onClick = (event: MouseEvent) => {
    const highlight = (event.target as Element | null)?.closest?.(HIGHLIGHT_SELECTOR)
    const selection = document.getSelection()
    if (highlight instanceof HTMLElement && (selection === null || selection.isCollapsed)) {
      activate(highlight)
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as Element | null
    if (
      (event.key === 'Enter' || event.key === ' ') &&
      target instanceof HTMLElement &&
      target.matches(HIGHLIGHT_SELECTOR)
    ) {
      event.preventDefault()
      activate(target)
    }
  }
  pagesElement.addEventListener('mousedown', onPointerDown)
  document.addEventListener('mouseup', onPointerUp)
  pagesElement.addEventListener('mouseup', onSelectionEnd)
  pagesElement.addEventListener('keyup', onSelectionEnd)
  pagesElement.addEventListener('click', onClick)
  pagesElement.addEventListener('keydown', onKeyDown)

  let title = fileNameOf(source)
  try {
    const metadata = await pdf.getMetadata()
    const own = (metadata.info as { Title?: unknown } | undefined)?.Title
    if (typeof own === 'string' && own.trim() !== '') {
      title = own.trim()
    }
  } catch {
    // No metadata: the file name stays.
  }

  notify({ state: 'ready', message: Message.PDF_READY })
  const readyTimer = setTimeout(() => {
    if (!destroyed) {
      notify(null)
    }
  }, PDF_READY_NOTICE_MS)

  return {
    pageCount: total,
    title,
    async setMarks(list) {
      const wanted = new Map(list.map((mark) => [mark.id, mark]))
      for (const [id, entry] of [...marks]) {
        const next = wanted.get(id)
        if (next === undefined || !sameLook(next, entry.mark)) {
          unpaint(id)
        }
      }
      const fresh: MarkState[] = []
      for (const mark of list) {
        if (!marks.has(mark.id)) {
          const entry: MarkState = { mark, anchor: undefined, painted: new Set() }
          marks.set(mark.id, entry)
          fresh.push(entry)
        }
      }
      await place(fresh)
      return placement()
    },
    async addMark(mark) {
      if (marks.has(mark.id)) {
        unpaint(mark.id)
      }
      const entry: MarkState = { mark, anchor: undefined, painted: new Set() }
      marks.set(mark.id, entry)
      await place([entry])
      return entry.anchor != null
    },
    removeMark(markId) {
      unpaint(markId)
    },
    currentSelection,
    scrollToMark(markId) {
      const anchor = marks.get(markId)?.anchor
      if (anchor == null) {
        return false
      }
      const painted = pagesElement.querySelector<HTMLElement>(
        `${HIGHLIGHT_SELECTOR}[markid="${CSS.escape(markId)}"]`,
      )
      const target = painted ?? pages[anchor.startPage]?.element
      target?.scrollIntoView({ block: 'center' })
      return true
    },
    pageText: (page) => loadText(page),
    async destroy() {
      destroyed = true
      clearTimeout(readyTimer)
      if (windowFrame !== null) {
        window.cancelAnimationFrame(windowFrame)
      }
      scrollTarget.removeEventListener('scroll', scheduleWindow)
      window.removeEventListener('resize', scheduleWindow)
      resizeObserver.disconnect()
      document.removeEventListener('mouseup', onPointerUp)
      container.replaceChildren()
      await pdf.destroy()
    },
  }
}
