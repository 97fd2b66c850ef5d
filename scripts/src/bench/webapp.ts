// The web app benchmark (issue 7): the built web app in headless Chromium with the library
// (10,000 bookmarks, 50,000 marks) in its own IndexedDB. It measures the dashboard's first render,
// the frame time while scrolling the virtual list, search keystroke to results painted (Ctrl+K
// dialog), and importing a 10,000-row Pocket CSV through the real import dialog, each beside a
// baseline from the same run. The app is built with `npm run build -w webapp` under the web app's
// build lock, into a folder of this run's own, so other builds cannot change it mid-run.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { REPO_ROOT } from './benchmarks-file'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumVersion } from './chromium'
import { bundleBenchPage } from './page-bundle'
import { searchWord } from './store/generate'
import { median } from './stats'
import { pocketCsv } from './webapp-csv'
import {
  installPageProbe,
  markTimes,
  probeState,
  scrollFrameTimes,
  type ProbeState,
} from './webapp-probes'
import {
  FULL_CSV_ROWS,
  FULL_LIBRARY,
  QUICK_CSV_ROWS,
  QUICK_LIBRARY,
  type WebappBenchPageApi,
} from './webapp-protocol'
import { reportWebappFigures, type FirstRenderFigure, type WebappFigures } from './webapp-report'
import { startAppServer } from './webapp-server'

const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
const BUILD_LOCK = '/tmp/inkmark-webapp.lock'
const HELPER_PATH = '/__bench/index.html'
const SEED = 20_261_122
const VIEWPORT = { width: 1280, height: 900 }
/** What is waited for: rows (or the empty state) of the first screen or the live dashboard. */
const ROWS = {
  first: '.virtual-row article.card',
  live: '.dashboard:not([data-first-screen]) .virtual-row article.card',
}
const EMPTY = { first: '.empty-state', live: '.dashboard:not([data-first-screen]) .empty-state' }
const LONG_TIMEOUT_MS = 180_000
/** Longer than the dashboard's wait before it copies its first screen (Dashboard.tsx). */
const FIRST_SCREEN_COPY_WAIT_MS = 1000

async function buildApp(outDir: string): Promise<void> {
  await promisify(execFile)(
    'flock',
    [BUILD_LOCK, 'npm', 'run', 'build', '-w', 'webapp', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
  )
  await bundleBenchPage(
    {
      root: BENCH_DIR,
      entry: 'webapp-seed-page.ts',
      bundleFile: 'bench-webapp.js',
      title: 'Inkmark web app benchmark helper',
    },
    join(outDir, '__bench'),
  )
  // bundleBenchPage's page loads its script from the root; this one lives under /__bench/.
  await writeFile(
    join(outDir, HELPER_PATH),
    '<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n' +
      '<title>Inkmark web app benchmark helper</title>\n' +
      '<script type="module" src="/__bench/bench-webapp.js"></script>\n',
  )
}

/** Calls a function of the helper page. */
function helper<K extends keyof WebappBenchPageApi>(
  page: Page,
  name: K,
  ...args: Parameters<WebappBenchPageApi[K]>
): Promise<Awaited<ReturnType<WebappBenchPageApi[K]>>> {
  return page.evaluate(
    ([fn, fnArgs]) => {
      const api = (globalThis as { inkmarkWebappBench?: WebappBenchPageApi }).inkmarkWebappBench
      if (!api) {
        throw new Error('The benchmark helper page did not load')
      }
      return (api[fn] as (...a: unknown[]) => unknown)(...(fnArgs as unknown[]))
    },
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<WebappBenchPageApi[K]>>>
}

async function openHelper(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url + HELPER_PATH)
  await page.waitForFunction(() => 'inkmarkWebappBench' in globalThis)
  return page
}

/** A new tab of the app with the probe installed, at `path`. */
async function openApp(
  context: BrowserContext,
  url: string,
  path: string,
  selectors: { first: string; live: string },
): Promise<Page> {
  const page = await context.newPage()
  // tsx (esbuild, keepNames) wraps named inner functions in __name(), which the page lacks.
  await page.addInitScript('globalThis.__name ??= (fn) => fn')
  await page.addInitScript(installPageProbe, selectors)
  await page.goto(url + path)
  return page
}

/** Waits until the app has decoded the library in the background; when, since navigation. */
async function waitForDecoded(page: Page): Promise<number> {
  await page.waitForFunction(
    () => performance.getEntriesByName('inkmark-library-decoded').length > 0,
    undefined,
    { timeout: LONG_TIMEOUT_MS, polling: 50 },
  )
  const [decodedAt] = await page.evaluate(markTimes, 'inkmark-library-decoded')
  return decodedAt!
}

async function waitForProbe<T>(
  page: Page,
  read: (state: ProbeState) => T | undefined,
  what: string,
): Promise<T> {
  const deadline = Date.now() + LONG_TIMEOUT_MS
  for (;;) {
    const state = await page.evaluate(probeState)
    const value = state ? read(state) : undefined
    if (value !== undefined) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function measureFirstRender(
  context: BrowserContext,
  url: string,
  selectors: { first: string; live: string },
): Promise<FirstRenderFigure> {
  const page = await openApp(context, url, '/', selectors)
  try {
    const painted = await waitForProbe(page, (state) => state.firstContentPainted, 'first render')
    const livePainted = await waitForProbe(
      page,
      (state) => state.liveContentPainted,
      'the live list',
    )
    const state = (await page.evaluate(probeState))!
    const [openStart] = await page.evaluate(markTimes, 'inkmark-library-open-start')
    const [openEnd] = await page.evaluate(markTimes, 'inkmark-library-open-end')
    const decodedAt = await waitForDecoded(page)
    // The dashboard copies its first screen (now with the counts) a moment after it changes; a
    // person who looked at their library leaves that copy behind for the next visit.
    await new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_COPY_WAIT_MS))
    return {
      painted,
      inDom: state.firstContentInDom!,
      fromSnapshot: state.firstContentFromSnapshot === true,
      livePainted,
      openStart,
      openEnd,
      decodedAt,
    }
  } finally {
    await page.close()
  }
}

/** Search prefixes: each word typed one character at a time. */
function searchWords(count: number): string[] {
  const words = new Set<string>()
  for (let index = 0; words.size < count; index++) {
    const word = searchWord(SEED, index)
    if (word.length >= 4) {
      words.add(word)
    }
  }
  return [...words]
}

async function measureSearch(
  page: Page,
  words: readonly string[],
  log: (line: string) => void,
): Promise<{ keystrokes: { query: string; ms: number }[] }> {
  await page.keyboard.press('Control+K')
  const input = page.getByRole('combobox', { name: 'Search pages, highlights, notes and tags' })
  await input.waitFor()
  const keystrokes: { query: string; ms: number }[] = []
  for (const word of words) {
    if ((await input.inputValue()) !== '') {
      // Cleared with keys, as a person would (the probe watches for results after each key).
      await input.selectText()
      await page.keyboard.press('Backspace')
      await waitForProbe(
        page,
        (state) => (state.searchPainted?.query === '' ? true : undefined),
        'the search to clear',
      )
    }
    for (let length = 1; length <= word.length; length++) {
      const query = word.slice(0, length)
      await page.evaluate(() => {
        const probe = (globalThis as { inkmarkProbe?: { searchPainted?: unknown } }).inkmarkProbe
        if (probe) {
          probe.searchPainted = undefined
        }
      })
      await page.keyboard.press(word[length - 1]!)
      const painted = await waitForProbe(
        page,
        (state) => (state.searchPainted?.query === query ? state.searchPainted : undefined),
        `results for "${query}"`,
      )
      const keyDownAt = (await page.evaluate(probeState))!.keyDownAt!
      keystrokes.push({ query, ms: painted.at - keyDownAt })
    }
    log(`  searched "${word}"`)
  }
  await page.keyboard.press('Escape')
  return { keystrokes }
}

async function measureImport(
  context: BrowserContext,
  url: string,
  csvFile: string,
): Promise<Omit<WebappFigures['importCsv'], 'parseMs'>> {
  const page = await openApp(context, url, '/settings?view=backup', ROWS)
  try {
    await waitForDecoded(page)
    await page.getByRole('button', { name: 'Import a file…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import highlights and bookmarks' })
    await dialog.waitFor()
    await dialog.getByLabel('File to import').setInputFiles(csvFile)
    const doneAt = await waitForProbe(page, (state) => state.importDoneAt, 'the import')
    const state = (await page.evaluate(probeState))!
    return {
      ms: doneAt - state.importStartedAt!,
      progressRenders: state.progressSeen,
      progressValues: state.progressValues.length,
      summary: (state.importSummary ?? '').replace(/\s+/g, ' ').trim(),
    }
  } finally {
    await page.close()
  }
}

async function runWebappBenchmark(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const library = quick ? QUICK_LIBRARY : FULL_LIBRARY
  const csvRows = quick ? QUICK_CSV_ROWS : FULL_CSV_ROWS
  const renders = quick ? 2 : 5
  const work = await mkdtemp(join(tmpdir(), 'inkmark-webapp-bench-'))
  const started = Date.now()
  const loadBefore = loadavg()[0]!
  let browser: Browser | undefined
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined
  try {
    log('building the web app (npm run build -w webapp, under the build lock)')
    const appDir = join(work, 'app')
    await buildApp(appDir)
    server = await startAppServer(appDir)
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
    })
    const seeded = await browser.newContext({ viewport: VIEWPORT })
    const empty = await browser.newContext({ viewport: VIEWPORT })

    log(`seeding ${library.bookmarks} bookmarks and ${library.marks} marks`)
    const helperPage = await openHelper(seeded, server.url)
    const seedStart = Date.now()
    const stored = await helper(helperPage, 'seed', SEED, library.bookmarks, library.marks)
    const seedMs = Date.now() - seedStart
    if (stored.rejected > 0 || stored.bookmarks !== library.bookmarks) {
      throw new Error(`Seeding stored ${JSON.stringify(stored)}`)
    }

    // The first visit compacts the seeding's update log, as a long-used library would be.
    log('first visit (compacts the update log; not measured)')
    await measureFirstRender(seeded, server.url, ROWS)
    await measureFirstRender(empty, server.url, EMPTY)

    log(`first render, ${renders} times each (library, then empty library)`)
    const libraryRenders: FirstRenderFigure[] = []
    const emptyRenders: FirstRenderFigure[] = []
    for (let round = 0; round < renders; round++) {
      libraryRenders.push(await measureFirstRender(seeded, server.url, ROWS))
      emptyRenders.push(await measureFirstRender(empty, server.url, EMPTY))
    }

    log('scrolling the virtual list (every page loaded)')
    const allPages = Math.ceil(library.bookmarks / 50)
    const scrollPage = await openApp(seeded, server.url, `/?page=${allPages}`, ROWS)
    await waitForProbe(scrollPage, (state) => state.firstContentPainted, 'the full list')
    const idle = await scrollPage.evaluate(scrollFrameTimes, { frames: 120, step: 0 })
    const scrolling = await scrollPage.evaluate(scrollFrameTimes, {
      frames: quick ? 120 : 600,
      step: 120,
    })
    await scrollPage.close()

    log('search keystrokes (Ctrl+K)')
    const words = searchWords(quick ? 2 : 6)
    const searchPage = await openApp(seeded, server.url, '/', ROWS)
    await waitForProbe(searchPage, (state) => state.firstContentPainted, 'the dashboard')
    // Measured on a settled page: searching while the library still decodes waits for the rest.
    await waitForDecoded(searchPage)
    const search = await measureSearch(searchPage, words, log)
    await searchPage.close()
    const prefixes = search.keystrokes.map((keystroke) => keystroke.query)
    const filter = await helper(
      helperPage,
      'filterBaseline',
      SEED,
      library.bookmarks,
      library.marks,
      prefixes,
    )

    log(`importing a ${csvRows}-row Pocket CSV`)
    const csv = pocketCsv(csvRows, SEED)
    const csvFile = join(work, `pocket-${csvRows}.csv`)
    await writeFile(csvFile, csv)
    const csvParse: number[] = []
    for (let round = 0; round < 3; round++) {
      const parsed = await helper(helperPage, 'parseCsvBaseline', csv)
      if (parsed.bookmarks !== csvRows) {
        throw new Error(`The CSV baseline read ${parsed.bookmarks} of ${csvRows} rows`)
      }
      csvParse.push(parsed.ms)
    }
    const importFigures = await measureImport(seeded, server.url, csvFile)
    await helperPage.close()

    const figures: WebappFigures = {
      quick,
      library,
      csvRows,
      seedMs,
      machine: {
        cores: availableParallelism(),
        cpu: cpus()[0]?.model ?? 'unknown CPU',
        memoryBytes: totalmem(),
        chromium: await chromiumVersion(),
        node: process.version,
        loadBefore,
        loadAfter: loadavg()[0]!,
      },
      commit: await commitDescription(),
      totalSeconds: (Date.now() - started) / 1000,
      firstRender: {
        library: libraryRenders,
        empty: emptyRenders,
      },
      scroll: { idle: idle.deltas, scrolling: scrolling.deltas, scrolledPx: scrolling.scrolledPx },
      search: {
        keystrokes: search.keystrokes,
        filterMs: filter.map((result) => result.ms),
      },
      importCsv: { ...importFigures, parseMs: median(csvParse) },
    }
    return reportWebappFigures(figures)
  } finally {
    await browser?.close()
    await server?.close()
    await rm(work, { recursive: true, force: true })
  }
}

async function commitDescription(): Promise<string> {
  const git = (...args: string[]) =>
    promisify(execFile)('git', args, { cwd: REPO_ROOT }).then(({ stdout }) => stdout.trim())
  const hash = await git('rev-parse', '--short', 'HEAD').catch(() => 'unknown')
  const dirty = await git('status', '--porcelain', '--', 'webapp/src', 'shared/src').catch(() => '')
  return dirty === '' ? hash : `${hash} + uncommitted changes in webapp/src or shared/src`
}

export const webappBenchmark: Benchmark = {
  name: 'webapp',
  heading: '## Web app (real Chromium)',
  run: runWebappBenchmark,
}
