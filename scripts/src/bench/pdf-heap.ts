// The PDF viewer's memory benchmark (issue 20, ADR 080): a 1,000-page PDF, made on the spot
// (`longPdf`), opened in the built extension's viewer page in headless Chromium and served over
// loopback. The JavaScript heap (CDP: HeapProfiler.collectGarbage, then Performance.getMetrics'
// JSHeapUsedSize) is measured with only the first page shown, then after scrolling through every
// page to the last one, each page waited for until it is drawn; the ratio of the two is the figure
// (goal under 3x). DOM nodes and drawn pages (canvases with a bitmap) are counted beside it, and
// the most pages drawn at once during the scroll. Needs the extension built
// (`npm run build:chrome -w extension`); `INKMARK_EXTENSION_DIR` names another build.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { longPdf } from '@inkmark/shared/testing'
import { chromium, type CDPSession, type Page } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumVersion } from './chromium'
import { markdownTable, textTable } from './stats'

const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
const EXTENSION_DIR =
  process.env.INKMARK_EXTENSION_DIR ?? join(BENCH_DIR, '../../../extension/build/chrome-mv3-prod')
const PAGES = 1_000
const QUICK_PAGES = 60

/** The goal: the heap after reading to the end at most this many times the first page's. */
export const PDF_HEAP_GOAL = { maxRatio: 3 }

// Page-side expressions, as strings: this workspace compiles for Node, without the DOM's types.
const READY = `document.querySelectorAll('.inkmark-pdf-page').length > 0 && document.querySelector('.viewer-notice')?.textContent === ''`
const DRAWN_PAGES = `document.querySelectorAll('.inkmark-pdf-page[data-drawn]').length`
const LIVE_CANVASES = `[...document.querySelectorAll('canvas')].filter((canvas) => canvas.width > 0).length`
const pageDrawn = (index: number) =>
  `document.querySelector('.inkmark-pdf-page[data-page-index="${index}"][data-drawn]') !== null`
/**
 * Scrolls every page from the first to the last to the top of the window, one at a time, each
 * waited for until drawn (the viewer's pdfIsRendered event, or its data-drawn mark), all inside
 * the page (no round trip per page); answers the most pages drawn at once.
 */
const scrollThroughEveryPage = (total: number) => `(async () => {
  let most = 0
  for (let index = 0; index < ${total}; index += 1) {
    const element = document.querySelector('.inkmark-pdf-page[data-page-index="' + index + '"]')
    await new Promise((resolve) => {
      const check = () => {
        if (element.hasAttribute('data-drawn')) {
          window.removeEventListener('pdfIsRendered', check)
          resolve()
        }
      }
      window.addEventListener('pdfIsRendered', check)
      element.scrollIntoView({ block: 'start' })
      check()
    })
    most = Math.max(most, document.querySelectorAll('.inkmark-pdf-page[data-drawn]').length)
  }
  return most
})()`

/** Resolves once `expression` is true in `page`, checked every 10 ms. */
async function until(page: Page, expression: string): Promise<void> {
  // Evaluated, not waitForFunction: an extension page's CSP refuses the latter's compiled predicate.
  while (!(await page.evaluate(expression))) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

interface MemorySample {
  heapBytes: number
  domNodes: number
  drawnPages: number
  liveCanvases: number
}

/** The page's memory after a full garbage collection. */
async function sample(page: Page, cdp: CDPSession): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0
  return {
    heapBytes: metric('JSHeapUsedSize'),
    domNodes: metric('Nodes'),
    drawnPages: await page.evaluate<number>(DRAWN_PAGES),
    liveCanvases: await page.evaluate<number>(LIVE_CANVASES),
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

async function runPdfHeap({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const total = quick ? QUICK_PAGES : PAGES
  const loadAtStart = loadavg()[0] ?? 0
  const pdf = longPdf(total)
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-pdf-heap-bench-'))
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/pdf')
    response.setHeader('access-control-allow-origin', '*')
    response.end(pdf)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const pdfUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/long.pdf`
  const context = await chromium.launchPersistentContext(join(workDir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  })
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    const extensionId = new URL(worker.url()).host
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const opened = performance.now()
    await page.goto(
      `chrome-extension://${extensionId}/tabs/viewer.html?file=${encodeURIComponent(pdfUrl)}`,
    )
    await until(page, READY)
    await until(page, pageDrawn(0))
    log(`pdf-heap: ${total} pages open in ${Math.round(performance.now() - opened)} ms`)
    const first = await sample(page, cdp)
    log(`pdf-heap: first page shown: ${mib(first.heapBytes)}, ${first.domNodes} DOM nodes`)
    const scrolled = performance.now()
    const mostDrawn = await page.evaluate<number>(scrollThroughEveryPage(total))
    const scrollMs = performance.now() - scrolled
    const last = await sample(page, cdp)
    const ratio = last.heapBytes / first.heapBytes
    log(`pdf-heap: after the last page: ${mib(last.heapBytes)} (${ratio.toFixed(2)}x)`)
    const failedGoals =
      ratio < PDF_HEAP_GOAL.maxRatio
        ? []
        : [`heap after ${total} pages ${ratio.toFixed(2)}x the first page's (goal < 3x)`]
    const header = ['state', 'JS heap', 'DOM nodes', 'pages drawn', 'canvases with a bitmap']
    const rows = [
      [
        'first page shown',
        mib(first.heapBytes),
        `${first.domNodes}`,
        `${first.drawnPages}`,
        `${first.liveCanvases}`,
      ],
      [
        `scrolled through all ${total} pages`,
        mib(last.heapBytes),
        `${last.domNodes}`,
        `${last.drawnPages}`,
        `${last.liveCanvases}`,
      ],
      [
        'ratio (goal < 3x)',
        `${ratio.toFixed(2)}x ${failedGoals.length === 0 ? 'PASS' : 'FAIL'}`,
        `${(last.domNodes / first.domNodes).toFixed(2)}x`,
        `most at once: ${mostDrawn}`,
        '-',
      ],
    ]
    const machine = `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${await chromiumVersion()}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end`
    const markdown = [
      `Run ${new Date().toISOString()}${quick ? ' (quick, not recorded)' : ''}: a ${total}-page PDF made by \`longPdf\` (${Math.round(pdf.length / 1024)} KiB, four lines of text a page), in the built extension's viewer page (1280x800 window), served over loopback.`,
      '',
      markdownTable(header, rows),
      '',
      '- JS heap: `JSHeapUsedSize` from CDP `Performance.getMetrics` after two `HeapProfiler.collectGarbage`, once the first page is drawn and the ready notice gone, then again after scrolling every page to the top of the window, one by one, each waited for until drawn (its text layer and canvas in place). The pdf.js worker runs in its own thread and is not in this heap; canvas bitmaps are outside the JS heap too, hence the canvas count.',
      `- Scrolling through the ${total} pages took ${(scrollMs / 1000).toFixed(1)} s (each page drawn before the next scroll).`,
      `- Machine: ${machine}.`,
    ].join('\n')
    return { table: textTable(header, rows), markdown, failedGoals }
  } finally {
    await context.close().catch(() => undefined)
    server.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The PDF viewer's heap, first page against a 1,000-page PDF read to its end. */
export const pdfHeapBenchmark: Benchmark = {
  name: 'pdf-heap',
  heading: '## PDF viewer memory, 1,000 pages (real Chromium)',
  run: runPdfHeap,
}
