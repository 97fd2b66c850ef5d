// The REST load: an open loop. Each REST device posts a batch every `secondsBetweenPosts` on
// average, at seeded exponential intervals (together, a Poisson process at devices / seconds per
// second), whatever the relays' speed: slow relays get more requests in flight, not fewer. A write
// whose device has a watcher (a live device of the same account, on another instance when there
// are several) is timed until its bookmark appears in that device's doc: live propagation.
import { createRandom } from '../store/generate'
import { nextBatch, type RestDevice } from './devices'

const ERROR_SAMPLES = 5
/** How often the end of a phase looks whether the writes have all propagated. */
const PROPAGATION_POLL_MS = 50

/** When each request goes, and from which device. */
export interface Arrival {
  /** Ms from the start of the phase. */
  at: number
  device: number
}

/** Seeded Poisson arrivals over `seconds`: `devices` devices, each every `secondsBetween` on average. */
export function poissonArrivals(
  devices: number,
  secondsBetween: number,
  seconds: number,
  seed: number,
): Arrival[] {
  const random = createRandom(seed)
  const perMs = devices / secondsBetween / 1000
  const arrivals: Arrival[] = []
  for (let at = -Math.log(1 - random()) / perMs; at < seconds * 1000;) {
    arrivals.push({ at, device: Math.floor(random() * devices) })
    at += -Math.log(1 - random()) / perMs
  }
  return arrivals
}

/**
 * Calls `fire` for each arrival at its time (late ones at once, their lateness recorded) and
 * resolves once every fired task has settled.
 */
export async function runArrivals(
  arrivals: readonly Arrival[],
  fire: (arrival: Arrival) => Promise<void>,
): Promise<{ wallMs: number; lateMs: number[] }> {
  const started = performance.now()
  const tasks: Promise<void>[] = []
  const lateMs: number[] = []
  let next = 0
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - started
      while (next < arrivals.length && arrivals[next]!.at <= now) {
        const arrival = arrivals[next]!
        lateMs.push(now - arrival.at)
        tasks.push(fire(arrival))
        next += 1
      }
      if (next >= arrivals.length) {
        resolve()
        return
      }
      setTimeout(tick, Math.max(0, arrivals[next]!.at - (performance.now() - started)))
    }
    tick()
  })
  await Promise.all(tasks)
  return { wallMs: performance.now() - started, lateMs }
}

/** What one phase of REST load measured. */
export interface LoadFigures {
  seconds: number
  restDevices: number
  /** POST /sync per second offered (devices / secondsBetweenPosts). */
  offeredPerSecond: number
  sent: number
  /** Answered 200 with every entity stored. */
  served: number
  errors: number
  errorSamples: string[]
  /** Latency of served requests sent to an instance directly, and through HAProxy. */
  latenciesMs: { direct: number[]; proxy: number[] }
  /** From sending a watched write until its bookmark was in the watcher's doc. */
  propagationMs: number[]
  /** The same, from the write's answer (negative: the room was faster than the answer). */
  propagationAfterAnswerMs: number[]
  /** Watched writes (served) whose bookmark had not appeared when the wait ended. */
  notPropagated: number
  /** From the first arrival to the last answer. */
  wallMs: number
  /** How late the generator sent requests after their time (a busy generator lags). */
  lateMs: number[]
}

interface Watch {
  sentAt: number
  answeredAt?: number
  seenAt?: number
  served: boolean
}

/**
 * Runs the open loop over `devices` for `seconds`, then waits up to `propagationWaitMs` for the
 * watched writes to appear in their watchers' docs.
 */
export async function restPhase(
  devices: readonly RestDevice[],
  options: {
    seconds: number
    secondsBetweenPosts: number
    seed: number
    propagationWaitMs: number
  },
): Promise<LoadFigures> {
  const arrivals = poissonArrivals(
    devices.length,
    options.secondsBetweenPosts,
    options.seconds,
    options.seed,
  )
  const figures: LoadFigures = {
    seconds: options.seconds,
    restDevices: devices.length,
    offeredPerSecond: devices.length / options.secondsBetweenPosts,
    sent: 0,
    served: 0,
    errors: 0,
    errorSamples: [],
    latenciesMs: { direct: [], proxy: [] },
    propagationMs: [],
    propagationAfterAnswerMs: [],
    notPropagated: 0,
    wallMs: 0,
    lateMs: [],
  }
  const watches: Watch[] = []
  const { wallMs, lateMs } = await runArrivals(arrivals, async ({ device: index }) => {
    const device = devices[index]!
    const batch = nextBatch(device.account)
    const watcher = device.watcher
    const watch: Watch = { sentAt: performance.now(), served: false }
    if (watcher) {
      watches.push(watch)
      watcher.watch(batch.bookmarkId, (at) => {
        watch.seenAt = at
      })
    }
    figures.sent += 1
    const result = await device.post(batch)
    watch.answeredAt = performance.now()
    if (result.error !== undefined) {
      figures.errors += 1
      if (figures.errorSamples.length < ERROR_SAMPLES) {
        figures.errorSamples.push(`POST /sync: ${result.error}`)
      }
      watcher?.unwatch(batch.bookmarkId)
      return
    }
    watch.served = true
    figures.served += 1
    figures.latenciesMs[device.viaProxy ? 'proxy' : 'direct'].push(result.ms)
  })
  figures.wallMs = wallMs
  figures.lateMs = lateMs
  const deadline = performance.now() + options.propagationWaitMs
  const waitingFor = () => watches.filter((watch) => watch.served && watch.seenAt === undefined)
  while (waitingFor().length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, PROPAGATION_POLL_MS))
  }
  for (const watch of watches) {
    if (!watch.served) {
      continue
    }
    if (watch.seenAt === undefined) {
      figures.notPropagated += 1
    } else {
      figures.propagationMs.push(watch.seenAt - watch.sentAt)
      figures.propagationAfterAnswerMs.push(watch.seenAt - watch.answeredAt!)
    }
  }
  return figures
}
