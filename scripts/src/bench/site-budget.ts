// The public site's budget (`npm run bench:site`; docs/adr/076-site-images-and-budget.md, issue 19):
// builds the site as it ships (`npm run build -w site`: images, Vite, prerender, share images),
// then (a) every prerendered route's HTML and JavaScript bytes gzip-compressed, the JavaScript being
// what the route's HTML loads (its module scripts and modulepreloads and the chunks those import
// statically), against 80 KB per route; (b) the largest contentful paint of / and /pricing in Debian's
// Chromium with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), as a ratio to the same
// HTML with its scripts removed, both served by the site server (site/server/serve.ts), the two alternating, medians; goal
// under 1.2. Timing is measured here, never asserted in tests.
//   npm run bench:site [-- --quick] [-- --no-write] [-- --no-build]
import { execFile } from 'node:child_process'
import { readFile, readdir, stat } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join, posix, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { REPO_ROOT, writeBenchmarkSection } from './benchmarks-file'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumVersion } from './chromium'
import { freePort, startServer } from './relay/processes'
import { formatMs, markdownTable, median, textTable } from './stats'

const SITE_DIST = join(REPO_ROOT, 'site/dist')
const JS_BUDGET_BYTES = 80 * 1024
const LCP_RATIO_GOAL = 1.2
const CPU_SLOWDOWN = 4
const LCP_PATHS = ['/', '/pricing'] as const
const VIEWPORT = { width: 1280, height: 800 }

// ---------------------------------------------------------------------------------------------
// (a) bytes per route

/** The script URLs an HTML page loads up front: module scripts and modulepreloads. */
export function scriptUrlsOf(html: string): string[] {
  const urls = new Set<string>()
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\ssrc=["']?([^"'\s>]+)/i.exec(tag)?.[1]
    if (src) {
      urls.add(src)
    }
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\srel=["']?modulepreload\b/i.test(tag)) {
      const href = /\shref=["']?([^"'\s>]+)/i.exec(tag)?.[1]
      if (href) {
        urls.add(href)
      }
    }
  }
  return [...urls]
}

/** The relative modules a built chunk imports statically (`import"./x.js"`, `from"./x.js"`). */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>()
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(match[1]!)
  }
  return [...found]
}

/** `html` without its scripts and modulepreloads: the page as it paints with no JavaScript. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '')
}

/** The route path an HTML file of dist serves: 'pricing/index.html' is '/pricing'. */
function routePathOf(relativeFile: string): string {
  const parts = relativeFile
    .split(sep)
    .join('/')
    .replace(/\.html$/, '')
  return `/${parts === 'index' ? '' : parts.replace(/\/index$/, '')}`
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!['assets', 'img', 'og', 'builds'].includes(entry.name)) {
        found.push(...(await htmlFiles(path)))
      }
    } else if (entry.name.endsWith('.html')) {
      found.push(path)
    }
  }
  return found
}

interface RouteBytes {
  path: string
  htmlGzip: number
  jsGzip: number
  scripts: number
  /** The script URLs it loads. */
  urls: readonly string[]
}

/** The gzip size of every JS file a route loads, following static imports from its scripts. */
async function routeBytes(distDir: string, htmlFile: string, cache: Map<string, number>) {
  const html = await readFile(htmlFile, 'utf8')
  const pagePath = routePathOf(relative(distDir, htmlFile))
  const queue = scriptUrlsOf(html)
    .filter((url) => !/^[a-z]+:/i.test(url))
    .map((url) => (url.startsWith('/') ? url : posix.join(posix.dirname(`${pagePath}/x`), url)))
  const seen = new Set<string>()
  let jsGzip = 0
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) {
      continue
    }
    seen.add(url)
    const file = join(distDir, url)
    const code = await readFile(file, 'utf8')
    if (!cache.has(url)) {
      cache.set(url, gzipSync(code, { level: 9 }).length)
    }
    jsGzip += cache.get(url)!
    for (const imported of staticImportsOf(code)) {
      queue.push(posix.join(posix.dirname(url), imported))
    }
  }
  return {
    path: pagePath,
    htmlGzip: gzipSync(html, { level: 9 }).length,
    jsGzip,
    scripts: seen.size,
    urls: [...seen],
  } satisfies RouteBytes
}

// ---------------------------------------------------------------------------------------------
// (b) largest contentful paint

/** The site server (site/server/serve.ts) as a child process on a free loopback port. */
async function serveSite(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort()
  const server = await startServer({
    script: 'site/server/serve.ts',
    port,
    readyPath: '/',
    env: { SITE_PORT: String(port), HOST: '127.0.0.1' },
  })
  return { url: server.origin.origin, close: () => server.stop() }
}

// The last largest-contentful-paint entry once the page has loaded and painted twice more.
const READ_LCP = `new Promise((resolve) => {
  const read = () => new PerformanceObserver((list, observer) => {
    const entries = list.getEntries()
    observer.disconnect()
    const last = entries[entries.length - 1]
    resolve(last ? { time: last.startTime, element: last.element ? last.element.tagName + (last.element.className ? '.' + String(last.element.className).split(' ')[0] : '') : 'none', size: last.size } : null)
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const settle = () => requestAnimationFrame(() => requestAnimationFrame(read))
  if (document.readyState === 'complete') settle(); else addEventListener('load', settle, { once: true })
})`

interface Paint {
  time: number
  element: string
}

/** One cold load of `url` in a fresh context, CPU throttled; `stripScripts` serves the HTML without JS. */
async function measureLcp(browser: Browser, url: string, stripScripts: boolean): Promise<Paint> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    if (stripScripts) {
      await context.route(url, async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, body: withoutScripts(await response.text()) })
      })
    }
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(url, { waitUntil: 'load' })
    const paint = await page.evaluate<Paint | null>(READ_LCP)
    if (!paint) {
      throw new Error(`No largest contentful paint on ${url}`)
    }
    return paint
  } finally {
    await context.close()
  }
}

interface LcpFigures {
  path: string
  withScripts: number
  withoutScripts: number
  ratio: number
  element: string
  runs: number
}

async function lcpFigures(
  baseUrl: string,
  paths: readonly string[],
  runs: number,
  log: (line: string) => void,
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const figures: LcpFigures[] = []
  try {
    for (const path of paths) {
      const url = baseUrl + path
      // One warm-up of each, not counted: the first load pays for the browser's own start.
      await measureLcp(browser, url, false)
      await measureLcp(browser, url, true)
      const scripted: number[] = []
      const plain: number[] = []
      let element = ''
      for (let run = 0; run < runs; run++) {
        // Alternating, and which goes first alternates too, so both see the same machine.
        const order = run % 2 === 0 ? [false, true] : [true, false]
        for (const strip of order) {
          const paint = await measureLcp(browser, url, strip)
          ;(strip ? plain : scripted).push(paint.time)
          if (!strip) {
            element = paint.element
          }
        }
      }
      const withScripts = median(scripted)
      const withoutScriptsMs = median(plain)
      figures.push({
        path,
        withScripts,
        withoutScripts: withoutScriptsMs,
        ratio: withScripts / withoutScriptsMs,
        element,
        runs,
      })
      log(
        `site: LCP ${path}: ${formatMs(withScripts)} vs ${formatMs(withoutScriptsMs)} without scripts`,
      )
    }
  } finally {
    await browser.close()
  }
  return figures
}

// ---------------------------------------------------------------------------------------------

async function buildSite(log: (line: string) => void): Promise<number> {
  log('site: npm run build -w site')
  const started = performance.now()
  await promisify(execFile)('npm', ['run', 'build', '-w', 'site'], {
    cwd: REPO_ROOT,
    // A preview build: the repository's operator content is empty, which a production build
    // refuses to publish; the pages and scripts are the same.
    env: { ...process.env, SITE_STAGE: 'preview' },
    maxBuffer: 64 * 1024 * 1024,
  })
  return performance.now() - started
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function run(options: BenchmarkOptions, build = true): Promise<BenchmarkResult> {
  const buildMs = build ? await buildSite(options.log) : Number.NaN
  await stat(join(SITE_DIST, 'index.html')).catch(() => {
    throw new Error(`No built site at ${SITE_DIST}`)
  })
  const files = await htmlFiles(SITE_DIST)
  const cache = new Map<string, number>()
  const routes: RouteBytes[] = []
  for (const file of files) {
    routes.push(await routeBytes(SITE_DIST, file, cache))
  }
  routes.sort((a, b) => b.jsGzip - a.jsGzip || a.path.localeCompare(b.path))
  const largest = routes[0]!
  const overBudget = routes.filter((route) => route.jsGzip > JS_BUDGET_BYTES)

  const server = await serveSite()
  let lcp: LcpFigures[]
  try {
    const available: string[] = []
    for (const path of LCP_PATHS) {
      const response = await fetch(server.url + path)
      if (response.ok) {
        available.push(path)
      } else {
        options.log(`site: ${path} is not built (${response.status}); its paint is left out`)
      }
    }
    lcp = await lcpFigures(server.url, available, options.quick ? 3 : 9, options.log)
  } finally {
    await server.close()
  }

  const failedGoals: string[] = []
  if (overBudget.length > 0) {
    failedGoals.push(
      `${overBudget.length} route(s) over ${kb(JS_BUDGET_BYTES)} JS gzip, largest ${largest.path} ${kb(largest.jsGzip)}`,
    )
  }
  for (const figure of lcp) {
    if (figure.ratio >= LCP_RATIO_GOAL) {
      failedGoals.push(`LCP of ${figure.path} is ${figure.ratio.toFixed(2)}x its script-free HTML`)
    }
  }

  const shown = routes.slice(0, options.quick ? 10 : 15)
  const bytesHeader = ['route', 'HTML gzip', 'JS gzip', 'scripts', 'goal']
  const bytesRows = shown.map((route) => [
    route.path,
    kb(route.htmlGzip),
    kb(route.jsGzip),
    String(route.scripts),
    route.jsGzip <= JS_BUDGET_BYTES ? 'ok' : 'FAIL',
  ])
  const lcpHeader = ['route', 'LCP', 'LCP, no scripts', 'ratio', 'goal', 'LCP element']
  const lcpRows = lcp.map((figure) => [
    figure.path,
    formatMs(figure.withScripts),
    formatMs(figure.withoutScripts),
    figure.ratio.toFixed(2),
    figure.ratio < LCP_RATIO_GOAL ? 'ok' : 'FAIL',
    figure.element,
  ])
  // The heaviest scripts and how many routes load each: where the bytes come from.
  const chunkHeader = ['script', 'gzip', 'routes loading it']
  const chunkRows = [...cache.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([url, bytes]) => [
      url,
      kb(bytes),
      String(routes.filter((route) => route.urls.includes(url)).length),
    ])
  const totalHtml = routes.reduce((sum, route) => sum + route.htmlGzip, 0)
  const summary =
    `${routes.length} prerendered routes; largest JS ${largest.path} ${kb(largest.jsGzip)} gzip ` +
    `(goal ${kb(JS_BUDGET_BYTES)}); HTML gzip median ${kb(median(routes.map((r) => r.htmlGzip)))}, ` +
    `total ${kb(totalHtml)}; build ${Number.isNaN(buildMs) ? 'skipped' : formatMs(buildMs)}`
  const table = [
    summary,
    '',
    textTable(bytesHeader, bytesRows),
    '',
    textTable(chunkHeader, chunkRows),
    '',
    textTable(lcpHeader, lcpRows),
  ].join('\n')

  const runs = lcp[0]?.runs ?? 0
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (load average ` +
      `${loadavg()[0]!.toFixed(2)}), ${await chromiumVersion()}. \`npm run bench:site\` ` +
      '(scripts/src/bench/site-budget.ts; docs/adr/076-site-images-and-budget.md).',
    '',
    '### Goals',
    '',
    `- No route loads more than ${kb(JS_BUDGET_BYTES)} of JavaScript, gzip: ` +
      `${overBudget.length === 0 ? 'met' : `missed by ${overBudget.length} route(s)`} ` +
      `(largest: ${largest.path}, ${kb(largest.jsGzip)}).`,
    `- Largest contentful paint of / and /pricing, CPU ${CPU_SLOWDOWN}x slower, under ` +
      `${LCP_RATIO_GOAL}x the same HTML without its scripts: ` +
      (lcp.length === 0
        ? 'not measured (no route built).'
        : lcp.map((f) => `${f.path} ${f.ratio.toFixed(2)}x`).join(', ') +
          (lcp.every((f) => f.ratio < LCP_RATIO_GOAL) ? ' (met).' : ' (missed).')),
    '',
    '### Bytes per route (largest JavaScript first)',
    '',
    summary +
      '. JS is the module scripts and modulepreloads in the HTML plus the chunks they ' +
      'import statically; each file gzip level 9.',
    '',
    markdownTable(bytesHeader, bytesRows),
    '',
    'The heaviest scripts:',
    '',
    markdownTable(chunkHeader, chunkRows),
    '',
    '### Largest contentful paint',
    '',
    `Cold loads in fresh contexts at ${VIEWPORT.width}x${VIEWPORT.height}, served from loopback ` +
      `with no cache; ${runs} runs of each, the scripted and script-free HTML alternating; medians.`,
    '',
    markdownTable(lcpHeader, lcpRows),
  ].join('\n')
  return { table, markdown, failedGoals }
}

export const siteBudgetBenchmark: Benchmark = {
  name: 'site',
  heading: '## Public site budget (real Chromium)',
  run: (options) => run(options),
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2)
  const quick = argv.includes('--quick')
  const log = (line: string) => process.stderr.write(`${line}\n`)
  run({ quick, log }, !argv.includes('--no-build'))
    .then(async (result) => {
      process.stdout.write(`${result.table}\n`)
      if (!quick && !argv.includes('--no-write')) {
        await writeBenchmarkSection(siteBudgetBenchmark.heading, result.markdown)
        log('site: BENCHMARKS.md updated')
      }
      if (result.failedGoals.length > 0) {
        process.stdout.write(
          `\nGoals missed:\n${result.failedGoals.map((g) => `- ${g}`).join('\n')}\n`,
        )
      }
    })
    .catch((error: unknown) => {
      console.error(
        `site: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      process.exit(1)
    })
}
