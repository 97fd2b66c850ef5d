// Turns the relay benchmark's raw figures into the goals' verdicts, a terminal table and the
// Markdown section of BENCHMARKS.md. The goals are judged at the open loop (report-arrivals.ts);
// the closed loop gives throughput at saturation. When the latency goal is missed, the section
// says what the relay spends its time on, from the CPU profile of another load.
import type { BenchmarkResult } from '../benchmark'
import { formatBytes, formatCount, formatMs, markdownTable, percentile, textTable } from '../stats'
import type { LoadShape } from './library'
import type { PhaseFigures } from './load'
import type { Rss, ThreadStates } from './processes'
import type { PhaseProfile } from './profile'
import {
  ARRIVAL_HEADER,
  arrivalCells,
  arrivalLoadName,
  arrivalText,
  type ArrivalRun,
} from './report-arrivals'

export type { ArrivalRun } from './report-arrivals'

/** The goals of the issue. */
export const GOALS = {
  /** p99 of POST /sync and of GET /sync pages under the load, in milliseconds. */
  maxP99Ms: 50,
}

export interface RelayRun {
  register: PhaseFigures
  push: PhaseFigures
  pull: PhaseFigures
  /** The size of every GET /sync page each user's pull got. */
  pageBytes: number[][]
  memory: Record<'ready' | 'registered' | 'pushed' | 'pulled', Rss>
  /** What the relay's main thread was doing, sampled through each phase. */
  mainThread: { everyMs: number; push: ThreadStates; pull: ThreadStates }
  /** The data directory (SQLite file and its WAL) after the relay stopped. */
  storageBytes: number
  /** What the relay wrote to stderr at LOG_LEVEL=warn. */
  logged: string
}

export interface BaselineRun {
  push: PhaseFigures
  /** GET /noop answering `{}`. */
  pull: PhaseFigures
  /** GET /noop answering a JSON text as large as the page it stands for. */
  pullSized: PhaseFigures
  memory: { ready: Rss; end: Rss }
}

export interface ProfileRun {
  users: number
  push: PhaseFigures
  pull: PhaseFigures
  /** Undefined when the profile's clock did not cover the phase. */
  pushProfile: PhaseProfile | undefined
  pullProfile: PhaseProfile | undefined
  wholeProfile: PhaseProfile
}

export interface RelayFigures {
  date: string
  quick: boolean
  seed: number
  shape: LoadShape
  pullPage: number
  /** Registrations in flight at once. */
  registerConcurrency: number
  library: {
    bookmarks: number
    marks: number
    /** JSON bytes of the entities alone. */
    entityBytes: number
    /** POST /sync requests and their body bytes. */
    requests: number
    requestBytes: number
  }
  machine: {
    cpus: number
    cpuModel: string
    memoryBytes: number
    node: string
    commit: string
    /** One-minute load average at the start and after the relay's load. */
    loadAverage: [number, number]
  }
  /** The closed loop: throughput at saturation. */
  relay: RelayRun
  baseline: BaselineRun
  /** The open loop the goals are judged at. */
  arrivals: ArrivalRun
  /** Only when the latency goal was missed. */
  profile: ProfileRun | undefined
  totalSeconds: number
}

interface Goal {
  goal: string
  target: string
  measured: string
  pass: boolean
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL')
function ratioText(ratio: number): string {
  if (!Number.isFinite(ratio)) {
    return 'n/a'
  }
  return `${ratio.toFixed(ratio < 1 ? 3 : ratio < 10 ? 2 : 1)}x`
}
const perSecond = (count: number, ms: number) => (ms > 0 ? count / (ms / 1000) : Number.NaN)
const rate = (value: number) => (Number.isFinite(value) ? formatCount(Math.round(value)) : 'n/a')
const p = (phase: PhaseFigures, rank: number) => percentile(phase.latenciesMs, rank)

function goalsOf(figures: RelayFigures): Goal[] {
  const { relay, arrivals } = figures
  const errors =
    relay.push.errors + relay.pull.errors + arrivals.relay.push.errors + arrivals.relay.pull.errors
  const load = arrivalLoadName(arrivals)
  const latencyGoal = (name: string, phase: PhaseFigures): Goal => ({
    goal: `${name} p99 under 50 ms at ${load}`,
    target: `< ${formatMs(GOALS.maxP99Ms)}`,
    measured: `${formatMs(p(phase, 99))} (p50 ${formatMs(p(phase, 50))})`,
    pass: p(phase, 99) < GOALS.maxP99Ms,
  })
  return [
    latencyGoal('POST /sync', arrivals.relay.push),
    latencyGoal('GET /sync page', arrivals.relay.pull),
    {
      goal: 'No errors, every entity stored and pulled back (both loads)',
      target: '0 errors',
      measured: `${errors} errors; ${formatCount(relay.push.entities + arrivals.relay.push.entities)} stored, ${formatCount(relay.pull.entities + arrivals.relay.pull.entities)} pulled`,
      pass: errors === 0,
    },
  ]
}

interface LoadRow {
  label: string
  phase: PhaseFigures
  /** Entities per second makes no sense for the baseline's GET /noop, which carries none. */
  entities: boolean
}

function loadRows(figures: RelayFigures): LoadRow[] {
  return [
    { label: 'Relay: POST /sync (push)', phase: figures.relay.push, entities: true },
    { label: 'Baseline: POST /noop, same bodies', phase: figures.baseline.push, entities: true },
    { label: 'Relay: GET /sync pages (pull)', phase: figures.relay.pull, entities: true },
    { label: 'Baseline: GET /noop, as many', phase: figures.baseline.pull, entities: false },
    {
      label: 'Baseline: GET /noop, same-size answers',
      phase: figures.baseline.pullSized,
      entities: false,
    },
  ]
}

const LOAD_HEADER = [
  '',
  'Requests',
  'Time',
  'Requests/s',
  'Entities/s',
  'p50',
  'p95',
  'p99',
  'Max',
  'Errors',
]

function loadCells(row: LoadRow): string[] {
  const { phase } = row
  return [
    row.label,
    formatCount(phase.requests),
    `${(phase.wallMs / 1000).toFixed(1)} s`,
    rate(perSecond(phase.requests, phase.wallMs)),
    row.entities ? rate(perSecond(phase.entities, phase.wallMs)) : '-',
    formatMs(p(phase, 50)),
    formatMs(p(phase, 95)),
    formatMs(p(phase, 99)),
    formatMs(Math.max(...phase.latenciesMs)),
    String(phase.errors),
  ]
}

const CPU_HEADER = [
  '',
  'Main thread running',
  'Waiting for a core',
  'Blocked or idle',
  'All threads running',
  'Load generator',
  'Main thread per request',
]

/** The closed loop's rows, then the open loop's (one per server, push and pull together). */
function cpuRows(figures: RelayFigures): LoadRow[] {
  return [
    ...loadRows(figures),
    ...(['relay', 'baseline'] as const).map((server) => {
      const { push, pull } = figures.arrivals[server]
      return {
        label: `${server === 'relay' ? 'Relay' : 'Baseline'}: open loop, push and pull`,
        phase: { ...push, requests: push.requests + pull.requests },
        entities: false,
      }
    }),
  ]
}

function cpuCells(row: LoadRow): string[] {
  const { phase } = row
  const { mainThreadMs, mainThreadRunQueueMs, totalMs } = phase.serverCpu
  const busy = (ms: number) => `${Math.max(0, Math.round((ms / phase.wallMs) * 100))}%`
  return [
    row.label,
    busy(mainThreadMs),
    busy(mainThreadRunQueueMs),
    busy(phase.wallMs - mainThreadMs - mainThreadRunQueueMs),
    busy(totalMs),
    busy(phase.generatorCpuMs),
    formatMs(mainThreadMs / Math.max(1, phase.requests)),
  ]
}

/** A thread's sampled states in words, most frequent first. */
function threadStates(label: string, states: ThreadStates): string {
  const entries = Object.entries(states.counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
  const described = entries.map(
    ([state, count]) =>
      `${state === 'running' ? 'running or ready to run' : `in \`${state}\``} ${Math.round((count / Math.max(1, states.samples)) * 100)}%`,
  )
  return `${label} (${formatCount(states.samples)} looks) ${described.join(', ')}`
}

interface Ratio {
  label: string
  p99: number
  throughput: number
}

function ratiosOf(figures: RelayFigures): Ratio[] {
  const { relay, baseline } = figures
  const ratio = (label: string, mine: PhaseFigures, base: PhaseFigures): Ratio => ({
    label,
    p99: p(mine, 99) / p(base, 99),
    throughput: perSecond(mine.requests, mine.wallMs) / perSecond(base.requests, base.wallMs),
  })
  const { arrivals } = figures
  return [
    ratio('Open loop, push: POST /sync vs POST /noop', arrivals.relay.push, arrivals.baseline.push),
    ratio(
      'Open loop, pull: GET /sync vs same-size answers',
      arrivals.relay.pull,
      arrivals.baseline.pull,
    ),
    ratio('Saturated, push: POST /sync vs POST /noop', relay.push, baseline.push),
    ratio('Saturated, pull: GET /sync vs GET /noop', relay.pull, baseline.pull),
    ratio('Saturated, pull: GET /sync vs same-size answers', relay.pull, baseline.pullSized),
  ]
}

function memoryRows(figures: RelayFigures): string[][] {
  const { relay, baseline, shape } = figures
  const rss = (sample: Rss) => formatBytes(sample.rssBytes)
  return [
    ['Ready, idle', rss(relay.memory.ready), rss(baseline.memory.ready)],
    [`After registering ${formatCount(shape.users)} users`, rss(relay.memory.registered), '-'],
    ['After the push', rss(relay.memory.pushed), '-'],
    ['After the pull (the end)', rss(relay.memory.pulled), rss(baseline.memory.end)],
    [
      'Peak (VmHWM)',
      formatBytes(relay.memory.pulled.peakBytes),
      formatBytes(baseline.memory.end.peakBytes),
    ],
    [
      'Open loop (a fresh relay): at the end, and its peak',
      `${rss(figures.arrivals.relayMemory)}, ${formatBytes(figures.arrivals.relayMemory.peakBytes)}`,
      '-',
    ],
  ]
}

/** The closed loop's arithmetic: latency is concurrency over throughput (Little's law). */
function queueing(figures: RelayFigures): string {
  const { relay, shape } = figures
  const mean = (phase: PhaseFigures) =>
    phase.latenciesMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, phase.latenciesMs.length)
  const phases = [
    { name: 'POST /sync', phase: relay.push },
    { name: 'GET /sync pages', phase: relay.pull },
  ].map(({ name, phase }) => {
    const perS = perSecond(phase.requests, phase.wallMs)
    return {
      name,
      perS,
      little: (shape.concurrency / perS) * 1000,
      mean: mean(phase),
      /** At a fixed concurrency every latency scales with the cost of one request. */
      inFlight: Math.max(1, Math.floor((GOALS.maxP99Ms / p(phase, 99)) * shape.concurrency)),
    }
  })
  return [
    `This load is a closed loop: ${shape.concurrency} users in flight, each sending its next request when the answer is in, so the relay is saturated and it measures throughput. The relay works on one request at a time on one thread (SQLite included), so a request mostly waits for the ones ahead of it: the mean latency is the concurrency over the throughput (Little's law), ${phases
      .map(
        (entry) =>
          `${shape.concurrency} / ${rate(entry.perS)} per second = ${formatMs(entry.little)} for ${entry.name} (measured mean ${formatMs(entry.mean)})`,
      )
      .join(', ')}.`,
    `Latency here says how many are in flight, not how fast the relay is: at a fixed concurrency every latency scales with the cost of one request, so a p99 under ${formatMs(GOALS.maxP99Ms)} in a closed loop would take at most about ${phases
      .map((entry) => `${entry.inFlight} ${entry.name} in flight`)
      .join(', or ')}.`,
  ].join(' ')
}

const share = (ms: number, total: number) => `${Math.round((ms / total) * 100)}%`

/** A function's name cut to a table cell (a RegExp's "name" is its whole source). */
function shortName(name: string): string {
  return name.length > 90 ? `${name.slice(0, 89)}…` : name
}

/** What the packages and files of a relay profile do, for the reader. */
const MODULE_MEANINGS: readonly { match: (module: string) => boolean; meaning: string }[] = [
  {
    match: (module) => module === 'better-sqlite3',
    meaning:
      'SQLite BEGIN and COMMIT: writing the WAL (the WAL sync and the checkpoints run off the event loop)',
  },
  {
    match: (module) => module.startsWith('relay/src/storage/'),
    meaning: "the relay's SQLite statements (their native work is counted here)",
  },
  {
    match: (module) => module === 'relay/src/docs/library-service.ts',
    meaning: "the relay's upsert and pull: entities into and out of the user's Yjs doc",
  },
  {
    match: (module) => module === 'relay/src/docs/pull-page.ts',
    meaning: 'GET /sync pages spliced from the stored entity texts',
  },
  {
    match: (module) => module === 'relay/src/docs/user-docs.ts',
    meaning: "the relay's live docs: catching up with storage, the revision rows of a change",
  },
  { match: (module) => module === 'lib0', meaning: 'Yjs binary encoding and decoding' },
  { match: (module) => module === 'yjs', meaning: 'Yjs transactions and maps' },
  {
    match: (module) => module === 'shared/src/store/library-schema.ts',
    meaning: 'entities to and from their stored JSON text',
  },
  {
    match: (module) => module === 'fastify',
    meaning: 'Fastify; `serialize` is JSON.stringify of answers',
  },
  { match: (module) => module === 'secure-json-parse', meaning: 'parsing JSON request bodies' },
  { match: (module) => module === 'zod', meaning: 'validating entities (SyncEntitySchema)' },
  { match: (module) => module === 'jose', meaning: 'checking the JWT of each request' },
  {
    match: (module) => module.startsWith('Node internals'),
    meaning: 'HTTP parsing, sockets and streams, crypto (the JWT HMAC)',
  },
  {
    match: (module) => module.startsWith('no script'),
    meaning:
      'V8 builtins and C++ bindings called from JS (socket writes: `writev`), code compiled at run time (schema validators)',
  },
  { match: (module) => module === '(garbage collector)', meaning: 'V8 garbage collection' },
  { match: (module) => module === '(idle)', meaning: 'nothing to do: waiting for requests' },
  { match: (module) => module === '(program)', meaning: 'native work outside JS' },
]

function meaningOf(module: string): string {
  return MODULE_MEANINGS.find((entry) => entry.match(module))?.meaning ?? ''
}

/** The three packages or files with the most self time, in words. */
function dominant(profile: PhaseProfile): string {
  return profile.modules
    .slice(0, 3)
    .map((entry) => `\`${entry.module}\` ${share(entry.selfMs, profile.totalMs)}`)
    .join(', ')
}

function profileSection(run: ProfileRun): string[] {
  const phases: [string, PhaseProfile | undefined][] = [
    ['Push', run.pushProfile],
    ['Pull', run.pullProfile],
  ]
  const windows = phases.filter((entry): entry is [string, PhaseProfile] => entry[1] !== undefined)
  const shown: [string, PhaseProfile][] =
    windows.length > 0 ? windows : [['The whole load', run.wholeProfile]]
  const out: string[] = [
    '### Where the time goes',
    '',
    `The same load again on a fresh relay under \`node --cpu-prof\` (1 ms sampling), with ${formatCount(run.users)} users, all in flight at once (POST /sync p99 ${formatMs(p(run.push, 99))}, GET /sync p99 ${formatMs(p(run.pull, 99))} there: profiling slows the relay down, so read shares, not times). Self time is the time a function was running itself, at the top of the stack; native code called from JavaScript (better-sqlite3's statements, JSON.stringify) counts as self time of the function that calls it, or under "no script" when the profile names none.`,
    '',
    `Most self time: ${shown.map(([title, profile]) => `${title.toLowerCase()}: ${dominant(profile)}`).join('; ')}.`,
  ]
  for (const [title, profile] of shown) {
    out.push(
      '',
      `**${title}** (${formatMs(profile.totalMs)} of profile). Self time by package or file:`,
      '',
      markdownTable(
        ['Package or file', 'What it is', 'Self time', 'Share'],
        profile.modules
          .slice(0, 10)
          .map((entry) => [
            `\`${entry.module}\``,
            meaningOf(entry.module),
            formatMs(entry.selfMs),
            share(entry.selfMs, profile.totalMs),
          ]),
      ),
      '',
      'Functions with the most self time:',
      '',
      markdownTable(
        ['Function', 'Self', 'Share', 'Total'],
        profile.functions
          .slice(0, 12)
          .map((entry) => [
            `\`${shortName(entry.name).replaceAll('|', '\\|')}\``,
            formatMs(entry.selfMs),
            share(entry.selfMs, profile.totalMs),
            formatMs(entry.totalMs),
          ]),
      ),
    )
  }
  return out
}

/** What went wrong, in the relay's phases of both loads. */
function errorSamples(figures: RelayFigures): string[] {
  const { relay, arrivals } = figures
  return [relay.push, relay.pull, arrivals.relay.push, arrivals.relay.pull].flatMap(
    (phase) => phase.errorSamples,
  )
}

/** The verdicts, the terminal table and the Markdown section. */
export function reportRelayFigures(figures: RelayFigures): BenchmarkResult {
  const { relay, shape, library, machine } = figures
  const goals = goalsOf(figures)
  const ratios = ratiosOf(figures)
  const pages = relay.pageBytes.reduce((sum, sizes) => sum + sizes.length, 0)
  const entities = library.bookmarks + library.marks
  const pulledBytes = relay.pull.bytesReceived

  const table = [
    `Relay: ${formatCount(shape.users)} users x ${formatCount(shape.entitiesPerUser)} entities, batches of ${shape.batchSize}; goal at ${arrivalLoadName(figures.arrivals)}, saturation at ${shape.concurrency} in flight${figures.quick ? ' (quick)' : ''}`,
    '',
    textTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goals.map((goal) => [goal.goal, goal.target, goal.measured, verdict(goal.pass)]),
    ),
    '',
    "Open loop (the goal's load):",
    textTable(ARRIVAL_HEADER, arrivalCells(figures.arrivals)),
    '',
    `Closed loop, ${shape.concurrency} in flight (saturation):`,
    textTable(LOAD_HEADER, loadRows(figures).map(loadCells)),
    '',
    textTable(CPU_HEADER, cpuRows(figures).map(cpuCells)),
    '',
    textTable(
      ['Relay / baseline', 'p99', 'Requests/s'],
      ratios.map((ratio) => [ratio.label, ratioText(ratio.p99), ratioText(ratio.throughput)]),
    ),
    '',
    textTable(['RSS', 'Relay', 'Baseline'], memoryRows(figures)),
    ...(figures.profile
      ? [
          '',
          `Profile (${figures.profile.users} users), top self time:`,
          textTable(
            ['Phase', 'Package or file', 'Share'],
            (
              [
                ['push', figures.profile.pushProfile],
                ['pull', figures.profile.pullProfile],
              ] as const
            ).flatMap(([phase, profile]) =>
              (profile?.modules ?? [])
                .slice(0, 5)
                .map((entry) => [phase, entry.module, share(entry.selfMs, profile!.totalMs)]),
            ),
          ),
        ]
      : []),
  ].join('\n')

  // The relay and the load generator take about a core each: other work beyond one core slows them.
  const busyBefore = machine.loadAverage[0] >= machine.cpus - 1
  const failed = goals.filter((goal) => !goal.pass)
  const markdown = [
    `Last run: ${figures.date.slice(0, 16).replace('T', ' ')} UTC, commit ${machine.commit}, \`npm run bench\`${figures.quick ? ' --quick (not a real measurement)' : ''} (${Math.round(figures.totalSeconds)} s in all).`,
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${formatBytes(machine.memoryBytes)} RAM; Node ${machine.node}. One-minute load average ${machine.loadAverage[0].toFixed(1)} at the start${busyBefore ? ' (other work was running: the relay and the load generator need a core each, so times are inflated)' : ''} and ${machine.loadAverage[1].toFixed(1)} after the relay's load, the benchmark's own processes included; the "waiting for a core" column below tells how much other work slowed the relay.`,
    '',
    `Load (seed ${figures.seed}): ${formatCount(shape.users)} users, each pushing ${formatCount(shape.entitiesPerUser)} entities (${formatCount(entities)} in all: ${formatCount(library.bookmarks)} bookmarks and ${formatCount(library.marks)} marks with the store benchmark's texts, notes, rich text, tags and anchors; ${formatBytes(library.entityBytes / entities)} of JSON each on average) in batches of ${shape.batchSize} (${formatCount(library.requests)} POST /sync of ${formatBytes(library.requestBytes / library.requests)} on average), then pulling them all on a second device: GET /sync?since=&limit= with the sync engine's page of ${formatCount(figures.pullPage)} until hasMore is false (${formatCount(pages)} pages, ${formatBytes(pulledBytes / Math.max(1, pages))} on average), checking that exactly the pushed entities come back. Twice, each time on a fresh relay: once with the users arriving at a fixed rate (an open loop, where the latency goal is judged), once with ${formatCount(shape.concurrency)} users in flight at once, each with one request outstanding (a closed loop, which saturates the relay and measures its throughput). Requests go on keep-alive loopback connections from \`node:http\` in the benchmark's process; the second device has connections of its own.`,
    '',
    `The relay runs as its own process, \`node --import tsx relay/src/server.ts\` with NODE_ENV=production and LOG_LEVEL=warn, on its embedded SQLite store in a temporary directory. The users register first (${(relay.register.wallMs / 1000).toFixed(1)} s for ${formatCount(shape.users)}, an scrypt hash each, ${figures.registerConcurrency} at a time), each from a loopback address of its own (127.1.x.y), since the relay allows 20 account requests a minute per address. The baseline is the same requests with the same bodies and headers, under the same two loads, against a Fastify server that does nothing (\`scripts/src/bench/relay/noop-server.ts\`, its own process, same body limit): POST /noop and GET /noop answer \`{}\`; GET /noop?bytes= answers a plain JSON text (a string, not serialized) as large as the relay's page it stands for, to tell the cost of moving a page's bytes from the cost of making the page.`,
    '',
    '### Goals',
    '',
    markdownTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goals.map((goal) => [goal.goal, goal.target, goal.measured, `**${verdict(goal.pass)}**`]),
    ),
    '',
    arrivalText(figures.arrivals, shape, {
      relayPush: relay.push,
      baselinePush: figures.baseline.push,
    }),
    '',
    markdownTable(ARRIVAL_HEADER, arrivalCells(figures.arrivals)),
    '',
    ...(errorSamples(figures).length > 0
      ? [
          `Errors: ${errorSamples(figures)
            .map((sample) => `\`${sample.replaceAll('`', "'")}\``)
            .join('; ')}`,
          '',
        ]
      : []),
    `### Throughput at saturation (closed loop, ${formatCount(shape.concurrency)} in flight)`,
    '',
    'Latency is measured by the load generator, from sending a request to the last byte of its answer.',
    '',
    markdownTable(LOAD_HEADER, loadRows(figures).map(loadCells)),
    '',
    queueing(figures),
    '',
    'Relay over baseline, under the same load:',
    '',
    markdownTable(
      ['Relay / baseline', 'p99', 'Requests/s'],
      ratios.map((ratio) => [ratio.label, ratioText(ratio.p99), ratioText(ratio.throughput)]),
    ),
    '',
    "Where each server's main thread (its event loop; better-sqlite3 runs SQLite on it too, checkpoints aside, which a worker thread runs) spent each phase, as shares of the phase's wall time, from /proc/<pid>/task/<pid>/schedstat: running, ready to run but waiting for a core (taken by other processes or the load generator), and neither, that is blocked in a system call or idle for want of requests. Then the CPU time of all of the server's threads (thread pool, GC helpers) and of the load generator (this benchmark's process), and the main thread's running time per request, which other work on the machine inflates least.",
    '',
    markdownTable(CPU_HEADER, cpuRows(figures).map(cpuCells)),
    '',
    `The relay's main thread, looked at every ${relay.mainThread.everyMs} ms through each phase (/proc/<pid>/task/<pid>/syscall): ${threadStates('push', relay.mainThread.push)}; ${threadStates('pull', relay.mainThread.pull)}.`,
    '',
    '### Memory',
    '',
    'Resident memory of each server process (VmRSS, and VmHWM for the peak, from /proc/<pid>/status).',
    '',
    markdownTable(['RSS', 'Relay', 'Baseline'], memoryRows(figures)),
    '',
    `The push added ${formatBytes(relay.memory.pushed.rssBytes - relay.memory.registered.rssBytes)} of RSS, ${formatBytes((relay.memory.pushed.rssBytes - relay.memory.registered.rssBytes) / shape.users)} per user (${formatBytes(library.entityBytes / shape.users)} of entity JSON each). On disk after the run: ${formatBytes(relay.storageBytes)} of SQLite (database and WAL) for ${formatBytes(library.entityBytes)} of entity JSON.`,
    ...(relay.logged === ''
      ? []
      : [
          '',
          `The relay logged at warn level: \`${relay.logged.slice(0, 500).replaceAll('`', "'")}\``,
        ]),
    ...(figures.profile ? ['', ...profileSection(figures.profile)] : []),
  ].join('\n')

  return {
    table,
    markdown,
    failedGoals: failed.map((goal) => `${goal.goal}: ${goal.measured}`),
  }
}
