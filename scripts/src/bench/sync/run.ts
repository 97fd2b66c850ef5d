// The sync benchmark's Node side: starts the relay (its own process, embedded SQLite store in a
// temporary directory) and the baseline's no-op server, registers an account, bundles the page
// (page.mts) and drives it in Debian's Chromium: populate a device, push everything, pull it on a
// fresh device, the baseline POSTs with the same bodies, then live changes between two devices.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { REPO_ROOT } from '../benchmarks-file'
import { bundleBenchPage } from '../page-bundle'
import { chromiumVersion, launchChromium } from '../chromium'
import { startStaticServer } from '../static-server'
import {
  FULL_ENTITIES,
  FULL_LIVE_CHANGES,
  QUICK_ENTITIES,
  QUICK_LIVE_CHANGES,
  type SyncBenchApi,
  type SyncBenchGlobal,
} from './protocol'
import { reportSyncFigures, type SyncFigures } from './report'

const SYNC_DIR = dirname(fileURLToPath(import.meta.url))
const BUNDLE_FILE = 'bench-sync.js'
const SEED = 20_241_122
const START_TIMEOUT_MS = 30_000

function bundlePage(outDir: string): Promise<void> {
  return bundleBenchPage(
    { root: SYNC_DIR, entry: 'page.mts', bundleFile: BUNDLE_FILE, title: 'Inkmark sync benchmark' },
    outDir,
  )
}

interface ChildServer {
  url: string
  stop(): Promise<void>
}

/** Starts `node --import tsx <entry>` and waits until GET /health answers. */
async function startServer(entry: string, env: Record<string, string>): Promise<ChildServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${entry} exited with ${child.exitCode}`)
    }
    try {
      if ((await fetch(`${url}/health`)).ok) {
        break
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${entry} did not start within ${START_TIMEOUT_MS} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}

async function register(relayUrl: string): Promise<string> {
  const response = await fetch(`${relayUrl}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `sync-bench-${Date.now()}@example.com`,
      password: 'bench password 1',
    }),
  })
  if (!response.ok) {
    throw new Error(`register: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { token: string }).token
}

function caller(page: Page) {
  return <K extends keyof SyncBenchApi>(name: K, ...args: Parameters<SyncBenchApi[K]>) =>
    page.evaluate(
      ([fn, fnArgs]) => {
        const bench = (globalThis as SyncBenchGlobal).inkmarkSyncBench
        if (!bench) {
          throw new Error('The benchmark page did not load')
        }
        return (bench[fn] as (...a: unknown[]) => Promise<unknown>)(...(fnArgs as unknown[]))
      },
      [name, args] as const,
    ) as Promise<Awaited<ReturnType<SyncBenchApi[K]>>>
}

async function runSyncBenchmark(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const entities = quick ? QUICK_ENTITIES : FULL_ENTITIES
  const liveChanges = quick ? QUICK_LIVE_CHANGES : FULL_LIVE_CHANGES
  const work = await mkdtemp(join(tmpdir(), 'inkmark-sync-bench-'))
  const cleanups: (() => Promise<void>)[] = [() => rm(work, { recursive: true, force: true })]
  try {
    const loadBefore = loadavg()[0]!
    log('bundling the page')
    await bundlePage(join(work, 'page'))
    const site = await startStaticServer(join(work, 'page'))
    cleanups.unshift(() => site.close())
    log('starting the relay and the baseline server')
    const relay = await startServer(join(REPO_ROOT, 'relay/src/server.ts'), {
      NODE_ENV: 'production',
      // A production relay needs SMTP or this explicit choice to run without mail.
      INKMARK_NO_MAIL: '1',
      LOG_LEVEL: 'warn',
      INKMARK_DATA_DIR: join(work, 'relay-data'),
      INKMARK_WEB_ORIGINS: site.url,
    })
    cleanups.unshift(() => relay.stop())
    const noop = await startServer(join(SYNC_DIR, 'noop-server.ts'), { ORIGIN: site.url })
    cleanups.unshift(() => noop.stop())
    const token = await register(relay.url)

    const context = await launchChromium(join(work, 'profile'))
    cleanups.unshift(() => context.close())
    const page = await context.newPage()
    page.on('pageerror', (error) => log(`page error: ${error.message}`))
    await page.goto(`${site.url}/`)
    await page.waitForFunction(() => (globalThis as SyncBenchGlobal).inkmarkSyncBench !== undefined)
    const call = caller(page)

    log(`populating a device with ${entities} entities`)
    const populated = await call('populate', entities, SEED)
    log('pushing')
    const push = await call('push', relay.url, token)
    log('pulling on a fresh device')
    const pull = await call('pullOnFreshDevice', relay.url, token, populated.entities)
    log('baseline: the same POSTs to a no-op route')
    const baseline = await call('baselinePosts', noop.url, populated.batchBodies)
    log(`live: ${liveChanges} changes from one device to another`)
    const live = await call('live', relay.url, token, liveChanges)

    const figures: SyncFigures = {
      when: new Date().toISOString(),
      machine: `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; ${await chromiumVersion()}`,
      loadBefore,
      loadAfter: loadavg()[0]!,
      populated: { ...populated, batchBodies: populated.batchBodies.length },
      push,
      pull,
      baseline,
      live,
    }
    return reportSyncFigures(figures)
  } finally {
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`))
    }
  }
}

export const syncBenchmark: Benchmark = {
  name: 'sync',
  heading: '## Sync (push, pull, live)',
  run: runSyncBenchmark,
}
