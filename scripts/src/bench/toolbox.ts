// The toolbox benchmark (issue 12): how long a highlight's toolbox takes to open on a web page in
// the built extension, in headless Chromium, from a click on the highlight to the keyboard in its
// note. Measured for the first open on a freshly loaded page (since ADR 033 that loads the
// toolbox's extension frame) and for the opens after it (the frame is kept, hidden). It runs
// against any Chrome build of the extension (`INKMARK_EXTENSION_DIR`, default the worktree's), so
// that a build from before the toolbox moved into a frame can be measured the same way: the note
// is found in the content script's shadow root or in the toolbox frame, whichever holds it.
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Frame, type Page } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumVersion } from './chromium'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { formatMs, markdownTable, median, percentile, textTable } from './stats'

const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
const EXTENSION_DIR =
  process.env.INKMARK_EXTENSION_DIR ?? join(BENCH_DIR, '../../../extension/build/chrome-mv3-prod')
const PARAGRAPH = 'Highlights should find their place again, on every visit, offline.'
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Toolbox bench</title></head>
<body><main><h1>Toolbox bench</h1><p id="p1">${PARAGRAPH}</p></main></body></html>`

// Page-side expressions, as strings: this workspace compiles for Node, without the DOM's types.
/** The note has the keyboard in the content script's shadow root (before ADR 033). */
const IN_SHADOW_ROOT = `document.getElementById('inkmark-ui-host')?.shadowRoot?.activeElement?.id === 'inkmark-note'`
/** The note has the keyboard in the toolbox frame. */
const IN_FRAME = `document.hasFocus() && document.activeElement?.id === 'inkmark-note'`
/** The keyboard is back in the page, out of Inkmark's interface. */
const CLOSED = `document.hasFocus() && document.activeElement?.id !== 'inkmark-ui-host'`
const SELECT_FIRST_WORDS = `(() => {
  const range = document.createRange()
  range.setStart(document.querySelector('#p1').firstChild, 0)
  range.setEnd(document.querySelector('#p1').firstChild, 10)
  getSelection().removeAllRanges()
  getSelection().addRange(range)
})()`

function toolboxFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => frame.url().includes('/tabs/toolbox.html'))
}

/** Resolves once `expression` is true in `target`, checked every 5 ms. */
async function until(target: Page | Frame, expression: string): Promise<void> {
  // Evaluated, not waitForFunction: an extension page's CSP refuses the latter's compiled predicate.
  while (!(await target.evaluate(expression))) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Resolves once the keyboard is in the toolbox's note, in our shadow root or in our frame. */
async function noteFocused(page: Page): Promise<void> {
  for (;;) {
    if (await page.evaluate(IN_SHADOW_ROOT)) {
      return
    }
    const frame = toolboxFrame(page)
    if (frame && (await frame.evaluate(IN_FRAME).catch(() => false))) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Milliseconds from the click on the highlight to the keyboard in the note; then Escape. */
async function timeOpen(page: Page): Promise<number> {
  const start = performance.now()
  await page.locator('.inkmark-highlight[markid]').first().click()
  await noteFocused(page)
  const ms = performance.now() - start
  await page.keyboard.press('Escape')
  await until(page, CLOSED)
  return ms
}

async function runToolbox({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const loads = quick ? 2 : 10
  const opensPerLoad = quick ? 2 : 5
  const loadAtStart = loadavg()[0] ?? 0
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-toolbox-bench-'))
  // A plain page: the benchmarks' own server isolates its pages (COEP), which keeps every
  // extension frame out, the sidebar's as well as the toolbox's.
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const context = await chromium.launchPersistentContext(join(workDir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  })
  try {
    const page = await context.newPage()
    const url = `${origin}/page.html`
    await page.goto(url)
    await page.waitForSelector('html[data-inkmark-extension]')
    // One highlight to open, made as a person would (its toolbox opens by itself: closed first).
    await page.evaluate(SELECT_FIRST_WORDS)
    await page.keyboard.press('Alt+S')
    await noteFocused(page)
    await page.keyboard.press('Escape')
    const first: number[] = []
    const next: number[] = []
    for (let load = 0; load < loads; load += 1) {
      await page.goto(url)
      await page.waitForSelector('.inkmark-highlight[markid]')
      first.push(await timeOpen(page))
      for (let open = 1; open < opensPerLoad; open += 1) {
        next.push(await timeOpen(page))
      }
      log(`toolbox: load ${load + 1}/${loads}: first open ${Math.round(first.at(-1)!)} ms`)
    }
    const header = ['measure', 'median', 'p90', 'samples']
    const rows = [
      [
        'first open on a page',
        formatMs(median(first)),
        formatMs(percentile(first, 90)),
        `${first.length}`,
      ],
      ['later opens', formatMs(median(next)), formatMs(percentile(next, 90)), `${next.length}`],
    ]
    const machine = `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${await chromiumVersion()}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end`
    const markdown = [
      `Run ${new Date().toISOString()}${quick ? ' (quick, not recorded)' : ''}: the built extension (${EXTENSION_DIR.endsWith('chrome-mv3-prod') ? 'this tree' : EXTENSION_DIR}), one highlight on a loopback page, ${loads} page loads with ${opensPerLoad} opens each.`,
      '',
      markdownTable(header, rows),
      '',
      "- From a click on the highlight (Playwright) to the keyboard in the toolbox's note, checked every 5 ms; Escape closes it between opens. The page is clicked as soon as its highlight is painted: the toolbox frame, preloaded once the page is idle, may still be loading.",
      "- Before ADR 033 (the toolbox built in the page's shadow root), on the same machine the same evening: first open 119 ms (p90 163 ms), later opens 81.7 ms (p90 109 ms). The frame without its preload: first open 244 ms (p90 295 ms), later opens 95.7 ms (p90 112 ms).",
      `- Machine: ${machine}.`,
    ].join('\n')
    return { table: textTable(header, rows), markdown, failedGoals: [] }
  } finally {
    await context.close().catch(() => undefined)
    await new Promise((resolve) => server.close(resolve))
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The toolbox benchmark: time to open a highlight's toolbox, first and later opens. */
export const toolboxBenchmark: Benchmark = {
  name: 'toolbox',
  heading: '## Highlight toolbox (real Chromium)',
  run: runToolbox,
}
