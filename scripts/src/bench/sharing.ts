// The sharing benchmark (`npm run bench:sharing`; docs/adr/059-public-page-html.md, issue 17): a
// real relay process on loopback (relay/src/testing/sharing-bench-server.ts: the production relay
// plus a bench-only static route) with N public pages, read by 200 concurrent readers each on a
// loopback address of its own: a public page's server-rendered HTML (GET /explore/:shareId, cycling
// through the pages) and the discover feed's first page (POST /discover, newest), each against a
// static answer of the same size from the same process (GET /bench/static?bytes=N). Two loads per
// target: a closed loop (requests/s at saturation) and an open loop at a stated rate (the p99
// goal). Relay and static runs alternate, so they share the machine's state.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from './benchmark'
import { freePort, startServer, type ServerProcess } from './relay/processes'
import { closedLoop, openLoop, type ReadFigures, type ReadRequest } from './relay/readers'
import { sharingReport, type SharingShape, type TargetFigures } from './sharing-report'
import { seedPublicPages } from './relay/sharing-seed'

const SERVER_SCRIPT = 'relay/src/testing/sharing-bench-server.ts'

const FULL: SharingShape = {
  pages: 500,
  readers: 200,
  saturationMs: 5_000,
  ratePerSecond: 100,
  rateMs: 10_000,
}
const QUICK: SharingShape = {
  pages: 30,
  readers: 20,
  saturationMs: 1_000,
  ratePerSecond: 50,
  rateMs: 2_000,
}

function startRelay(dataDir: string, port: number): Promise<ServerProcess> {
  return startServer({
    script: SERVER_SCRIPT,
    port,
    readyPath: '/health',
    env: {
      HOST: '127.0.0.1',
      INKMARK_DATA_DIR: dataDir,
      INKMARK_JWT_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'production',
      INKMARK_NO_MAIL: '1',
      INKMARK_BILLING_PROVIDER: 'none',
      INKMARK_DEFAULT_PLAN: 'PREMIUM',
      LOG_LEVEL: 'warn',
    },
  })
}

function staticRequest(bytes: number): ReadRequest {
  return { method: 'GET', path: () => `/bench/static?bytes=${bytes}`, status: 200 }
}

async function measureTarget(
  server: ServerProcess,
  relay: ReadRequest,
  shape: SharingShape,
  log: (line: string) => void,
  name: string,
): Promise<TargetFigures> {
  // A warm-up run sizes the static twin and lets both paths be compiled.
  const warm = await closedLoop(server.origin, relay, Math.min(shape.readers, 20), 500)
  if (warm.errors > 0) {
    throw new Error(`${name}: ${warm.errorSamples.join('; ')}`)
  }
  const bytes = Math.round(warm.meanBytes)
  const twin = staticRequest(bytes)
  await closedLoop(server.origin, twin, Math.min(shape.readers, 20), 500)
  const run = async (label: string, load: () => Promise<ReadFigures>) => {
    const figures = await load()
    log(
      `${name} ${label}: ${figures.requests} requests in ${(figures.wallMs / 1000).toFixed(1)} s, ${figures.errors} errors`,
    )
    return figures
  }
  const relaySaturation = await run('relay, closed loop', () =>
    closedLoop(server.origin, relay, shape.readers, shape.saturationMs),
  )
  const staticSaturation = await run('static, closed loop', () =>
    closedLoop(server.origin, twin, shape.readers, shape.saturationMs),
  )
  const relayRate = await run('relay, open loop', () =>
    openLoop(server.origin, relay, shape.readers, shape.ratePerSecond, shape.rateMs, 17),
  )
  const staticRate = await run('static, open loop', () =>
    openLoop(server.origin, twin, shape.readers, shape.ratePerSecond, shape.rateMs, 17),
  )
  return { bytes, relaySaturation, staticSaturation, relayRate, staticRate }
}

async function measure({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const shape = quick ? QUICK : FULL
  const started = Date.now()
  const loadStart = loadavg()[0] ?? 0
  const dataDir = await mkdtemp(join(tmpdir(), 'inkmark-sharing-bench-'))
  const server = await startRelay(dataDir, await freePort())
  try {
    log(
      `relay started (pid ${server.pid}) on ${server.origin.origin}; seeding ${shape.pages} pages`,
    )
    const { shareIds } = await seedPublicPages(server.origin, shape.pages)
    const page: ReadRequest = {
      method: 'GET',
      path: (index) => `/explore/${shareIds[index % shareIds.length]}`,
      status: 200,
    }
    const discover: ReadRequest = {
      method: 'POST',
      path: () => '/discover',
      body: Buffer.from(JSON.stringify({ type: 'newest' })),
      status: 200,
    }
    const pageFigures = await measureTarget(server, page, shape, log, 'public page')
    const discoverFigures = await measureTarget(server, discover, shape, log, 'discover')
    const loadEnd = loadavg()[0] ?? 0
    const cores = availableParallelism()
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
    const crowded =
      Math.max(loadStart, loadEnd) > cores
        ? ' (above the core count: other work shared the machine, so times are inflated; the ratios, measured in the same minutes, hold better)'
        : ''
    return sharingReport({ page: pageFigures, discover: discoverFigures }, shape, {
      machine: `${cores} cores (${cpu}), Node ${process.version}; one-minute load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end${crowded}`,
      seconds: Math.round((Date.now() - started) / 1000),
      command: quick ? 'npm run bench -- sharing --quick' : 'npm run bench:sharing',
    })
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const sharingBenchmark: Benchmark = {
  name: 'sharing',
  heading: '## Sharing (public page HTML, discover feed; relay process, loopback)',
  run: measure,
}
