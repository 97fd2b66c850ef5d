// The reader benchmark (issue 8): how long our reader extraction takes on Readability's own test
// pages in headless Chromium, beside the baseline of Readability alone (`new Readability(doc)
// .parse()` with its defaults) on the same DOM. Ours is extractArticle: isProbablyReaderable with
// the spec's thresholds, Readability with the spec's character threshold and heading ranking, then
// the DOMPurify allow-list. Each repetition parses the page afresh (not timed) for each side, the
// two sides alternate, and the figure per page is the median; the ratio is ours over baseline.
// The goal: our extraction costs at most 1.5x Readability alone on the sum of the readable pages'
// medians (the
// sanitizer and the readerable check are the price of safety, not a second parse).
import { readFile, readdir } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { chromium } from 'playwright-core'
import { build, type Plugin } from 'vite'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumVersion } from './chromium'
import { formatMs, median, textTable } from './stats'

const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
const EXTRACT_MODULE = join(BENCH_DIR, '../../../shared/src/reader/extract-article.ts')
const SANITIZE_MODULE = join(BENCH_DIR, '../../../shared/src/reader/sanitize-article.ts')
const PAGE_URL = 'http://fakehost/test/page.html'
/** Our extraction over Readability alone, at most. */
const GOAL_RATIO = 1.5
const FULL_REPS = 15
const QUICK_REPS = 2

/** The page script: both extractions on a fresh DOM each time, as `window.inkmarkReaderBench`. */
const PAGE_SOURCE = `
import { Readability } from '@mozilla/readability'
import { extractArticle } from ${JSON.stringify(EXTRACT_MODULE)}
import { sanitizeArticleHtml } from ${JSON.stringify(SANITIZE_MODULE)}

window.inkmarkReaderBench = (html, url, reps) => {
  const parse = () => new DOMParser().parseFromString(html, 'text/html')
  const ours = []
  const baseline = []
  const sanitizer = []
  let readable = false
  for (let rep = 0; rep < reps; rep++) {
    const sides = rep % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours']
    for (const side of sides) {
      const document = parse()
      const start = performance.now()
      if (side === 'ours') {
        const result = extractArticle(document, url)
        ours.push(performance.now() - start)
        readable = result.ok
        if (result.ok) {
          // The sanitizer's share, timed apart on the article it was given (not part of ours).
          const sanitizeStart = performance.now()
          sanitizeArticleHtml(result.value.contentHtml)
          sanitizer.push(performance.now() - sanitizeStart)
        }
      } else {
        new Readability(document).parse()
        baseline.push(performance.now() - start)
      }
    }
  }
  return { ours, baseline, sanitizer, readable }
}
`

const VIRTUAL_ENTRY = 'virtual:inkmark-reader-bench'

function pageEntry(): Plugin {
  return {
    name: 'inkmark-reader-bench-entry',
    resolveId: (id) => (id === VIRTUAL_ENTRY ? `\0${VIRTUAL_ENTRY}` : undefined),
    load: (id) => (id === `\0${VIRTUAL_ENTRY}` ? PAGE_SOURCE : undefined),
  }
}

/** The page script bundled into one classic script (Readability, DOMPurify, our reader). */
async function bundlePageScript(): Promise<string> {
  const output = await build({
    configFile: false,
    root: BENCH_DIR,
    logLevel: 'warn',
    publicDir: false,
    plugins: [pageEntry()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: { input: VIRTUAL_ENTRY, output: { format: 'iife' } },
    },
  })
  const result = (Array.isArray(output) ? output[0] : output) as {
    output: { type: string; code?: string }[]
  }
  const chunk = result.output.find((item) => item.type === 'chunk')
  if (chunk?.code === undefined) {
    throw new Error('The reader benchmark page did not bundle')
  }
  return chunk.code
}

interface PageFigures {
  name: string
  bytes: number
  readable: boolean
  ours: number
  baseline: number
  sanitizer: number
}

async function fixturePages(): Promise<{ name: string; html: string }[]> {
  const dir = join(fixturesDir('readability'), 'readability')
  const names = (await readdir(dir)).sort()
  return Promise.all(
    names.map(async (name) => ({
      name,
      html: await readFile(join(dir, name, 'source.html'), 'utf8'),
    })),
  )
}

async function run({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const reps = quick ? QUICK_REPS : FULL_REPS
  const loadBefore = loadavg()[0]!
  log('Bundling the page script')
  const script = await bundlePageScript()
  const pages = await fixturePages()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const figures: PageFigures[] = []
  try {
    const page = await browser.newPage()
    await page.setContent(
      '<!doctype html><html><head><title>Reader benchmark</title></head><body></body></html>',
    )
    await page.addScriptTag({ content: script })
    for (const [index, fixture] of pages.entries()) {
      log(`[${index + 1}/${pages.length}] ${fixture.name}`)
      const timings = await page.evaluate(
        ([html, url, count]) =>
          (
            globalThis as unknown as {
              inkmarkReaderBench: (
                html: string,
                url: string,
                reps: number,
              ) => { ours: number[]; baseline: number[]; sanitizer: number[]; readable: boolean }
            }
          ).inkmarkReaderBench(html, url, count),
        [fixture.html, PAGE_URL, reps] as const,
      )
      figures.push({
        name: fixture.name,
        bytes: fixture.html.length,
        readable: timings.readable,
        ours: median(timings.ours),
        baseline: median(timings.baseline),
        sanitizer: timings.sanitizer.length > 0 ? median(timings.sanitizer) : 0,
      })
    }
  } finally {
    await browser.close()
  }
  const loadAfter = loadavg()[0]!
  // Readable pages only: a refused page costs our side the readerable check alone.
  const readable = figures.filter((page) => page.readable)
  const ours = readable.reduce((sum, page) => sum + page.ours, 0)
  const baseline = readable.reduce((sum, page) => sum + page.baseline, 0)
  const sanitizer = readable.reduce((sum, page) => sum + page.sanitizer, 0)
  const ratio = ours / baseline
  const passed = ratio <= GOAL_RATIO
  const header = [
    'Page',
    'Size',
    'Readable',
    'Ours (median)',
    'Readability alone',
    'Ratio',
    'Sanitizer (part of ours)',
  ]
  const rows = figures.map((page) => [
    page.name,
    `${Math.round(page.bytes / 1024)} KB`,
    page.readable ? 'yes' : 'refused',
    formatMs(page.ours),
    formatMs(page.baseline),
    `${(page.ours / page.baseline).toFixed(2)}x`,
    page.readable ? formatMs(page.sanitizer) : '',
  ])
  rows.push([
    `${readable.length} readable pages (sum of medians)`,
    '',
    '',
    formatMs(ours),
    formatMs(baseline),
    `${ratio.toFixed(2)}x`,
    formatMs(sanitizer),
  ])
  const verdict = `${passed ? 'PASS' : 'FAIL'}: ours is ${ratio.toFixed(2)}x Readability alone (goal at most ${GOAL_RATIO}x)`
  const machine =
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}); ${await chromiumVersion()}, headless; ` +
    `Node ${process.version}. One-minute load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end.`
  const table = `${textTable(header, rows)}\n${verdict}`
  const markdown = [
    `Reader extraction on Readability's ${figures.length} test pages in headless Chromium: ours`,
    '(`extractArticle`: readerable check with the spec thresholds, Readability, heading ranking,',
    'DOMPurify allow-list) against Readability alone (`new Readability(doc).parse()`) on a fresh',
    `DOM of the same page, the two alternating, median of ${reps} runs each. Run with`,
    '`npm run bench -- reader`.',
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `**${verdict}.** The DOMPurify pass over the article (timed apart on the same output) is`,
    `${formatMs(sanitizer)} of the ${formatMs(ours - baseline)} difference: the price of showing`,
    'nothing unsanitized, kept on purpose (ADR 013). A refused page (not readerable) costs only',
    'the readerable check on our side.',
    '',
    machine,
  ].join('\n')
  return { table, markdown, failedGoals: passed ? [] : [verdict] }
}

export const readerBenchmark: Benchmark = {
  name: 'reader',
  heading: '## Reader extraction (issue 8)',
  run,
}
