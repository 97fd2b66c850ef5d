// Turns the cluster benchmark's raw figures into a terminal table and the Markdown section of
// BENCHMARKS.md: one instance against three at the same offered load (the one-instance run is the
// baseline, measured in the same benchmark), the costs per request from which more machines can
// be worked out on paper, and what clients saw when an instance died. Failures are only real
// ones: more than 1% of requests failing or of timed writes not reaching the live device, clients
// never served again, or an acknowledged write missing from a live device.
import { LIVE_MAX_BACKOFF_MS } from '@inkmark/shared'
import type { BenchmarkResult } from '../benchmark'
import { formatBytes, formatCount, formatMs, markdownTable, percentile, textTable } from '../stats'
import type { FailoverFigures } from './failover'
import type { LoadFigures } from './load'
import type { StackCpu } from './stack-usage'
import type { StatementCounts } from './statements'

/** The share of failed requests (or writes not propagated) that is a failure of the run. */
const MAX_FAILED_SHARE = 0.01

export interface ClusterShape {
  accounts: number
  restPerAccount: number
  livePerAccount: number
  /** Each REST device posts once in this many seconds on average. */
  secondsBetweenPosts: number
  warmupSeconds: number
  /** Seconds with every live device connected and no REST load, to know what time alone costs. */
  idleSeconds: number
  phaseSeconds: number
  /** How long the end of a phase waits for writes to reach the live devices. */
  propagationWaitMs: number
  failoverBeforeSeconds: number
  failoverAfterSeconds: number
}

export interface ClusterRun {
  instances: number
  registerSeconds: number
  connectSeconds: number
  /** Live devices whose room had not synced within the connect limit. */
  connectFailures: number
  liveDevices: number
  restDevices: number
  /** The relays' RSS, summed: registered but no live device, all live devices in, after the load. */
  rss: { idleBytes: number; connectedBytes: number; endBytes: number }
  load: LoadFigures
  /** CPU of each part of the cluster during the measured phase, which lasted `windowMs`. */
  cpu: StackCpu
  windowMs: number
  /** The idle window: its length, CPU, and statements (readiness pings left out). */
  idle: { ms: number; cpu: StackCpu; statements: number }
  generatorCpuMs: number
  statements: StatementCounts
  /** What the live devices received during the measured phase. */
  roomTraffic: { messages: number; bytes: number }
  failover: FailoverFigures | undefined
}

export interface ClusterFigures {
  date: string
  quick: boolean
  seed: number
  shape: ClusterShape
  /** Registrations in flight at once. */
  registerConcurrency: number
  machine: {
    cpus: number
    cpuModel: string
    memoryBytes: number
    node: string
    commit: string
    /** One-minute load average at the start and at the end. */
    loadAverage: [number, number]
  }
  /** The one-instance run (the baseline), then the three-instance run. */
  runs: [ClusterRun, ClusterRun]
  totalSeconds: number
}

const p = (values: readonly number[], rank: number) => percentile(values, rank)
const latencies = (run: ClusterRun) => [
  ...run.load.latenciesMs.direct,
  ...run.load.latenciesMs.proxy,
]
const perRequest = (total: number, run: ClusterRun) => total / Math.max(1, run.load.served)
const statementsPerRequest = (run: ClusterRun) =>
  perRequest(run.statements.total - run.statements.readiness, run)
type Part = 'relayMs' | 'postgresMs' | 'haproxyMs'
const PARTS: readonly Part[] = ['relayMs', 'postgresMs', 'haproxyMs']
/** CPU ms a second of `part` while idle (live devices connected, no REST load). */
const idlePerSecond = (run: ClusterRun, part: Part) => run.idle.cpu[part] / (run.idle.ms / 1000)
/** CPU ms of `part` per request, less what the phase's length would have cost idle. */
const aboveIdle = (run: ClusterRun, part: Part) =>
  perRequest(run.cpu[part] - (idlePerSecond(run, part) * run.windowMs) / 1000, run)
const stackAboveIdle = (run: ClusterRun) =>
  PARTS.reduce((sum, part) => sum + aboveIdle(run, part), 0)
const idleStatementsPerSecond = (run: ClusterRun) => run.idle.statements / (run.idle.ms / 1000)
const plural = (count: number, word: string) =>
  `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`
const rssPerLive = (run: ClusterRun) =>
  (run.rss.connectedBytes - run.rss.idleBytes) / Math.max(1, run.liveDevices - run.connectFailures)
const instancesName = (run: ClusterRun) =>
  `${run.instances} instance${run.instances === 1 ? '' : 's'}`
const propagationName = (run: ClusterRun) =>
  run.instances === 1 ? 'same instance' : 'across instances'

/** Bytes, negative ones too (RSS can shrink when a collection runs meanwhile). */
const signedBytes = (bytes: number) =>
  `${bytes < 0 ? '-' : ''}${formatBytes(Math.round(Math.abs(bytes)))}`

const signedMs = (ms: number) => (ms < 0 ? `-${formatMs(-ms)}` : formatMs(ms))

function ratio(one: number, three: number): string {
  return Number.isFinite(one) && Number.isFinite(three) && one > 0
    ? `${(three / one).toFixed(2)}x`
    : 'n/a'
}

function cpuMs(ms: number): string {
  return Number.isFinite(ms) ? formatMs(ms) : 'n/a'
}

function share(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((part / whole) * 100).toFixed(part === 0 ? 0 : 2)}%`
}

/** The comparison rows: what, 1 instance, 3 instances, 3 / 1. */
function comparisonRows(figures: ClusterFigures): string[][] {
  const [one, three] = figures.runs
  const row = (
    label: string,
    value: (run: ClusterRun) => number,
    format: (value: number) => string,
    compare = true,
  ) => [
    label,
    format(value(one)),
    format(value(three)),
    compare ? ratio(value(one), value(three)) : '',
  ]
  const text = (label: string, value: (run: ClusterRun) => string) => [
    label,
    value(one),
    value(three),
    '',
  ]
  return [
    text(
      'Offered load',
      (run) =>
        `${formatCount(run.load.offeredPerSecond)} POST /sync/s, ${run.load.seconds} s, ${formatCount(run.restDevices)} REST + ${formatCount(run.liveDevices)} live devices`,
    ),
    text(
      'POST /sync served / errors',
      (run) =>
        `${formatCount(run.load.served)} / ${formatCount(run.load.errors)} (${share(run.load.errors, run.load.sent)})`,
    ),
    row('POST /sync p50', (run) => p(latencies(run), 50), formatMs),
    row('POST /sync p99', (run) => p(latencies(run), 99), formatMs),
    text(
      'p99 direct / via HAProxy',
      (run) =>
        `${formatMs(p(run.load.latenciesMs.direct, 99))} / ${formatMs(p(run.load.latenciesMs.proxy, 99))}`,
    ),
    text('Live propagation', propagationName),
    row('Propagation p50', (run) => p(run.load.propagationMs, 50), formatMs),
    row('Propagation p99', (run) => p(run.load.propagationMs, 99), formatMs),
    text(
      'Not propagated / timed',
      (run) =>
        `${formatCount(run.load.notPropagated)} / ${formatCount(run.load.propagationMs.length + run.load.notPropagated)}`,
    ),
    row('DB statements per request', statementsPerRequest, (value) => value.toFixed(2)),
    row('DB statements per second idle', idleStatementsPerSecond, (value) => value.toFixed(1)),
    row('Relay CPU per request', (run) => perRequest(run.cpu.relayMs, run), cpuMs),
    row('PostgreSQL CPU per request', (run) => perRequest(run.cpu.postgresMs, run), cpuMs),
    row('HAProxy CPU per request', (run) => perRequest(run.cpu.haproxyMs, run), cpuMs),
    text('Idle CPU per s: relays / PG / HAProxy', (run) =>
      PARTS.map((part) => cpuMs(idlePerSecond(run, part))).join(' / '),
    ),
    row('CPU per request above idle, all', stackAboveIdle, cpuMs),
    row('Generator CPU per request', (run) => perRequest(run.generatorCpuMs, run), cpuMs, false),
    row('Relay RSS per live device', rssPerLive, signedBytes),
    row('Relay RSS, all instances', (run) => run.rss.connectedBytes, formatBytes),
    row('Requests sent late, p99', (run) => p(run.load.lateMs, 99), formatMs, false),
  ]
}

const spread = (values: readonly number[]) =>
  values.length === 0
    ? 'none'
    : `p50 ${formatMs(p(values, 50))}, max ${formatMs(Math.max(...values))}`

/** What clients saw when the instance died: what, measured. */
function failoverRows(failover: FailoverFigures): string[][] {
  return [
    [
      'REST devices (all through HAProxy)',
      `${formatCount(failover.restDevices)}; ${formatCount(failover.sentAfterKill)} requests sent after the kill (failed tries before it: ${formatCount(failover.failedBeforeKill)})`,
    ],
    [
      'Failed tries after the kill',
      `${formatCount(failover.failedTries)} on ${plural(failover.failedDevices, 'device')}${failover.lastFailureMs === undefined ? '' : `, the last ${formatMs(failover.lastFailureMs)} after the kill`}`,
    ],
    [
      'Kill until served again (devices that failed)',
      `${spread(failover.restServedAgainMs)}; never served: ${failover.restNeverServed}`,
    ],
    [
      'Live devices through HAProxy',
      `${formatCount(failover.liveViaProxy)}; ${formatCount(failover.liveDisconnected)} lost their socket`,
    ],
    [
      'Kill until their room synced again',
      `${spread(failover.liveBackMs)}; never: ${failover.liveNeverBack}`,
    ],
    [
      `Live devices pinned to instance ${failover.instance}`,
      `${formatCount(failover.pinned)}; restart took ${formatMs(failover.restartMs)}`,
    ],
    [
      'Instance ready until they synced again',
      `${spread(failover.pinnedBackMs)}; never: ${failover.pinnedNeverBack}`,
    ],
    [
      'Acknowledged bookmarks missing from live devices',
      `${formatCount(failover.missingInLiveDevices)} (${formatCount(failover.storedBookmarks)} acknowledged, each looked for on its account's live devices: ${formatCount(failover.liveDevicesChecked)} in all)`,
    ],
  ]
}

function failedGoalsOf(figures: ClusterFigures): string[] {
  const failed: string[] = []
  for (const run of figures.runs) {
    const name = instancesName(run)
    if (run.load.errors > MAX_FAILED_SHARE * run.load.sent) {
      failed.push(
        `${name}: ${run.load.errors} of ${run.load.sent} POST /sync failed (more than 1%): ${run.load.errorSamples.join('; ')}`,
      )
    }
    const timed = run.load.propagationMs.length + run.load.notPropagated
    if (run.load.notPropagated > MAX_FAILED_SHARE * timed) {
      failed.push(
        `${name}: ${run.load.notPropagated} of ${timed} writes had not reached the live device ${formatMs(figures.shape.propagationWaitMs)} after the load (more than 1%)`,
      )
    }
    if (run.connectFailures > 0) {
      failed.push(`${name}: ${run.connectFailures} live devices never got their room synced`)
    }
    const failover = run.failover
    if (failover) {
      if (failover.restNeverServed > 0) {
        failed.push(
          `${name}: ${failover.restNeverServed} REST devices never served again after instance ${failover.instance} died`,
        )
      }
      if (failover.liveNeverBack > 0 || failover.pinnedNeverBack > 0) {
        failed.push(
          `${name}: ${failover.liveNeverBack + failover.pinnedNeverBack} live devices never synced again after instance ${failover.instance} died`,
        )
      }
      if (failover.missingInLiveDevices > 0) {
        failed.push(
          `${name}: ${failover.missingInLiveDevices} acknowledged bookmarks missing from live devices after the failover`,
        )
      }
    }
  }
  return failed
}

/** Requests a second one core gives, at `ms` of CPU each. */
const perCore = (ms: number) =>
  ms > 0 && Number.isFinite(ms) ? formatCount(Math.round(1000 / ms)) : 'n/a'

function onPaper(figures: ClusterFigures): string {
  const [, three] = figures.runs
  const costs = PARTS.map((part) => aboveIdle(three, part))
  const [relay, postgres, haproxy] = costs as [number, number, number]
  const idle = PARTS.map((part) => idlePerSecond(three, part))
  return `On paper, from the three-instance run. Time alone costs: with the ${formatCount(three.liveDevices)} live devices connected and no REST load, the relays used ${cpuMs(idle[0]!)} of CPU a second (all three; readiness checks, the live devices' awareness renewals every 15 s, timers), PostgreSQL ${cpuMs(idle[1]!)} and HAProxy ${cpuMs(idle[2]!)}. Above that, a POST /sync cost ${cpuMs(relay)} of relay CPU, ${cpuMs(postgres)} of PostgreSQL CPU and ${cpuMs(haproxy)} of HAProxy CPU (half the requests went through it), and ${statementsPerRequest(three).toFixed(2)} statements sent to the database (its room broadcasts and the other instances' catch-ups included). So a core gives about ${perCore(relay)} such requests a second to relays, ${perCore(postgres)} to PostgreSQL and ${perCore(haproxy)} to HAProxy, as long as nothing else is the limit (the database's disk: PostgreSQL runs here with fsync off; the network: here it is loopback). Figures from a machine whose cores were busy with other work are inflated (a process waiting for a core costs no CPU, but caches and frequency suffer).`
}

/** The terminal table and the Markdown section. */
export function reportClusterFigures(figures: ClusterFigures): BenchmarkResult {
  const { shape, machine } = figures
  const [one, three] = figures.runs
  const header = ['', instancesName(one), instancesName(three), '3 / 1']
  const rows = comparisonRows(figures)
  const failover = three.failover
  const devices = shape.accounts * (shape.restPerAccount + shape.livePerAccount)
  const table = [
    `Relay cluster: ${formatCount(shape.accounts)} accounts x (${shape.restPerAccount} REST + ${shape.livePerAccount} live) = ${formatCount(devices)} devices, one POST /sync per REST device every ${shape.secondsBetweenPosts} s on average${figures.quick ? ' (quick)' : ''}`,
    '',
    textTable(header, rows),
    ...(failover
      ? [
          '',
          `Instance ${failover.instance} killed (SIGKILL):`,
          textTable(['', ''], failoverRows(failover)),
        ]
      : []),
  ].join('\n')

  const busy = machine.loadAverage[0] >= machine.cpus
  const markdown = [
    `Last run: ${figures.date.slice(0, 16).replace('T', ' ')} UTC, commit ${machine.commit}, \`npm run bench:cluster\`${figures.quick ? ' --quick (not a real measurement)' : ''} (${Math.round(figures.totalSeconds)} s in all).`,
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${formatBytes(machine.memoryBytes)} RAM; Node ${machine.node}. One-minute load average ${machine.loadAverage[0].toFixed(1)} at the start${busy ? ' (other work was running, so times are inflated)' : ''} and ${machine.loadAverage[1].toFixed(1)} at the end. Everything runs on this machine: PostgreSQL, the relay instances, HAProxy and the load generator share its ${machine.cpus} cores, so with three instances the relays compete for the same cores, and latency cannot show what three machines would; the costs per request below are what tells that.`,
    '',
    `The cluster is the local one of \`npm run start:cluster\` (relay/src/cluster/local-cluster-cli.ts, run as a program): a throwaway PostgreSQL (fsync off, synchronous_commit on, pg_stat_statements preloaded), relay instances as \`node --import tsx relay/src/server.ts\` (NODE_ENV unset, as the local cluster's dev outbox requires; LOG_LEVEL=warn) and HAProxy in front (leastconn, readiness checks every second). Twice, on a fresh cluster each time: with one instance, the baseline, and with three. The relays are started with INKMARK_TRUST_PROXY=loopback, as a relay behind a proxy must be (ADR 030), and every account's devices send X-Forwarded-For with an address of their own (198.18.x.y), as the proxy would: the relay limits registrations and room tickets per address. No limit is raised.`,
    '',
    `Load (seed ${figures.seed}): ${formatCount(shape.accounts)} accounts, registered first (${one.registerSeconds.toFixed(1)} s and ${three.registerSeconds.toFixed(1)} s, ${figures.registerConcurrency} at a time), each with ${shape.restPerAccount} REST devices and ${shape.livePerAccount} live devices: ${formatCount(devices)} devices. A REST device posts one POST /sync of two new entities (a bookmark and a highlight on it, the store benchmark's texts) every ${shape.secondsBetweenPosts} s on average, at seeded exponential intervals: an open loop of ${formatCount(one.load.offeredPerSecond)} requests a second whatever the relays' speed, for ${shape.phaseSeconds} s, after a ${shape.warmupSeconds} s warm-up and ${shape.idleSeconds} s with every live device connected and no REST load (what time alone costs). A live device holds the account's library doc in its live room as the apps do (y-websocket's WebsocketProvider on \`ws\`, a fresh room ticket per connection, the apps' back-off). Each account's first REST device writes to its home instance's own address (account number mod instances) and its first live device is connected to the next instance's own address, so with three instances every timed write crosses instances (through PostgreSQL's update log and the cluster bus); with one, the same devices are on the same instance. The second REST device and the second live device go through HAProxy. Propagation runs from sending the POST until the bookmark is in the live device's doc (requests and room are timed in the same process); a write not there ${shape.propagationWaitMs / 1000} s after the load counts as not propagated. Timed from the POST's answer instead, propagation p50 was ${signedMs(p(one.load.propagationAfterAnswerMs, 50))} with one instance and ${signedMs(p(three.load.propagationAfterAnswerMs, 50))} with three (below zero: the room delivered the write before the answer arrived).`,
    '',
    markdownTable(header, rows),
    '',
    `Latency is measured by the load generator, from sending a request to the last byte of its answer. "Requests sent late" is how far behind its schedule the generator sent (a busy generator offers less than stated). Database statements are counted by pg_stat_statements over the measured phase (every top-level statement, BEGIN and COMMIT included: one round trip each), without the readiness checks' \`SELECT 1\` (${formatCount(one.statements.readiness)} and ${formatCount(three.statements.readiness)}: HAProxy asks each instance once a second), divided by the POST /sync served; what the cluster sends with no load is the idle row; what the live devices cost in the database (a room catching up from the update log after another instance's write) is counted in. CPU is each process's user and system time from /proc over the phase (relays: every thread of every instance; PostgreSQL: the postmaster and its backends), divided by the POST /sync served; "above idle" first takes away what the idle window cost for as long as the phase lasted. RSS per live device is the relays' RSS with every live device connected less their RSS before the first one, over the live devices (their docs are small: the accounts are new); after the load the relays held ${formatBytes(one.rss.endBytes)} and ${formatBytes(three.rss.endBytes)}. The live devices received ${formatCount(one.roomTraffic.messages)} and ${formatCount(three.roomTraffic.messages)} room messages during the phase (${formatBytes(one.roomTraffic.bytes)} and ${formatBytes(three.roomTraffic.bytes)}).`,
    '',
    onPaper(figures),
    '',
    'The statements sent most often with three instances:',
    '',
    markdownTable(
      ['Statement', 'Calls', 'Per request'],
      three.statements.top.map((row) => [
        `\`${(row.query.length > 100 ? `${row.query.slice(0, 99)}…` : row.query).replaceAll('|', '\\|').replaceAll('`', "'")}\``,
        formatCount(row.calls),
        perRequest(row.calls, three).toFixed(2),
      ]),
    ),
    ...(failover
      ? [
          '',
          `### When an instance dies`,
          '',
          `After the measured phase, with three instances: every REST device now goes through HAProxy, at the same rate, and sends a failed request again every 200 ms until it is served. ${shape.failoverBeforeSeconds} s in, instance ${failover.instance} is killed with SIGKILL (no draining); the load goes on for ${shape.failoverAfterSeconds} s. A live device through HAProxy that was on that instance loses its socket and reconnects as the apps do (y-websocket's back-off, 200 ms doubling up to ${LIVE_MAX_BACKOFF_MS / 1000} s, a new ticket each time); it is back once its room has synced. Then the instance is started again, and the live devices pinned to its own address (which had nowhere else to go) are timed from its readiness until they synced. Last, every live device must hold every bookmark a POST /sync answered as stored.`,
          '',
          markdownTable(['', ''], failoverRows(failover)),
          ...(failover.errorSamples.length > 0
            ? [
                '',
                `Failures seen: ${failover.errorSamples.map((sample) => `\`${sample.replaceAll('`', "'")}\``).join('; ')}`,
              ]
            : []),
        ]
      : []),
    ...figures.runs.flatMap((run) =>
      run.load.errorSamples.length > 0
        ? [
            '',
            `Errors with ${instancesName(run)}: ${run.load.errorSamples.map((sample) => `\`${sample.replaceAll('`', "'")}\``).join('; ')}`,
          ]
        : [],
    ),
  ].join('\n')

  return { table, markdown, failedGoals: failedGoalsOf(figures) }
}
