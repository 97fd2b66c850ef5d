// The page side of the anchoring benchmark, bundled with Vite into the saved fixture page and run
// in real Chromium: it puts the functions of `AnchoringBenchApi` on `globalThis.inkmarkBench`,
// which the Node side calls with page.evaluate. Every time is taken here with performance.now()
// around the real anchoring code; a PerformanceObserver records the page's long tasks all along.
import {
  anchorAll,
  createTextIndex,
  describeOffsets,
  removeHighlight,
  type Anchor,
  type AnchorSelectors,
} from '@inkmark/shared'
import { createSeededRandom } from '@inkmark/shared/testing'
import { paintAll as paintAllSliced } from '#anchoring/paint-all'
import { chooseWordEdits, isAnchoredCorrectly, isTouched, type TextEdit } from './edits'
import {
  EDIT_SHARE,
  QUOTE_LENGTH,
  type AnchorReport,
  type AnchoringBenchApi,
  type AnchoringBenchGlobal,
  type ContentScriptLoadReport,
  type EditedReport,
  type LongTask,
  type PaintReport,
  type PrepareReport,
  type RealContentScriptLoadReport,
  type StoredHighlight,
} from './protocol'

const longTasks: LongTask[] = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longTasks.push({ startTime: entry.startTime, duration: entry.duration })
  }
}).observe({ type: 'longtask', buffered: true })

/** The long tasks that started at or after `since`. */
function longTasksSince(since: number): LongTask[] {
  return longTasks.filter((task) => task.startTime >= since)
}

/** Lets the long-task observer deliver what it saw. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50))
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u

function prepare(args: { seed: number; count: number }): PrepareReport {
  const random = createSeededRandom(args.seed)
  const indexStart = performance.now()
  const index = createTextIndex(document.body)
  const indexMs = performance.now() - indexStart
  const { text } = index
  const isWord = (at: number) => WORD_CHARACTER.test(text[at] ?? '')
  const highlights: StoredHighlight[] = []
  let describeMs = 0
  while (highlights.length < args.count) {
    let start = random.int(0, text.length - QUOTE_LENGTH.max - 1)
    let end = start + random.int(QUOTE_LENGTH.min, QUOTE_LENGTH.max)
    // A reader selects whole words, and selects text, not layout whitespace.
    while (start > 0 && isWord(start - 1)) {
      start -= 1
    }
    while (end < text.length && isWord(end)) {
      end += 1
    }
    const quote = text.slice(start, end)
    if (quote.replace(/\s+/g, ' ').trim().length < QUOTE_LENGTH.min || !isWord(start)) {
      continue
    }
    const describeStart = performance.now()
    const selectors = describeOffsets(index, start, end)
    describeMs += performance.now() - describeStart
    if (selectors !== null) {
      highlights.push({ selectors, start, end })
    }
  }
  return {
    textChars: text.length,
    textNodes: index.nodes.length,
    highlights,
    meanQuoteChars: highlights.reduce((sum, h) => sum + h.end - h.start, 0) / highlights.length,
    indexMs,
    describeMs,
  }
}

/** indexOf of every quote in the page text: the least any anchoring can do. */
function baseline(quotes: readonly string[]): { ms: number; found: number } {
  const start = performance.now()
  const text = document.body.textContent
  let found = 0
  for (const quote of quotes) {
    if (text.indexOf(quote) !== -1) {
      found += 1
    }
  }
  return { ms: performance.now() - start, found }
}

function quoteOf(highlight: StoredHighlight): string {
  return (highlight.selectors as AnchorSelectors).quote?.exact ?? ''
}

/** One timed anchoring pass, with its slices and the long tasks it caused. */
async function timedPass(highlights: readonly StoredHighlight[]) {
  const slices: number[] = []
  const since = performance.now()
  const anchors = await anchorAll(
    document.body,
    highlights.map((highlight) => highlight.selectors as AnchorSelectors),
    { onSlice: (ms) => slices.push(ms) },
  )
  const anchorMs = performance.now() - since
  await settle()
  return { anchors, anchorMs, slices, longTasks: longTasksSince(since) }
}

function methodCounts(anchors: readonly (Anchor | null)[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const anchor of anchors) {
    const method = anchor?.method ?? 'none'
    counts[method] = (counts[method] ?? 0) + 1
  }
  return counts
}

function report(
  pass: Awaited<ReturnType<typeof timedPass>>,
  base: { ms: number; found: number },
  isCorrect: (anchor: Anchor, position: number) => boolean,
): AnchorReport {
  const anchored = pass.anchors.filter((anchor) => anchor !== null).length
  const correct = pass.anchors.filter(
    (anchor, position) => anchor !== null && isCorrect(anchor, position),
  ).length
  return {
    anchorMs: pass.anchorMs,
    baselineMs: base.ms,
    baselineFound: base.found,
    slices: pass.slices.length,
    longestSliceMs: Math.max(0, ...pass.slices),
    longTasks: pass.longTasks,
    anchored,
    correct,
    wrong: anchored - correct,
    methods: methodCounts(pass.anchors),
  }
}

async function anchorUnchanged(args: {
  highlights: StoredHighlight[]
  baselineFirst: boolean
}): Promise<AnchorReport> {
  const quotes = args.highlights.map(quoteOf)
  const before = args.baselineFirst ? baseline(quotes) : null
  const pass = await timedPass(args.highlights)
  const base = before ?? baseline(quotes)
  return report(pass, base, (anchor, position) => {
    const highlight = args.highlights[position]!
    return anchor.start === highlight.start && anchor.end === highlight.end
  })
}

/** Replaces the chosen words in the page's text nodes (each edit lies in one node). */
function applyEditsToPage(edits: readonly TextEdit[]): void {
  const index = createTextIndex(document.body)
  let position = 0
  const byNode = new Map<number, TextEdit[]>()
  for (const edit of edits) {
    while (position + 1 < index.starts.length && index.starts[position + 1]! <= edit.start) {
      position += 1
    }
    byNode.set(position, [...(byNode.get(position) ?? []), edit])
  }
  for (const [nodePosition, nodeEdits] of byNode) {
    const node = index.nodes[nodePosition]!
    const nodeStart = index.starts[nodePosition]!
    let data = node.data
    for (const edit of [...nodeEdits].reverse()) {
      data =
        data.slice(0, edit.start - nodeStart) + edit.replacement + data.slice(edit.end - nodeStart)
    }
    node.data = data
  }
}

async function anchorEdited(args: {
  highlights: StoredHighlight[]
  seed: number
}): Promise<EditedReport> {
  const index = createTextIndex(document.body)
  const { edits, wordsTotal } = chooseWordEdits(index.text, index.starts, args.seed, EDIT_SHARE)
  applyEditsToPage(edits)
  const base = baseline(args.highlights.map(quoteOf))
  const pass = await timedPass(args.highlights)
  return {
    ...report(pass, base, (anchor, position) =>
      isAnchoredCorrectly(edits, args.highlights[position]!, anchor),
    ),
    wordsEdited: edits.length,
    wordsTotal,
    charsEdited: edits.reduce((sum, edit) => sum + edit.end - edit.start, 0),
    highlightsTouched: args.highlights.filter((highlight) =>
      isTouched(edits, highlight.start, highlight.end, 32),
    ).length,
  }
}

async function paintAll(args: { highlights: StoredHighlight[] }): Promise<PaintReport> {
  const before = document.body.textContent
  const { anchors } = await timedPass(args.highlights)
  const slices: number[] = []
  const paintStart = performance.now()
  const requests = anchors.map((anchor, position) =>
    anchor === null
      ? null
      : { range: anchor.range, options: { markId: `bench-${position}`, color: '#f8fc46' } },
  )
  await paintAllSliced(requests, {
    onSlice: (ms) => slices.push(ms),
  })
  const paintMs = performance.now() - paintStart
  await settle()
  const paintLongTasks = longTasksSince(paintStart)
  const painted = document.querySelectorAll('inkmark-highlight').length
  const removeStart = performance.now()
  anchors.forEach((_, position) => removeHighlight(document.body, `bench-${position}`))
  const removeMs = performance.now() - removeStart
  return {
    painted,
    paintMs,
    paintSlices: slices.length,
    longestPaintSliceMs: Math.max(0, ...slices),
    paintLongTasks,
    removeMs,
    textUnchanged: document.body.textContent === before,
  }
}

async function loadContentScript(args: {
  url: string
  emptyUrl: string
  contentFirst: boolean
}): Promise<ContentScriptLoadReport> {
  const timeImport = async (url: string, run: () => Promise<unknown>) => {
    const start = performance.now()
    await import(/* @vite-ignore */ url)
    await run()
    return performance.now() - start
  }
  const content = () =>
    timeImport(args.url, async () => {
      const api = (globalThis as { inkmarkContent?: { start(marks: []): Promise<() => void> } })
        .inkmarkContent!
      const stop = await api.start([])
      stop()
    })
  const empty = () => timeImport(args.emptyUrl, () => Promise.resolve())
  if (args.contentFirst) {
    const contentMs = await content()
    return { contentMs, emptyMs: await empty() }
  }
  const emptyMs = await empty()
  return { contentMs: await content(), emptyMs }
}

/** Inserts a classic script and resolves when it has run. */
function runClassicScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`could not load ${url}`))
    document.head.append(script)
  })
}

/** A stand-in for the browser API the content script uses: a page with no marks, no sidebar. */
function installBrowserStub(): void {
  const page = {
    blacklisted: false,
    isStarred: false,
    marks: [],
    settings: {
      showMarkerPopup: true,
      showToolboxAutomatically: false,
      defaultHighlightColor: '#f8fc46',
      recentColors: [],
      showLeftSidebarWidget: false,
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'right', sidebarBehavior: 'push' },
    },
  }
  ;(globalThis as { chrome?: unknown }).chrome = {
    runtime: {
      id: 'bench',
      sendMessage: () => Promise.resolve({ ok: true, value: page }),
      onMessage: { addListener: () => undefined, removeListener: () => undefined },
      getURL: (path: string) => new URL(`/extension/${path}`, location.href).href,
    },
  }
}

/** Resolves when <html> carries the content script's page status, or after `timeoutMs`. */
async function pageStatusSet(timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs
  while (!document.documentElement.hasAttribute('data-inkmark-extension')) {
    if (performance.now() > deadline) {
      return false
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  // The start goes on to anchor (nothing) and watch the DOM: let it finish.
  await new Promise((resolve) => setTimeout(resolve, 0))
  return true
}

async function loadRealContentScript(args: {
  url: string
  emptyUrl: string
  contentFirst: boolean
}): Promise<RealContentScriptLoadReport> {
  installBrowserStub()
  const content = async () => {
    const start = performance.now()
    await runClassicScript(args.url)
    const started = await pageStatusSet(3_000)
    return started ? performance.now() - start : null
  }
  const empty = async () => {
    const start = performance.now()
    await runClassicScript(args.emptyUrl)
    await new Promise((resolve) => setTimeout(resolve, 0))
    return performance.now() - start
  }
  if (args.contentFirst) {
    const contentMs = await content()
    return { contentMs, emptyMs: await empty() }
  }
  const emptyMs = await empty()
  return { contentMs: await content(), emptyMs }
}

const api: AnchoringBenchApi = {
  prepare,
  anchorUnchanged,
  anchorEdited,
  paintAll,
  loadContentScript,
  loadRealContentScript,
}
;(globalThis as unknown as AnchoringBenchGlobal).inkmarkBench = api
