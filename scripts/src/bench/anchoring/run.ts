// The anchoring benchmark's Node side: bundles the page side (page.mts) into the largest saved
// fixture page, bundles a stand-in content script (content-entry.mts, minified, for its gzip size
// and its load time), serves them on 127.0.0.1 and drives Debian's Chromium through the
// measurements, each in a fresh page. The extension's real content script is measured beside the
// stand-in when its build exists (real-content-script.ts). Figures go to report.ts.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, runnerImport } from 'vite'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { REPO_ROOT } from '../benchmarks-file'
import { withPageApi, type PageCall } from '../page-api'
import { chromiumVersion, launchChromium } from '../chromium'
import { startStaticServer } from '../static-server'
import { FIXTURE_PAGE, HIGHLIGHT_COUNT, type AnchoringBenchApi } from './protocol'
import { findRealContentScript } from './real-content-script'
import { reportAnchoringFigures, type AnchoringFigures } from './report'

const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
const ANCHORING_DIR = join(REPO_ROOT, 'shared/src/anchoring')
/** `#anchoring/x` is shared/src/anchoring/x.ts, for the bundles and for fixtures-dir.ts below. */
const ANCHORING_ALIAS = [{ find: /^#anchoring\/(.*)$/, replacement: `${ANCHORING_DIR}/$1.ts` }]
const SEED = 20_241_122

/**
 * The fixtures folder, from the module the anchoring tests use too (INKMARK_FIXTURES, else beside
 * the repository); loaded through Vite because it lives in shared/, which scripts import only by
 * the package's entry points.
 */
async function loadFixturesDir(): Promise<string> {
  const { module } = await runnerImport<{ fixturesDir(): string }>('#anchoring/fixtures-dir', {
    configFile: false,
    root: BENCH_DIR,
    logLevel: 'warn',
    resolve: { alias: ANCHORING_ALIAS },
  })
  return module.fixturesDir()
}

/** Bundles `entry` into `outDir/fileName` (an ES module). */
async function bundle(entry: string, outDir: string, fileName: string, minify: boolean) {
  await build({
    configFile: false,
    root: BENCH_DIR,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: ANCHORING_ALIAS },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: false,
      minify,
      reportCompressedSize: false,
      lib: { entry: join(BENCH_DIR, entry), formats: ['es'], fileName: () => fileName },
    },
  })
}

/** The fixture page with the benchmark's module and a CSP that keeps the page's own scripts out. */
async function writeBenchPage(outDir: string, fixturesDir: string): Promise<void> {
  const html = await readFile(join(fixturesDir, 'pages', FIXTURE_PAGE), 'utf8')
  const policy =
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; img-src 'none'\">"
  const withPolicy = html.replace(/<head[^>]*>/i, (head) => `${head}\n${policy}`)
  const page = withPolicy.replace(
    /<\/body>/i,
    '<script type="module" src="/bench-anchoring.js"></script>\n</body>',
  )
  await writeFile(join(outDir, 'index.html'), page)
}

async function runAnchoring(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const started = Date.now()
  const loadAtStart = loadavg()[0] ?? 0
  const runs = quick ? 2 : 5
  const fixturesDir = await loadFixturesDir()
  const realScript = await findRealContentScript(log)
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-bench-anchoring-'))
  const webDir = join(workDir, 'www')
  log(`anchoring: bundling into ${webDir}`)
  await bundle('page.mts', webDir, 'bench-anchoring.js', false)
  await bundle('content-entry.mts', webDir, 'content.js', true)
  await bundle('empty-entry.mts', webDir, 'empty.js', true)
  await writeBenchPage(webDir, fixturesDir)
  const contentScript = await readFile(join(webDir, 'content.js'))
  if (realScript !== null) {
    await copyFile(realScript.path, join(webDir, 'real-content.js'))
    await writeFile(join(webDir, 'empty-classic.js'), '')
  }
  const server = await startStaticServer(webDir)
  const context = await launchChromium(join(workDir, 'profile'))
  const url = `${server.url}/`
  const inPage = <T>(use: (call: PageCall<AnchoringBenchApi>) => Promise<T>) =>
    withPageApi<AnchoringBenchApi, T>(() => context.newPage(), url, 'inkmarkBench', log, use)
  try {
    const prepared = await inPage((call) => call('prepare', { seed: SEED, count: HIGHLIGHT_COUNT }))
    const { highlights } = prepared
    log(
      `anchoring: ${highlights.length} highlights described on ${FIXTURE_PAGE} (${prepared.textChars} characters of text)`,
    )
    const unchanged: AnchoringFigures['unchanged'] = []
    const edited: AnchoringFigures['edited'] = []
    const painting: AnchoringFigures['painting'] = []
    const loads: AnchoringFigures['loads'] = []
    const realLoads: AnchoringFigures['realLoads'] = []
    for (let run = 0; run < runs; run += 1) {
      unchanged.push(
        await inPage((call) =>
          call('anchorUnchanged', { highlights, baselineFirst: run % 2 === 0 }),
        ),
      )
      edited.push(await inPage((call) => call('anchorEdited', { highlights, seed: SEED + run })))
      painting.push(await inPage((call) => call('paintAll', { highlights })))
      loads.push(
        await inPage((call) =>
          call('loadContentScript', {
            url: `${server.url}/content.js`,
            emptyUrl: `${server.url}/empty.js`,
            contentFirst: run % 2 === 0,
          }),
        ),
      )
      if (realScript !== null) {
        realLoads.push(
          await inPage((call) =>
            call('loadRealContentScript', {
              url: `${server.url}/real-content.js`,
              emptyUrl: `${server.url}/empty-classic.js`,
              contentFirst: run % 2 === 0,
            }),
          ),
        )
      }
      const last = unchanged[run]!
      const change = edited[run]!
      log(
        `anchoring: run ${run + 1}/${runs}: unchanged ${Math.round(last.anchorMs)} ms (baseline ${last.baselineMs.toFixed(1)} ms), changed ${Math.round(change.anchorMs)} ms, ${change.correct}/${highlights.length} correct`,
      )
    }
    const figures: AnchoringFigures = {
      date: new Date().toISOString(),
      quick,
      seed: SEED,
      page: FIXTURE_PAGE,
      machine: {
        cpus: availableParallelism(),
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        chromium: await chromiumVersion(),
        node: process.version,
        loadAverage: [loadAtStart, loadavg()[0] ?? 0],
      },
      prepared: { ...prepared, highlights: [] },
      highlightCount: highlights.length,
      unchanged,
      edited,
      painting,
      loads,
      contentScript: { bytes: contentScript.length, gzipBytes: gzipSync(contentScript).length },
      realContentScript: realScript,
      realLoads,
      totalSeconds: (Date.now() - started) / 1000,
    }
    return reportAnchoringFigures(figures)
  } finally {
    await context.close().catch(() => undefined)
    await server.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The anchoring benchmark: 200 highlights on the largest fixture page, unchanged and changed. */
export const anchoringBenchmark: Benchmark = {
  name: 'anchoring',
  heading: '## Anchoring (real Chromium)',
  run: runAnchoring,
}
