// The store benchmark's Node side: bundles the page (page.mts) with Vite, serves it on 127.0.0.1,
// drives Debian's Chromium with playwright-core through every measurement, and hands the figures to
// report.ts. The library is generated and written in the page through the store's own write path,
// then every cold measurement runs in a page (or a whole browser) of its own.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { bundleBenchPage } from '../page-bundle'
import { chromiumVersion, launchChromium } from '../chromium'
import { summarizeProfile, type ProfileSummary } from '../cpu-profile'
import { startStaticServer } from '../static-server'
import {
  HEAVY_LIBRARY,
  QUERY_NAMES,
  type BaselineReport,
  type ColdOpenReport,
  type LibrarySize,
  type StoreBenchApi,
  type StoreBenchGlobal,
} from './protocol'
import { reportStoreFigures, type HeapFigure, type HeapSample, type StoreFigures } from './report'
import { measuredCommit } from '../git-commit'

const STORE_DIR = dirname(fileURLToPath(import.meta.url))
const DATABASE_NAME = 'inkmark-bench'
const IMPORT_DATABASE_NAME = 'inkmark-bench-import'
const SEED = 20_240_315
const BUNDLE_FILE = 'bench-store.js'

interface Repetitions {
  freshPage: number
  freshBrowser: number
  breakdown: number
  queries: number
  writes: number
}

const FULL: Repetitions = { freshPage: 5, freshBrowser: 3, breakdown: 3, queries: 3, writes: 50 }
const QUICK: Repetitions = { freshPage: 2, freshBrowser: 1, breakdown: 1, queries: 1, writes: 10 }
const QUICK_LIBRARY: LibrarySize = {
  bookmarks: 1_000,
  marks: 5_000,
  pageContents: 100,
  pageContentChars: HEAVY_LIBRARY.pageContentChars,
}

type Call = <K extends keyof StoreBenchApi>(
  name: K,
  ...args: Parameters<StoreBenchApi[K]>
) => Promise<Awaited<ReturnType<StoreBenchApi[K]>>>

function bundlePage(outDir: string): Promise<void> {
  return bundleBenchPage(
    {
      root: STORE_DIR,
      entry: 'page.mts',
      bundleFile: BUNDLE_FILE,
      title: 'Inkmark store benchmark',
    },
    outDir,
  )
}

/** Bytes of every file under `dir`. */
async function directorySize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? await directorySize(path) : (await stat(path)).size
  }
  return total
}

/**
 * Memory after a full garbage collection, through the DevTools protocol: the V8 heap, and the
 * backing store of external strings and ArrayBuffers (strings Blink hands to V8, e.g. from
 * TextDecoder, can live there instead of in the heap).
 */
async function memoryUsed(page: Page): Promise<HeapSample> {
  const session = await page.context().newCDPSession(page)
  try {
    await session.send('HeapProfiler.collectGarbage')
    const usage = await session.send('Runtime.getHeapUsage')
    return { used: usage.usedSize, backing: usage.backingStorageSize }
  } finally {
    await session.detach()
  }
}

/** One Chromium on one profile, restartable, whose pages all load the benchmark page. */
class BenchBrowser {
  private constructor(
    private context: BrowserContext,
    private readonly profile: string,
    private readonly url: string,
    private readonly log: (line: string) => void,
  ) {}

  static async start(profile: string, url: string, log: (line: string) => void) {
    return new BenchBrowser(await launchChromium(profile), profile, url, log)
  }

  /** Closes Chromium and starts it again on the same profile: nothing stays in memory. */
  async restart(): Promise<void> {
    await this.context.close()
    this.context = await launchChromium(this.profile)
  }

  async close(): Promise<void> {
    await this.context.close()
  }

  /** Runs `use` in a new page that has loaded the benchmark bundle, then closes the page. */
  async withPage<T>(use: (call: Call, page: Page) => Promise<T>): Promise<T> {
    const page = await this.context.newPage()
    page.on('console', (message) => {
      const text = message.text()
      if (text.startsWith('[bench] ')) {
        this.log(`  ${text.slice('[bench] '.length)}`)
      } else if (message.type() === 'error' || message.type() === 'warning') {
        this.log(`  page ${message.type()}: ${text}`)
      }
    })
    page.on('pageerror', (error) => this.log(`  page error: ${error.message}`))
    try {
      await page.goto(this.url)
      await page.waitForFunction(() => 'inkmarkBench' in globalThis)
      const call: Call = (name, ...args) =>
        page.evaluate(
          ([method, argument]) => {
            const api = (globalThis as unknown as StoreBenchGlobal)
              .inkmarkBench as unknown as Record<string, (argument: unknown) => unknown>
            return api[method]!(argument)
          },
          [name, args[0]] as const,
        ) as never
      return await use(call, page)
    } finally {
      await page.close()
    }
  }
}

async function measureStoreOpen(
  browser: BenchBrowser,
): Promise<{ report: ColdOpenReport; heap: HeapFigure }> {
  return browser.withPage(async (call, page) => {
    const before = await memoryUsed(page)
    const report = await call('coldOpen', { databaseName: DATABASE_NAME })
    const after = await memoryUsed(page)
    await call('closeStore')
    return { report, heap: { before, after } }
  })
}

async function measureBaseline(
  browser: BenchBrowser,
): Promise<{ report: BaselineReport; heap: HeapFigure }> {
  return browser.withPage(async (call, page) => {
    const before = await memoryUsed(page)
    const report = await call('coldBaseline', { databaseName: DATABASE_NAME })
    const after = await memoryUsed(page)
    return { report, heap: { before, after } }
  })
}

/** One cold open under the sampling CPU profiler (not timed: profiling slows it down). */
async function profileStoreOpen(browser: BenchBrowser): Promise<ProfileSummary> {
  return browser.withPage(async (call, page) => {
    const session = await page.context().newCDPSession(page)
    try {
      await session.send('Profiler.enable')
      await session.send('Profiler.setSamplingInterval', { interval: 250 })
      await session.send('HeapProfiler.collectGarbage')
      await session.send('Profiler.start')
      await call('coldOpen', { databaseName: DATABASE_NAME })
      const { profile } = await session.send('Profiler.stop')
      await call('closeStore')
      return summarizeProfile(profile)
    } finally {
      await session.detach()
    }
  })
}

async function runStore(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const started = Date.now()
  const loadAtStart = loadavg()[0] ?? 0
  const size = quick ? QUICK_LIBRARY : HEAVY_LIBRARY
  const repeat = quick ? QUICK : FULL
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-bench-store-'))
  const webDir = join(workDir, 'www')
  const profile = join(workDir, 'profile')
  log(`store: bundling the benchmark page into ${webDir}`)
  await bundlePage(webDir)
  const server = await startStaticServer(webDir)
  const browser = await BenchBrowser.start(profile, `${server.url}/`, log)
  try {
    log(
      `store: populating ${size.bookmarks} bookmarks, ${size.marks} marks, ${size.pageContents} page contents`,
    )
    const populate = await browser.withPage((call) =>
      call('populate', { databaseName: DATABASE_NAME, seed: SEED, size }),
    )
    log(
      `store: populated in ${Math.round((populate.bookmarksMs + populate.marksMs + populate.pageContentsMs) / 1000)} s (bookmarks ${Math.round(populate.bookmarksMs)} ms, marks ${Math.round(populate.marksMs)} ms, page contents ${Math.round(populate.pageContentsMs)} ms)`,
    )
    // The first open after populating compacts the update log, as any first open after many
    // writes does; the cold opens below then measure the steady state.
    const settle = await browser.withPage((call) =>
      call('openAndClose', { databaseName: DATABASE_NAME }),
    )
    log(
      `store: first open after populating (compacts ${settle.updatesBefore} updates): ${Math.round(settle.ms)} ms`,
    )

    const freshPage: StoreFigures['freshPage'] = { store: [], baseline: [] }
    for (let run = 0; run < repeat.freshPage; run += 1) {
      const storeFirst = run % 2 === 0
      for (const which of storeFirst ? ['store', 'baseline'] : ['baseline', 'store']) {
        if (which === 'store') {
          freshPage.store.push(await measureStoreOpen(browser))
        } else {
          freshPage.baseline.push(await measureBaseline(browser))
        }
      }
      const last = freshPage.store[freshPage.store.length - 1]!.report
      const base = freshPage.baseline[freshPage.baseline.length - 1]!.report
      log(
        `store: cold open (fresh page) ${run + 1}/${repeat.freshPage}: store ${Math.round(last.ms)} ms, baseline ${Math.round(base.ms)} ms`,
      )
    }

    const freshBrowser: StoreFigures['freshBrowser'] = { store: [], baseline: [] }
    for (let run = 0; run < repeat.freshBrowser; run += 1) {
      const storeFirst = run % 2 === 0
      for (const which of storeFirst ? ['store', 'baseline'] : ['baseline', 'store']) {
        await browser.restart()
        if (which === 'store') {
          freshBrowser.store.push(await measureStoreOpen(browser))
        } else {
          freshBrowser.baseline.push(await measureBaseline(browser))
        }
      }
      const last = freshBrowser.store[freshBrowser.store.length - 1]!.report
      const base = freshBrowser.baseline[freshBrowser.baseline.length - 1]!.report
      log(
        `store: cold open (fresh browser) ${run + 1}/${repeat.freshBrowser}: store ${Math.round(last.ms)} ms, baseline ${Math.round(base.ms)} ms`,
      )
    }

    const breakdown: StoreFigures['breakdown'] = []
    for (let run = 0; run < repeat.breakdown; run += 1) {
      breakdown.push(
        await browser.withPage((call) => call('openBreakdown', { databaseName: DATABASE_NAME })),
      )
    }
    const cpuProfile = await profileStoreOpen(browser)
    log('store: open breakdown and CPU profile measured')

    const queries: StoreFigures['queries'] = {
      getMarksForBookmark: [],
      getBookmarksWithCount: [],
      getEntitiesForSearchValue: [],
    }
    for (const name of QUERY_NAMES) {
      for (let run = 0; run < repeat.queries; run += 1) {
        queries[name].push(
          await browser.withPage(async (call) => {
            await call('coldOpen', { databaseName: DATABASE_NAME })
            const report = await call('query', { name, seed: SEED, size })
            await call('closeStore')
            return report
          }),
        )
      }
      log(`store: ${name} measured`)
    }

    const storage = await browser.withPage((call) =>
      call('storage', { databaseName: DATABASE_NAME }),
    )
    const diskBytes = await directorySize(join(profile, 'Default', 'IndexedDB'))
    log(
      `store: stored sizes measured (${storage.bodyDocs} body docs in ${Math.round(storage.bodyMeasureMs)} ms)`,
    )

    const writes = await browser.withPage(async (call) => {
      await call('coldOpen', { databaseName: DATABASE_NAME })
      const report = await call('writeMarks', { count: repeat.writes, seed: SEED, size })
      await call('closeStore')
      return report
    })
    log(`store: ${repeat.writes} single-mark writes measured`)

    const importing = await browser.withPage((call) =>
      call('importBackup', { databaseName: IMPORT_DATABASE_NAME, seed: SEED + 1, size }),
    )
    log(`store: backup import measured (${importing.entities} entities)`)

    const figures: StoreFigures = {
      date: new Date().toISOString(),
      quick,
      seed: SEED,
      databaseName: DATABASE_NAME,
      size,
      machine: {
        cpus: availableParallelism(),
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        memoryBytes: totalmem(),
        chromium: await chromiumVersion(),
        node: process.version,
        commit: await measuredCommit('shared/src'),
        loadAverage: [loadAtStart, loadavg()[0] ?? 0],
      },
      populate,
      settle,
      freshPage,
      freshBrowser,
      breakdown,
      profile: cpuProfile,
      queries,
      storage: { ...storage, diskBytes },
      writes,
      importing,
      totalSeconds: (Date.now() - started) / 1000,
    }
    return reportStoreFigures(figures)
  } finally {
    await browser.close().catch(() => undefined)
    await server.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The store benchmark: cold open, memory, size, queries, writes and import on a heavy library. */
export const storeBenchmark: Benchmark = {
  name: 'store',
  heading: '## Store (real Chromium)',
  run: runStore,
}
