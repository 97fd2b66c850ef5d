// The relay cluster benchmark (issue 21): simulated devices, half syncing over REST and half
// holding live rooms, against the local cluster (PostgreSQL, relay instances, HAProxy; run as a
// program, cluster-process.ts) with one instance and then with three, at the same offered load.
// Measured in each: /sync latency, live propagation (to the same instance with one, across
// instances with three), database statements and CPU per request, relay memory per connected
// device; with three, what clients see when an instance dies (failover.ts). The one-instance run
// is the baseline the three-instance figures are compared with.
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { startCluster, type ClusterProcess } from './cluster-process'
import { LiveDevice, RestDevice, registerAccounts, roomTraffic, type Account } from './devices'
import { measureFailover } from './failover'
import { restPhase } from './load'
import {
  reportClusterFigures,
  type ClusterFigures,
  type ClusterRun,
  type ClusterShape,
} from './report'
import { cpuBetween, readStackCpu, relayRss, type StackProcesses } from './stack-usage'
import { openStatementCounter } from './statements'
import { measuredCommit } from '../git-commit'

const SEED = 20_250_521
/** Registrations in flight at once (each one is an scrypt hash on a relay). */
const REGISTER_CONCURRENCY = 8
/** Live devices connecting at once (a ticket, an upgrade and the room's doc loaded). */
const CONNECT_CONCURRENCY = 20
const CONNECT_LIMIT_MS = 60_000
/** The instance killed in the failover (any but the first would do). */
const KILLED_INSTANCE = 1

/** The load: 500 accounts with 2 REST and 2 live devices each, 2,000 devices. */
const FULL_SHAPE: ClusterShape = {
  accounts: 500,
  restPerAccount: 2,
  livePerAccount: 2,
  secondsBetweenPosts: 10,
  warmupSeconds: 10,
  idleSeconds: 10,
  phaseSeconds: 60,
  propagationWaitMs: 10_000,
  failoverBeforeSeconds: 5,
  failoverAfterSeconds: 25,
}

/** A small load to check the benchmark itself. */
const QUICK_SHAPE: ClusterShape = {
  ...FULL_SHAPE,
  accounts: 25,
  warmupSeconds: 1,
  idleSeconds: 2,
  phaseSeconds: 6,
  failoverBeforeSeconds: 1,
  failoverAfterSeconds: 5,
}

/** Runs `task` for every item, `concurrency` at once. */
async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next]!
        next += 1
        await task(item)
      }
    }),
  )
}

interface Devices {
  rest: RestDevice[]
  live: LiveDevice[]
}

/**
 * Each account's devices: REST device 0 writes to the account's home instance (account % N)
 * directly, and live device 0, pinned to the next instance, times those writes' propagation;
 * REST device 1 and live device 1 go through HAProxy.
 */
function makeDevices(cluster: ClusterProcess, accounts: readonly Account[]): Devices {
  const instances = cluster.instanceUrls.length
  const rest: RestDevice[] = []
  const live: LiveDevice[] = []
  for (const account of accounts) {
    const home = account.index % instances
    const pinned = (home + 1) % instances
    const watcher = new LiveDevice(account, cluster.instanceUrls[pinned]!, false, pinned)
    live.push(watcher, new LiveDevice(account, cluster.url, true, undefined))
    rest.push(
      new RestDevice(account, new URL(cluster.instanceUrls[home]!), false, watcher),
      new RestDevice(account, new URL(cluster.url), true),
    )
  }
  return { rest, live }
}

/** One cluster run: register, connect, warm up, measure, and with several instances kill one. */
async function measureCluster(
  instances: number,
  shape: ClusterShape,
  log: (line: string) => void,
): Promise<ClusterRun> {
  const name = `cluster(${instances})`
  const started = performance.now()
  const cluster = await startCluster({
    instances,
    // A relay behind a proxy must say whom it trusts for the client's address (ADR 030); the
    // devices send theirs as X-Forwarded-For, as HAProxy would add it.
    env: { INKMARK_TRUST_PROXY: 'loopback' },
    postgresSettings: ['shared_preload_libraries=pg_stat_statements'],
  })
  log(
    `${name}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s: HAProxy ${cluster.url}, relays ${cluster.relayPids().join(', ')}`,
  )
  let devices: Devices = { rest: [], live: [] }
  // Every y-websocket provider adds a listener for the process's exit: not a leak here.
  const maxListeners = process.getMaxListeners()
  process.setMaxListeners(maxListeners + shape.accounts * shape.livePerAccount)
  let counter: Awaited<ReturnType<typeof openStatementCounter>> | undefined
  try {
    counter = await openStatementCounter(cluster.databaseUrl)
    const stack: StackProcesses = {
      relayPids: () => cluster.relayPids(),
      launcherPid: cluster.pid,
      postgresPort: Number(new URL(cluster.databaseUrl).port),
    }
    log(`${name}: registering ${shape.accounts} accounts`)
    const registerStarted = performance.now()
    const accounts = await registerAccounts(
      cluster.instanceUrls,
      shape.accounts,
      REGISTER_CONCURRENCY,
      SEED,
    )
    const registerSeconds = (performance.now() - registerStarted) / 1000
    log(`${name}: registered in ${registerSeconds.toFixed(1)} s`)
    const idleBytes = await relayRss(cluster.relayPids())
    devices = makeDevices(cluster, accounts)
    log(`${name}: connecting ${devices.live.length} live devices`)
    const connectStarted = performance.now()
    let connectFailures = 0
    await inPool(devices.live, CONNECT_CONCURRENCY, (device) =>
      device.open(CONNECT_LIMIT_MS).catch((error: unknown) => {
        connectFailures += 1
        log(`${name}: ${error instanceof Error ? error.message : String(error)}`)
      }),
    )
    const connectSeconds = (performance.now() - connectStarted) / 1000
    const connectedBytes = await relayRss(cluster.relayPids())
    log(
      `${name}: connected in ${connectSeconds.toFixed(1)} s; warming up for ${shape.warmupSeconds} s`,
    )
    const load = (seconds: number, seed: number) =>
      restPhase(devices.rest, {
        seconds,
        secondsBetweenPosts: shape.secondsBetweenPosts,
        seed,
        propagationWaitMs: shape.propagationWaitMs,
      })
    await load(shape.warmupSeconds, SEED + 1)

    // The cluster with every live device connected and no REST load: what time alone costs.
    log(`${name}: idle for ${shape.idleSeconds} s`)
    await counter.reset()
    const idleBefore = await readStackCpu(stack)
    const idleStarted = performance.now()
    await new Promise((resolve) => setTimeout(resolve, shape.idleSeconds * 1000))
    const idleStatements = await counter.read()
    const idleCpu = cpuBetween(idleBefore, await readStackCpu(stack))
    const idle = {
      ms: performance.now() - idleStarted,
      cpu: idleCpu,
      statements: idleStatements.total - idleStatements.readiness,
    }

    await counter.reset()
    const cpuBefore = await readStackCpu(stack)
    const windowStarted = performance.now()
    const generatorBefore = process.cpuUsage()
    const trafficBefore = { ...roomTraffic }
    log(
      `${name}: measuring for ${shape.phaseSeconds} s (${devices.rest.length / shape.secondsBetweenPosts} POST /sync per second offered)`,
    )
    const figures = await load(shape.phaseSeconds, SEED + 2)
    const statements = await counter.read()
    const cpu = cpuBetween(cpuBefore, await readStackCpu(stack))
    const windowMs = performance.now() - windowStarted
    const generator = process.cpuUsage(generatorBefore)
    const endBytes = await relayRss(cluster.relayPids())
    log(
      `${name}: ${figures.served} served, ${figures.errors} errors, ${figures.propagationMs.length} propagations timed, ${figures.notPropagated} not propagated`,
    )
    const failover =
      instances > KILLED_INSTANCE
        ? await measureFailover({
            cluster,
            instance: KILLED_INSTANCE,
            restDevices: devices.rest,
            liveDevices: devices.live,
            beforeSeconds: shape.failoverBeforeSeconds,
            afterSeconds: shape.failoverAfterSeconds,
            secondsBetweenPosts: shape.secondsBetweenPosts,
            seed: SEED + 3,
            log: (line) => log(`${name}: ${line.replace(/^cluster: /, '')}`),
          })
        : undefined
    return {
      instances,
      registerSeconds,
      connectSeconds,
      connectFailures,
      liveDevices: devices.live.length,
      restDevices: devices.rest.length,
      rss: { idleBytes, connectedBytes, endBytes },
      load: figures,
      cpu,
      windowMs,
      idle,
      generatorCpuMs: (generator.user + generator.system) / 1000,
      statements,
      roomTraffic: {
        messages: roomTraffic.messages - trafficBefore.messages,
        bytes: roomTraffic.bytes - trafficBefore.bytes,
      },
      failover,
    }
  } catch (error) {
    log(`${name}: the cluster logged:\n${cluster.stderr().slice(-3_000)}`)
    throw error
  } finally {
    for (const device of devices.live) {
      device.close()
    }
    for (const device of devices.rest) {
      device.close()
    }
    process.setMaxListeners(maxListeners)
    await counter?.close().catch(() => undefined)
    const closeStarted = performance.now()
    await cluster.close()
    log(`${name}: closed in ${((performance.now() - closeStarted) / 1000).toFixed(1)} s`)
  }
}

async function runClusterBenchmark(options: BenchmarkOptions): Promise<BenchmarkResult> {
  const { log, quick } = options
  const started = Date.now()
  const loadAtStart = loadavg()[0] ?? 0
  const shape = quick ? QUICK_SHAPE : FULL_SHAPE
  const one = await measureCluster(1, shape, log)
  const three = await measureCluster(3, shape, log)
  const figures: ClusterFigures = {
    date: new Date().toISOString(),
    quick,
    seed: SEED,
    shape,
    registerConcurrency: REGISTER_CONCURRENCY,
    machine: {
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      memoryBytes: totalmem(),
      node: process.version,
      commit: await measuredCommit('relay/src'),
      loadAverage: [loadAtStart, loadavg()[0] ?? 0],
    },
    runs: [one, three],
    totalSeconds: (Date.now() - started) / 1000,
  }
  return reportClusterFigures(figures)
}

/** The relay cluster benchmark: one instance against three on PostgreSQL, and an instance dying. */
export const relayClusterBenchmark: Benchmark = {
  name: 'relay-cluster',
  heading: '## Relay cluster (several instances on PostgreSQL)',
  run: runClusterBenchmark,
}
