// The PDF benchmark (issue 8): time to the first highlighted page of the largest fixture PDF,
// against pdf.js drawing that first page alone, and anchoring 100 PDF highlights, against pdf.js
// extracting the text of every page, both measured in the same run in real Chromium. The page side
// (pdf/page.mts) is bundled with Vite beside pdf.js's worker and the PDF, served on 127.0.0.1, and
// every measurement runs in a fresh page. Figures go to stdout and BENCHMARKS.md.
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fixturesDir } from '@inkmark/shared/fixtures'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { chromiumVersion, launchChromium } from './chromium'
import { withPageApi, type PageCall } from './page-api'
import { bundleBenchPage } from './page-bundle'
import { WORKER_FILE, type AnchorHundredReport, type PdfBenchApi } from './pdf/protocol'
import { startStaticServer } from './static-server'
import { formatMs, markdownTable, median, textTable } from './stats'

const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'pdf')
const FIXTURE_PDFS = ['tracemonkey.pdf', 'gatsby.pdf', 'budlong.pdf']
const HIGHLIGHTS = 100
const SEED = 20_261_122
/** The zoom both sides draw at (the viewer's fit-to-width in a 900 px column). */
const SCALE = 1.4

/** The goals, as ratios to the baselines measured in the same run. */
export const PDF_GOALS = {
  /** First highlighted page at most this many times pdf.js's first page alone. */
  maxFirstPageRatio: 2,
  /** 100 highlights placed (texts, anchoring, painting) in at most this many text extractions. */
  maxAnchorRatio: 2,
}

/** The largest fixture PDF by size. */
async function largestFixture(dir: string): Promise<{ name: string; bytes: number }> {
  const sized = await Promise.all(
    FIXTURE_PDFS.map(async (name) => ({ name, bytes: (await stat(join(dir, name))).size })),
  )
  return sized.sort((a, b) => b.bytes - a.bytes)[0]!
}

async function runPdf(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const runs = quick ? 2 : 7
  const loadAtStart = loadavg()[0] ?? 0
  const pdfDir = `${fixturesDir('pdf')}/pdf`
  const fixture = await largestFixture(pdfDir)
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-bench-pdf-'))
  const webDir = join(workDir, 'www')
  log(`pdf: bundling into ${webDir}`)
  await bundleBenchPage(
    { root: PAGE_DIR, entry: 'page.mts', bundleFile: 'bench-pdf.js', title: 'PDF benchmark' },
    webDir,
  )
  const require = createRequire(import.meta.url)
  await copyFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), join(webDir, WORKER_FILE))
  await copyFile(join(pdfDir, fixture.name), join(webDir, 'document.pdf'))
  const server = await startStaticServer(webDir)
  const context = await launchChromium(join(workDir, 'profile'))
  const url = `${server.url}/`
  const pdfUrl = `${server.url}/document.pdf`
  const inPage = <T>(use: (call: PageCall<PdfBenchApi>) => Promise<T>) =>
    withPageApi<PdfBenchApi, T>(() => context.newPage(), url, 'inkmarkPdfBench', log, use)
  try {
    const prepared = await inPage((call) =>
      call('prepare', { pdfUrl, seed: SEED, count: HIGHLIGHTS }),
    )
    log(
      `pdf: ${fixture.name}, ${prepared.pageCount} pages, ${prepared.highlights.length} highlights (${prepared.acrossPages} across a page break)`,
    )
    const baseline: number[] = []
    const firstPage: number[] = []
    const anchoring: AnchorHundredReport[] = []
    for (let run = 0; run < runs; run += 1) {
      // Alternating which goes first, so that neither always meets a warmer browser.
      const measureBaseline = async () =>
        baseline.push(
          (await inPage((call) => call('firstPageBaseline', { pdfUrl, scale: SCALE }))).ms,
        )
      const measureViewer = async () =>
        firstPage.push(
          (
            await inPage((call) =>
              call('firstHighlightedPage', { pdfUrl, scale: SCALE, first: prepared.first }),
            )
          ).ms,
        )
      if (run % 2 === 0) {
        await measureBaseline()
        await measureViewer()
      } else {
        await measureViewer()
        await measureBaseline()
      }
      anchoring.push(
        await inPage((call) =>
          call('anchorHighlights', { pdfUrl, scale: SCALE, highlights: prepared.highlights }),
        ),
      )
      const last = anchoring[run]!
      log(
        `pdf: run ${run + 1}/${runs}: first page ${Math.round(firstPage[run]!)} ms (pdf.js alone ${Math.round(baseline[run]!)} ms), ${HIGHLIGHTS} highlights ${Math.round(last.setMarksMs)} ms (text extraction ${Math.round(last.extractMs)} ms)`,
      )
    }
    const firstMs = median(firstPage)
    const baselineMs = median(baseline)
    const firstRatio = firstMs / baselineMs
    const extractMs = median(anchoring.map((report) => report.extractMs))
    const anchorMs = median(anchoring.map((report) => report.anchorMs))
    const setMarksMs = median(anchoring.map((report) => report.setMarksMs))
    const anchorRatio = setMarksMs / extractMs
    const placed = Math.min(...anchoring.map((report) => report.placed))
    const correct = Math.min(...anchoring.map((report) => report.correct))
    const failedGoals: string[] = []
    const verdict = (ok: boolean, goal: string) => {
      if (!ok) {
        failedGoals.push(goal)
      }
      return ok ? 'PASS' : 'FAIL'
    }
    const header = ['measure', 'median', 'baseline (same run)', 'ratio', 'goal', 'verdict']
    const rows = [
      [
        `first highlighted page (${fixture.name})`,
        formatMs(firstMs),
        `pdf.js first page alone ${formatMs(baselineMs)}`,
        `${firstRatio.toFixed(2)}x`,
        `<= ${PDF_GOALS.maxFirstPageRatio}x`,
        verdict(
          firstRatio <= PDF_GOALS.maxFirstPageRatio,
          `first highlighted page ${firstRatio.toFixed(2)}x pdf.js alone (goal <= ${PDF_GOALS.maxFirstPageRatio}x)`,
        ),
      ],
      [
        `${HIGHLIGHTS} highlights placed (viewer.setMarks)`,
        formatMs(setMarksMs),
        `text of every page ${formatMs(extractMs)}`,
        `${anchorRatio.toFixed(2)}x`,
        `<= ${PDF_GOALS.maxAnchorRatio}x`,
        verdict(
          anchorRatio <= PDF_GOALS.maxAnchorRatio,
          `${HIGHLIGHTS} highlights ${anchorRatio.toFixed(2)}x the text extraction (goal <= ${PDF_GOALS.maxAnchorRatio}x)`,
        ),
      ],
      [
        `${HIGHLIGHTS} highlights anchored, texts known`,
        formatMs(anchorMs),
        `text of every page ${formatMs(extractMs)}`,
        `${(anchorMs / extractMs).toFixed(2)}x`,
        '-',
        '-',
      ],
      [
        'highlights placed / anchored exactly',
        `${placed} / ${correct} of ${HIGHLIGHTS}`,
        '-',
        '-',
        `${HIGHLIGHTS} / ${HIGHLIGHTS}`,
        verdict(
          placed === HIGHLIGHTS && correct === HIGHLIGHTS,
          `${placed} placed, ${correct} anchored exactly of ${HIGHLIGHTS}`,
        ),
      ],
    ]
    const loadAtEnd = loadavg()[0] ?? 0
    const machine = `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${await chromiumVersion()}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at start, ${loadAtEnd.toFixed(2)} at end`
    const markdown = [
      `Run ${new Date().toISOString()}${quick ? ' (quick, not recorded)' : ''}: ${fixture.name} (the largest fixture PDF, ${Math.round(fixture.bytes / 1024)} KiB, ${prepared.pageCount} pages, ${prepared.textChars} characters of text), medians of ${runs} runs, each measurement in a fresh page (a cold pdf.js worker), zoom ${SCALE}.`,
      '',
      markdownTable(header, rows),
      '',
      `- First highlighted page: from \`openPdfViewer\` to page 1 drawn with its text layer and one stored highlight painted on it (every page measured for its placeholder first, the preparation notice counting them). Baseline: pdf.js alone loading the document and drawing page 1 on a canvas at the same zoom.`,
      `- ${HIGHLIGHTS} highlights (seed ${SEED}, ${prepared.acrossPages} across a page break) described from the pages' texts, then placed by \`viewer.setMarks\` in an open viewer: the texts of the pages not drawn yet, anchoring (quote near its stored page and offset), painting on the drawn pages. Baseline: pdf.js \`getTextContent\` on every page, in the same page.`,
      `- Machine: ${machine}.`,
    ].join('\n')
    return { table: textTable(header, rows), markdown, failedGoals }
  } finally {
    await context.close().catch(() => undefined)
    await server.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The PDF benchmark: first highlighted page and 100 highlights on the largest fixture PDF. */
export const pdfBenchmark: Benchmark = {
  name: 'pdf',
  heading: '## PDF viewer (real Chromium)',
  run: runPdf,
}
