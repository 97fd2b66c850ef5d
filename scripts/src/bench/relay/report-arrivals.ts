// The relay benchmark's open loop in words and tables: the load the latency goal is judged at
// (docs/adr/011-relay-load-model.md), what it offered compared with what the relay and the no-op
// baseline sustain at saturation, and the latencies of both under it.
import { formatCount, formatMs, percentile } from '../stats'
import type { ArrivalFigures, ArrivalRate } from './arrivals'
import type { LoadShape } from './library'
import type { PhaseFigures } from './load'
import type { Rss } from './processes'

export interface ArrivalRun {
  rate: ArrivalRate
  relay: ArrivalFigures
  baseline: ArrivalFigures
  /** The relay's memory at the end of the open loop. */
  relayMemory: Rss
}

const p = (phase: PhaseFigures, rank: number) => percentile(phase.latenciesMs, rank)
const perSecond = (count: number, ms: number) => (ms > 0 ? count / (ms / 1000) : Number.NaN)

/** The goal's load in words, for goal names: `3.33 users/s (open loop)`. */
export function arrivalLoadName(run: ArrivalRun): string {
  return `${run.rate.usersPerSecond.toFixed(2)} users/s arriving (open loop)`
}

export const ARRIVAL_HEADER = [
  '',
  'Requests',
  'Requests/s',
  'p50',
  'p95',
  'p99',
  'Max',
  'Users active (mean, max)',
  'Errors',
]

/** Rows of the open loop's table: relay and baseline, push and pull. */
export function arrivalCells(run: ArrivalRun): string[][] {
  const rows: [string, PhaseFigures, ArrivalFigures][] = [
    ['Relay: POST /sync (push)', run.relay.push, run.relay],
    ['Baseline: POST /noop, same bodies', run.baseline.push, run.baseline],
    ['Relay: GET /sync pages (pull)', run.relay.pull, run.relay],
    ['Baseline: GET /noop, same-size answers', run.baseline.pull, run.baseline],
  ]
  return rows.map(([label, phase, figures]) => [
    label,
    formatCount(phase.requests),
    formatCount(Math.round(perSecond(phase.requests, phase.wallMs))),
    formatMs(p(phase, 50)),
    formatMs(p(phase, 95)),
    formatMs(p(phase, 99)),
    formatMs(Math.max(...phase.latenciesMs)),
    `${figures.usersActive.mean.toFixed(1)}, ${figures.usersActive.max}`,
    String(phase.errors),
  ])
}

/** What the open loop is and how heavy it was, next to what the servers sustain saturated. */
export function arrivalText(
  run: ArrivalRun,
  shape: LoadShape,
  saturated: { relayPush: PhaseFigures; baselinePush: PhaseFigures },
): string {
  const { relay } = run
  const offered = perSecond(relay.push.requests + relay.pull.requests, relay.wallMs)
  const pushOffered = perSecond(relay.push.requests, relay.wallMs)
  const relayMax = perSecond(saturated.relayPush.requests, saturated.relayPush.wallMs)
  const baselineMax = perSecond(saturated.baselinePush.requests, saturated.baselinePush.wallMs)
  const share = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`
  return [
    `The goal is judged at a stated load, not at saturation (docs/adr/011-relay-load-model.md): the ${formatCount(shape.users)} users arrive one by one at ${run.rate.usersPerSecond.toFixed(2)} per second on average (seeded exponential intervals, a Poisson process), all of them within about ${shape.arrivalWindowSeconds} s, whatever the server's speed (an open loop: a slower server gets more users at once, not fewer requests). Each user does what the sync engine does: its device pushes its ${formatCount(shape.entitiesPerUser)} entities as POST /sync of ${shape.batchSize}, each sent when the previous one is answered, then its second device pulls them with the client's page until hasMore is false. The same arrivals, with the same bodies, go to the no-op baseline.`,
    `That offered ${formatCount(Math.round(offered))} requests per second over the ${(relay.wallMs / 1000).toFixed(1)} s (${formatCount(Math.round(pushOffered))} POST /sync per second: ${share(pushOffered, relayMax)} of what the relay's push sustains saturated, below, and ${share(pushOffered, baselineMax)} of the no-op's). Users active at once: ${relay.usersActive.mean.toFixed(1)} on average, at most ${relay.usersActive.max} on the relay; ${run.baseline.usersActive.mean.toFixed(1)} and ${run.baseline.usersActive.max} on the baseline.`,
  ].join(' ')
}
