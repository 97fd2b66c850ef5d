// The relay memory soak (issue 12; docs/adr/031-relay-memory.md): a real relay process with a doc
// cache budget serves many users' page contents in turn, each user pushing theirs and reading them
// back, while its resident memory is sampled; half of the users then delete theirs. Then one
// account floods its library room with updates while GET /health is timed, against /health on the
// same relay idle. Resident memory must stay under the cache budget plus a fixed allowance; the
// stored log of the flooded doc must stay bounded (compacted as it grows).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { REPO_ROOT } from '../benchmarks-file'
import { keepAliveAgent, send } from './http-client'
import { REQUEST_TIMEOUT_MS, registerUsers, userAddress } from './load'
import { freePort, startServer, type ServerProcess } from './processes'
import { reportSoak, type SoakFigures, type SoakShape, type StoredFigures } from './soak-report'
import { measuredCommit } from '../git-commit'

const run = promisify(execFile)
const RELAY_SCRIPT = 'relay/src/server.ts'
const TOOLS_SCRIPT = 'relay/src/testing/soak-tools.ts'
const SQLITE_FILE = 'inkmark-relay.sqlite'
const RSS_SAMPLE_MS = 100

const FULL: SoakShape = {
  users: 200,
  pagesPerUser: 75,
  pageBytes: 8 * 1024,
  cacheMb: 32,
  allowanceMb: 256,
  heapMb: 160,
  idleMs: 2_000,
  healthSamples: 400,
  floodUpdates: 20_000,
  floodKeys: 50,
}
const QUICK: SoakShape = {
  ...FULL,
  users: 10,
  pagesPerUser: 10,
  healthSamples: 50,
  floodUpdates: 1_000,
}

/** A page's HTML of about `bytes`, different for every page. */
function pageHtml(user: number, page: number, bytes: number): string {
  const sentence = `<p>User ${user} page ${page}: ${randomBytes(24).toString('base64')} `
  return `<article>${sentence.repeat(Math.ceil(bytes / sentence.length))}</article>`
}

function pageEntity(user: number, page: number, bytes: number) {
  return {
    _id: `soak-${user}-${page}`,
    _objectStore: 'pagecontents',
    url: `https://example.com/${user}/${page}`,
    title: `Page ${page}`,
    content: pageHtml(user, page, bytes),
    createdAt: 1_700_000_000_000 + page,
  }
}

/** Samples a process's resident memory; `phase()` gives the peak since the last call. */
function sampleRss(relay: ServerProcess) {
  let peak = 0
  let phasePeak = 0
  const timer = setInterval(() => {
    relay.rss().then(
      (rss) => {
        peak = Math.max(peak, rss.rssBytes)
        phasePeak = Math.max(phasePeak, rss.rssBytes)
      },
      () => undefined,
    )
  }, RSS_SAMPLE_MS)
  return {
    phase: () => {
      const value = phasePeak
      phasePeak = 0
      return value
    },
    stop: () => {
      clearInterval(timer)
      return peak
    },
  }
}

async function tool(args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, TOOLS_SCRIPT), ...args],
    { cwd: REPO_ROOT, maxBuffer: 1024 * 1024 },
  )
  return JSON.parse(stdout) as unknown
}

function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? ''
  return String(
    (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { _id: string })._id,
  )
}

/** Each user in turn pushes its pages in batches of 20 and reads every one back. */
async function serveUsers(
  relay: ServerProcess,
  tokens: readonly string[],
  shape: SoakShape,
  log: (line: string) => void,
): Promise<{ requests: number; errors: number }> {
  const agent = keepAliveAgent(2)
  let requests = 0
  let errors = 0
  const call = async (user: number, method: 'GET' | 'POST', path: string, body?: unknown) => {
    requests += 1
    const response = await send({
      agent,
      origin: relay.origin,
      method,
      path,
      headers: { authorization: `Bearer ${tokens[user]}` },
      ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
      localAddress: userAddress(user),
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    if (response.status !== 200) {
      errors += 1
    }
    return response
  }
  try {
    for (let user = 0; user < tokens.length; user += 1) {
      for (let first = 0; first < shape.pagesPerUser; first += 20) {
        const entities = []
        for (let page = first; page < Math.min(shape.pagesPerUser, first + 20); page += 1) {
          entities.push(pageEntity(user, page, shape.pageBytes))
        }
        await call(user, 'POST', '/sync', { entities })
      }
      for (let page = 0; page < shape.pagesPerUser; page += 1) {
        const response = await call(user, 'GET', `/page-contents/html?_id=soak-${user}-${page}`)
        if (!response.body.toString('utf8').startsWith(`<article><p>User ${user} page ${page}:`)) {
          errors += 1
        }
      }
      if (user % 20 === 19) {
        log(`soak: served ${user + 1} users`)
      }
    }
    return { requests, errors }
  } finally {
    agent.destroy()
  }
}

/** Half of the users (the even ones) delete all their pages. */
async function deleteHalf(relay: ServerProcess, tokens: readonly string[], shape: SoakShape) {
  for (let user = 0; user < tokens.length; user += 2) {
    const entities = Array.from({ length: shape.pagesPerUser }, (_, page) => ({
      _id: `soak-${user}-${page}`,
      _objectStore: 'pagecontents',
    }))
    const body = Buffer.from(JSON.stringify({ entities }))
    // http-client.ts sends only GET and POST; a DELETE with a body goes through fetch.
    const response = await fetch(new URL('/sync', relay.origin), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
      body,
    })
    await response.arrayBuffer()
    if (!response.ok) {
      throw new Error(`DELETE /sync: ${response.status}`)
    }
  }
}

/** GET /health one at a time, `count` times or until `until` resolves; the latencies. */
async function timeHealth(relay: ServerProcess, count: number, until?: Promise<unknown>) {
  const agent = keepAliveAgent(1)
  let done = false
  void until?.finally(() => {
    done = true
  })
  const latencies: number[] = []
  try {
    while (until ? !done : latencies.length < count) {
      const response = await send({
        agent,
        origin: relay.origin,
        method: 'GET',
        path: '/health',
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
      if (response.status !== 200) {
        throw new Error(`GET /health: ${response.status}`)
      }
      latencies.push(response.ms)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return latencies
  } finally {
    agent.destroy()
  }
}

async function storedOf(dataDir: string, userId: string, prefix: string): Promise<StoredFigures> {
  return (await tool(['stored', join(dataDir, SQLITE_FILE), userId, prefix])) as StoredFigures
}

/** The stored page-content rows of every user (the flood's account has none). */
function storedPages(dataDir: string): Promise<StoredFigures> {
  return storedOf(dataDir, '*', 'pagecontent-')
}

async function soak(options: BenchmarkOptions): Promise<SoakFigures> {
  const shape = options.quick ? QUICK : FULL
  const { log } = options
  const dataDir = await mkdtemp(join(tmpdir(), 'inkmark-soak-'))
  const startedAt = new Date()
  const loadStart = loadavg()[0] ?? 0
  const relay = await startServer({
    script: RELAY_SCRIPT,
    port: await freePort(),
    readyPath: '/health',
    // The process runs under a fixed budget: V8's heap may not grow past `heapMb` (a relay that
    // kept what it served would die of it), and its RSS is measured against the budget.
    nodeFlags: [`--max-old-space-size=${shape.heapMb}`],
    env: {
      HOST: '127.0.0.1',
      INKMARK_DATA_DIR: dataDir,
      INKMARK_JWT_SECRET: randomBytes(32).toString('base64url'),
      INKMARK_DOC_CACHE_MB: String(shape.cacheMb),
      INKMARK_DOC_IDLE_MS: String(shape.idleMs),
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'production',
      INKMARK_NO_MAIL: '1',
      // The flood stands for the worst one account may send: unthrottled here, so the figures show
      // what the relay itself does with a backlog (the per-account limits of ADR 030 cut it short).
      INKMARK_LIMIT_ROOM_MESSAGES: '1000000',
      LOG_LEVEL: 'warn',
      // glibc's usual setting for Node services: scrypt in the thread pool otherwise leaves each
      // worker thread an arena of its own that is never given back.
      MALLOC_ARENA_MAX: '2',
    },
  })
  try {
    const ready = (await relay.rss()).rssBytes
    const sampler = sampleRss(relay)
    log(`soak: relay ready at ${(ready / 2 ** 20).toFixed(1)} MiB; timing /health while idle`)
    const healthIdle = await timeHealth(relay, shape.healthSamples)
    log(`soak: registering ${shape.users + 1} users`)
    const { tokens: all } = await registerUsers(relay, shape.users + 1, 2)
    const floodToken = all[shape.users]!
    const tokens = all.slice(0, shape.users)
    const registered = (await relay.rss()).rssBytes
    const peakRegistering = sampler.phase()
    const servedStarted = performance.now()
    const served = await serveUsers(relay, tokens, shape, log)
    const servedMs = performance.now() - servedStarted
    const afterServing = (await relay.rss()).rssBytes
    const peakServing = sampler.phase()
    const pagesBefore = await storedPages(dataDir)
    await deleteHalf(relay, tokens, shape)
    const pagesAfter = await storedPages(dataDir)
    const afterDeleting = (await relay.rss()).rssBytes
    sampler.phase()
    log('soak: flooding one room while timing /health')

    const floodUser = userIdOf(floodToken)
    const roomsUrl = `ws://127.0.0.1:${relay.origin.port}/rooms`
    const flood = tool([
      'flood',
      roomsUrl,
      floodToken,
      String(shape.floodUpdates),
      String(shape.floodKeys),
    ]) as Promise<{ updates: number; bytes: number; ms: number }>
    let floodPeakRows = 0
    let flooding = true
    const watchRows = (async () => {
      while (flooding) {
        floodPeakRows = Math.max(
          floodPeakRows,
          (await storedOf(dataDir, floodUser, 'library')).rows,
        )
      }
    })()
    const healthFlood = await timeHealth(relay, 0, flood)
    const sent = await flood
    // The relay may still be storing what was sent: wait until the log stops changing.
    let settled = await storedOf(dataDir, floodUser, 'library')
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const next = await storedOf(dataDir, floodUser, 'library')
      if (next.rows === settled.rows && next.bytes === settled.bytes) {
        break
      }
      settled = next
    }
    flooding = false
    await watchRows
    const afterFlood = (await relay.rss()).rssBytes
    const peakFlood = sampler.phase()
    const peak = Math.max(sampler.stop(), (await relay.rss()).peakBytes)
    return {
      shape,
      startedAt,
      commit: await measuredCommit('relay/src'),
      machine: `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}`,
      loadStart,
      loadEnd: loadavg()[0] ?? 0,
      rss: {
        ready,
        registered,
        afterServing,
        afterDeleting,
        afterFlood,
        peak,
        peakRegistering,
        peakServing,
        peakFlood,
      },
      served: { ...served, ms: servedMs },
      pagesBefore,
      pagesAfter,
      healthIdle,
      healthFlood,
      flood: { ...sent, peakRows: floodPeakRows, settled },
    }
  } finally {
    await relay.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const relaySoakBenchmark: Benchmark = {
  name: 'relay-soak',
  heading: '## Relay memory soak (issue 12)',
  async run(options: BenchmarkOptions): Promise<BenchmarkResult> {
    return reportSoak(await soak(options))
  },
}
