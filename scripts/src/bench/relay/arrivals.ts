// The load the latency goal is judged at (docs/adr/011-relay-load-model.md): an open loop of users.
// Users arrive at a fixed rate, at seeded exponential intervals (a Poisson process), whatever the
// server's speed: a slow server does not slow the arrivals down, it has more users at once. Each
// user then does what the sync engine does: its device pushes its batches one after the other,
// then its second device pulls with the client's page until hasMore is false. The closed loop
// (load.ts) measures throughput at saturation; this measures latency at a stated load.
import { keepAliveAgent } from './http-client'
import type { UserLibrary } from './library'
import {
  PhaseRecorder,
  checkPulls,
  messageOf,
  noopPullUser,
  nowMicros,
  pullUser,
  pushUser,
  type PhaseFigures,
  type Target,
} from './load'
import type { CpuTime } from './processes'

/** When users arrive. */
export interface ArrivalRate {
  /** Users arriving per second, on average. */
  usersPerSecond: number
  seed: number
}

export interface ArrivalFigures {
  /** Every POST of every user, with the phase's wall time and server CPU. */
  push: PhaseFigures
  /** Every GET page of every user (the same wall time and CPU). */
  pull: PhaseFigures
  /** From the first arrival to the last answer. */
  wallMs: number
  /** Users with a request outstanding or about to send one: time-weighted mean and most. */
  usersActive: { mean: number; max: number }
  /** The size of every page each user's pull got (for the baseline's same-size answers). */
  pageBytes: number[][]
}

/** A seeded generator of uniform numbers in [0, 1) (mulberry32). */
function uniform(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** When each of `users` arrives, in ms from the start: a Poisson process at the given rate. */
export function arrivalOffsets(users: number, rate: ArrivalRate): number[] {
  const next = uniform(rate.seed)
  const offsets: number[] = []
  let at = 0
  for (let user = 0; user < users; user += 1) {
    offsets.push(at)
    at += (-Math.log(1 - next()) / rate.usersPerSecond) * 1000
  }
  return offsets
}

function withCpu(figures: PhaseFigures, serverCpu: CpuTime, generatorCpuMs: number): PhaseFigures {
  return { ...figures, serverCpu, generatorCpuMs }
}

/**
 * Runs the arrivals against `target`: the relay (push, then pull with checks), or the no-op
 * baseline (the same bodies to POST /noop, then GET /noop answers as large as the relay's pages).
 */
export async function arrivalPhase(
  target: Target,
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  batchSize: number,
  rate: ArrivalRate,
  baseline?: { pageBytes: readonly (readonly number[])[] },
): Promise<ArrivalFigures> {
  const offsets = arrivalOffsets(libraries.length, rate)
  // As many connections as users may be active: the generator itself never queues a request.
  const pushAgent = keepAliveAgent(libraries.length)
  const pullAgent = keepAliveAgent(libraries.length)
  const push = new PhaseRecorder()
  const pull = new PhaseRecorder()
  const pages: Buffer[][] = libraries.map(() => [])
  let active = 0
  let maxActive = 0
  let activeMs = 0
  let changedAt = performance.now()
  const setActive = (delta: number) => {
    const now = performance.now()
    activeMs += active * (now - changedAt)
    changedAt = now
    active += delta
    maxActive = Math.max(maxActive, active)
  }
  const kind = baseline ? 'noop' : 'relay'
  const runUser = async (user: number) => {
    setActive(1)
    try {
      const library = libraries[user]!
      const token = tokens[user]!
      await pushUser(pushAgent, target, library, token, batchSize, kind, push)
      if (baseline) {
        await noopPullUser(pullAgent, target, baseline.pageBytes[user] ?? [], token, true, pull)
      } else {
        pages[user] = await pullUser(pullAgent, target, library, token, pull)
      }
    } catch (error) {
      pull.error(`user ${user}: ${messageOf(error)}`)
    } finally {
      setActive(-1)
    }
  }
  const serverBefore = await target.cpu()
  const generatorBefore = process.cpuUsage()
  const startMicros = nowMicros()
  const started = performance.now()
  changedAt = started
  try {
    await Promise.all(
      offsets.map(
        (offset, user) =>
          new Promise<void>((resolve) => {
            setTimeout(() => void runUser(user).finally(resolve), offset)
          }),
      ),
    )
  } finally {
    pushAgent.destroy()
    pullAgent.destroy()
  }
  const wallMs = performance.now() - started
  setActive(0)
  const endMicros = nowMicros()
  const generator = process.cpuUsage(generatorBefore)
  const serverAfter = await target.cpu()
  const serverCpu: CpuTime = {
    mainThreadMs: serverAfter.mainThreadMs - serverBefore.mainThreadMs,
    mainThreadRunQueueMs: serverAfter.mainThreadRunQueueMs - serverBefore.mainThreadRunQueueMs,
    totalMs: serverAfter.totalMs - serverBefore.totalMs,
  }
  const generatorCpuMs = (generator.user + generator.system) / 1000
  for (const recorder of [push, pull]) {
    Object.assign(recorder.figures, { wallMs, startMicros, endMicros })
  }
  const pullFigures = withCpu(pull.figures, serverCpu, generatorCpuMs)
  const pageBytes = baseline
    ? baseline.pageBytes.map((sizes) => [...sizes])
    : checkPulls(pullFigures, libraries, pages)
  return {
    push: withCpu(push.figures, serverCpu, generatorCpuMs),
    pull: pullFigures,
    wallMs,
    usersActive: { mean: activeMs / wallMs, max: maxActive },
    pageBytes,
  }
}
