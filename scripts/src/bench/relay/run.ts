// The relay benchmark: the relay as its own process (`node --import tsx relay/src/server.ts`) on its
// embedded SQLite store in a temporary data directory, loaded from this process over loopback:
// 200 users register, push 1,000 entities each in batches of 20 (POST /sync), then pull them all
// on a second device (GET /sync?since= until hasMore is false). Twice, on fresh relays: 50 users in
// flight in a closed loop (throughput at saturation), then the users arriving at a fixed rate in
// an open loop (the latency goal's load; docs/adr/011-relay-load-model.md). The baseline is the
// same requests against a no-op Fastify server (noop-server.ts), in the same run, under the same
// loads. When the goal is missed, one more load runs under `--cpu-prof` to say what dominates.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import type { CpuProfile } from '../cpu-profile'
import { arrivalPhase, type ArrivalFigures, type ArrivalRate } from './arrivals'
import { percentile } from '../stats'
import { FULL_LOAD, QUICK_LOAD, userLibrary, type LoadShape, type UserLibrary } from './library'
import {
  PULL_PAGE,
  noopPullPhase,
  pullPhase,
  pushPhase,
  registerUsers,
  type PhaseFigures,
} from './load'
import { freePort, sampleMainThread, startServer, type Rss, type ServerProcess } from './processes'
import { profileCovers, profileWindow, summarizePhase } from './profile'
import {
  GOALS,
  reportRelayFigures,
  type ArrivalRun,
  type BaselineRun,
  type ProfileRun,
  type RelayFigures,
  type RelayRun,
} from './report'
import { measuredCommit } from '../git-commit'

const SEED = 20_240_316
const RELAY_SCRIPT = 'relay/src/server.ts'
const NOOP_SCRIPT = 'scripts/src/bench/relay/noop-server.ts'
/** How often the relay's main thread is looked at (running, or in which system call). */
const THREAD_SAMPLE_MS = 5
/** Registrations in flight at once (each one is an scrypt hash in the relay's thread pool). */
const REGISTER_CONCURRENCY = 8

/** Bytes of every file under `dir`. */
async function directorySize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? await directorySize(path) : (await stat(path)).size
  }
  return total
}

function startRelay(dataDir: string, port: number, nodeFlags: string[] = []) {
  return startServer({
    script: RELAY_SCRIPT,
    port,
    readyPath: '/health',
    nodeFlags,
    env: {
      HOST: '127.0.0.1',
      INKMARK_DATA_DIR: dataDir,
      INKMARK_JWT_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'production',
      // A production relay needs SMTP or this explicit choice to run without mail.
      INKMARK_NO_MAIL: '1',
      LOG_LEVEL: 'warn',
    },
  })
}

function describePhase(name: string, figures: PhaseFigures): string {
  const seconds = figures.wallMs / 1000
  return `relay: ${name}: ${figures.requests} requests in ${seconds.toFixed(1)} s (${Math.round(figures.entities / seconds)} entities/s), ${figures.errors} errors`
}

interface RelayLoad {
  run: Omit<RelayRun, 'storageBytes' | 'logged'>
  tokens: string[]
}

/** Registers, pushes and pulls on `relay`, reading its memory between the phases. */
async function loadRelay(
  relay: ServerProcess,
  libraries: readonly UserLibrary[],
  shape: LoadShape,
  log: (line: string) => void,
): Promise<RelayLoad> {
  const ready = await relay.rss()
  log(`relay: registering ${libraries.length} users`)
  const { tokens, figures: register } = await registerUsers(
    relay,
    libraries.length,
    REGISTER_CONCURRENCY,
  )
  log(`relay: registered in ${(register.wallMs / 1000).toFixed(1)} s`)
  const registered = await relay.rss()
  const pushSampler = sampleMainThread(relay.pid, THREAD_SAMPLE_MS)
  const push = await pushPhase(relay, libraries, tokens, shape, 'relay').finally(() =>
    pushSampler.stop(),
  )
  log(describePhase('push', push))
  const pushed = await relay.rss()
  const pullSampler = sampleMainThread(relay.pid, THREAD_SAMPLE_MS)
  const { figures: pull, pageBytes } = await pullPhase(relay, libraries, tokens, shape).finally(
    () => pullSampler.stop(),
  )
  log(describePhase('pull', pull))
  const pulled = await relay.rss()
  return {
    tokens,
    run: {
      register,
      push,
      pull,
      pageBytes,
      memory: { ready, registered, pushed, pulled },
      mainThread: {
        everyMs: THREAD_SAMPLE_MS,
        push: pushSampler.stop(),
        pull: pullSampler.stop(),
      },
    },
  }
}

/** The measured load on a fresh relay. */
async function measureRelay(
  workDir: string,
  libraries: readonly UserLibrary[],
  shape: LoadShape,
  log: (line: string) => void,
): Promise<RelayRun & { tokens: string[] }> {
  const dataDir = join(workDir, 'relay-data')
  const relay = await startRelay(dataDir, await freePort())
  log(`relay: started (pid ${relay.pid}) on ${relay.origin.origin}, data in ${dataDir}`)
  try {
    const { run, tokens } = await loadRelay(relay, libraries, shape, log)
    await relay.stop()
    const warnings = relay.stderr().trim()
    if (warnings !== '') {
      log(`relay: it logged:\n${warnings.slice(-2_000)}`)
    }
    return { ...run, storageBytes: await directorySize(dataDir), logged: warnings, tokens }
  } finally {
    await relay.stop()
  }
}

/** The same requests, with the same concurrency, against the no-op server. */
async function measureBaseline(
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  pageBytes: readonly (readonly number[])[],
  shape: LoadShape,
  log: (line: string) => void,
): Promise<BaselineRun> {
  const server = await startServer({
    script: NOOP_SCRIPT,
    port: await freePort(),
    readyPath: '/noop',
    env: { NODE_ENV: 'production' },
  })
  log(`baseline: no-op server started (pid ${server.pid}) on ${server.origin.origin}`)
  try {
    const ready = await server.rss()
    const push = await pushPhase(server, libraries, tokens, shape, 'noop')
    log(
      `baseline: POST /noop: ${push.requests} requests in ${(push.wallMs / 1000).toFixed(1)} s, ${push.errors} errors`,
    )
    const pull = await noopPullPhase(server, pageBytes, tokens, shape, false)
    log(
      `baseline: GET /noop: ${pull.requests} requests in ${(pull.wallMs / 1000).toFixed(1)} s, ${pull.errors} errors`,
    )
    const pullSized = await noopPullPhase(server, pageBytes, tokens, shape, true)
    log(
      `baseline: GET /noop?bytes=: ${pullSized.requests} requests in ${(pullSized.wallMs / 1000).toFixed(1)} s, ${pullSized.errors} errors`,
    )
    return { push, pull, pullSized, memory: { ready, end: await server.rss() } }
  } finally {
    await server.stop()
  }
}

/** The open loop on a fresh relay, then on the no-op server with the same arrivals. */
async function measureArrivals(
  workDir: string,
  libraries: readonly UserLibrary[],
  shape: LoadShape,
  log: (line: string) => void,
): Promise<ArrivalRun> {
  const rate: ArrivalRate = {
    usersPerSecond: shape.users / shape.arrivalWindowSeconds,
    seed: SEED,
  }
  const describe = (name: string, figures: ArrivalFigures) =>
    `${name}: arrivals: ${figures.push.requests} POST and ${figures.pull.requests} GET in ${(figures.wallMs / 1000).toFixed(1)} s, at most ${figures.usersActive.max} users active, ${figures.push.errors + figures.pull.errors} errors`
  const relay = await startRelay(join(workDir, 'arrivals-data'), await freePort())
  let relayFigures: ArrivalFigures
  let peak: Rss
  let tokens: string[]
  try {
    log(
      `relay: arrivals: registering ${libraries.length} users on a fresh relay (pid ${relay.pid})`,
    )
    ;({ tokens } = await registerUsers(relay, libraries.length, REGISTER_CONCURRENCY))
    log(`relay: arrivals: ${rate.usersPerSecond.toFixed(2)} users per second`)
    relayFigures = await arrivalPhase(relay, libraries, tokens, shape.batchSize, rate)
    peak = await relay.rss()
    log(describe('relay', relayFigures))
  } finally {
    await relay.stop()
  }
  const server = await startServer({
    script: NOOP_SCRIPT,
    port: await freePort(),
    readyPath: '/noop',
    env: { NODE_ENV: 'production' },
  })
  try {
    const baseline = await arrivalPhase(server, libraries, tokens, shape.batchSize, rate, {
      pageBytes: relayFigures.pageBytes,
    })
    log(describe('baseline', baseline))
    return { rate, relay: relayFigures, baseline, relayMemory: peak }
  } finally {
    await server.stop()
  }
}

/**
 * The load again, on a fresh relay under `--cpu-prof`, with as many users as are in flight at once
 * (the same concurrency, a shorter run). The profile is written when the relay exits.
 */
async function profileRelay(
  workDir: string,
  libraries: readonly UserLibrary[],
  shape: LoadShape,
  log: (line: string) => void,
): Promise<ProfileRun> {
  const users = libraries.slice(0, shape.concurrency)
  const dataDir = join(workDir, 'profile-data')
  const profileDir = join(workDir, 'cpu-profile')
  const relay = await startRelay(dataDir, await freePort(), [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ])
  log(`relay: profiling ${users.length} users under --cpu-prof (pid ${relay.pid})`)
  let run: RelayLoad['run']
  try {
    run = (await loadRelay(relay, users, shape, log)).run
  } finally {
    await relay.stop()
  }
  const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'))
  if (!file) {
    throw new Error(`The relay wrote no CPU profile in ${profileDir}`)
  }
  const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8')) as CpuProfile
  const windowOf = (phase: PhaseFigures) =>
    profileCovers(profile, phase.startMicros) && profileCovers(profile, phase.endMicros)
      ? summarizePhase(profileWindow(profile, phase.startMicros, phase.endMicros))
      : undefined
  return {
    users: users.length,
    push: run.push,
    pull: run.pull,
    pushProfile: windowOf(run.push),
    pullProfile: windowOf(run.pull),
    wholeProfile: summarizePhase(profile),
  }
}

async function runRelayBenchmark(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const started = Date.now()
  const loadAtStart = loadavg()[0] ?? 0
  const shape = quick ? QUICK_LOAD : FULL_LOAD
  log(
    `relay: generating ${shape.users} users x ${shape.entitiesPerUser} entities (batches of ${shape.batchSize})`,
  )
  const libraries = Array.from({ length: shape.users }, (_, user) => userLibrary(SEED, user, shape))
  const workDir = await mkdtemp(join(tmpdir(), 'inkmark-bench-relay-'))
  try {
    const relay = await measureRelay(workDir, libraries, shape, log)
    const loadAfterRelay = loadavg()[0] ?? 0
    const baseline = await measureBaseline(libraries, relay.tokens, relay.pageBytes, shape, log)
    const arrivals = await measureArrivals(workDir, libraries, shape, log)
    const missed = (['push', 'pull'] as const).some(
      (phase) => percentile(arrivals.relay[phase].latenciesMs, 99) >= GOALS.maxP99Ms,
    )
    // The profile explains a miss; failing to get one must not lose the measurements.
    const profile = missed
      ? await profileRelay(workDir, libraries, shape, log).catch((error: unknown) => {
          log(`relay: no profile: ${error instanceof Error ? error.message : String(error)}`)
          return undefined
        })
      : undefined
    const { tokens: _tokens, ...relayRun } = relay
    const figures: RelayFigures = {
      date: new Date().toISOString(),
      quick,
      seed: SEED,
      shape,
      pullPage: PULL_PAGE,
      registerConcurrency: REGISTER_CONCURRENCY,
      library: {
        bookmarks: libraries.reduce((sum, library) => sum + library.bookmarks, 0),
        marks: libraries.reduce((sum, library) => sum + library.marks, 0),
        entityBytes: libraries.reduce((sum, library) => sum + library.entityBytes, 0),
        requests: libraries.reduce((sum, library) => sum + library.batches.length, 0),
        requestBytes: libraries.reduce(
          (sum, library) => sum + library.batches.reduce((bytes, batch) => bytes + batch.length, 0),
          0,
        ),
      },
      machine: {
        cpus: availableParallelism(),
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        memoryBytes: totalmem(),
        node: process.version,
        commit: await measuredCommit('relay/src'),
        loadAverage: [loadAtStart, loadAfterRelay],
      },
      relay: relayRun,
      baseline,
      arrivals,
      profile,
      totalSeconds: (Date.now() - started) / 1000,
    }
    return reportRelayFigures(figures)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The relay benchmark: /sync push and pull under load, against a no-op Fastify baseline. */
export const relayBenchmark: Benchmark = {
  name: 'relay',
  heading: '## Relay (/sync under load)',
  run: runRelayBenchmark,
}
