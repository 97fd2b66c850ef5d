// The readers of the sharing benchmark: 200 simulated people, each on a loopback address of its
// own (the relay limits public reads per address, as it would for people on the internet) and its
// own keep-alive connection. Two loads: a closed loop (every reader sends its next request as soon
// as the last one answers: requests/s at saturation) and an open loop at a stated rate (requests
// arrive at seeded exponential intervals whatever the server's speed, spread over the readers:
// the latency the goal is judged at). Every answer's status is checked; a wrong one is an error.
import type { Agent } from 'node:http'
import { keepAliveAgent, send } from './http-client'
import { userAddress } from './load'

/** One kind of request: what to send and the status that counts as right. */
export interface ReadRequest {
  method: 'GET' | 'POST'
  /** The path of the i-th request (readers cycle through pages). */
  path: (index: number) => string
  body?: Buffer
  status: number
}

export interface ReadFigures {
  latenciesMs: number[]
  wallMs: number
  requests: number
  errors: number
  errorSamples: string[]
  /** Bytes of the answers, on average. */
  meanBytes: number
}

const REQUEST_TIMEOUT_MS = 30_000

class Recorder {
  latenciesMs: number[] = []
  errors = 0
  errorSamples: string[] = []
  bytes = 0

  async one(agent: Agent, origin: URL, request: ReadRequest, index: number, reader: number) {
    try {
      const response = await send({
        agent,
        origin,
        method: request.method,
        path: request.path(index),
        ...(request.body ? { body: request.body } : {}),
        localAddress: userAddress(reader),
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
      if (response.status !== request.status) {
        this.error(`${request.method} ${request.path(index)}: ${response.status}`)
        return
      }
      this.latenciesMs.push(response.ms)
      this.bytes += response.body.length
    } catch (error) {
      this.error(error instanceof Error ? error.message : String(error))
    }
  }

  error(message: string) {
    this.errors += 1
    if (this.errorSamples.length < 5) {
      this.errorSamples.push(message)
    }
  }

  figures(wallMs: number): ReadFigures {
    const requests = this.latenciesMs.length + this.errors
    return {
      latenciesMs: this.latenciesMs,
      wallMs,
      requests,
      errors: this.errors,
      errorSamples: this.errorSamples,
      meanBytes: this.latenciesMs.length > 0 ? this.bytes / this.latenciesMs.length : 0,
    }
  }
}

/** `readers` readers each send requests back to back for `durationMs`. */
export async function closedLoop(
  origin: URL,
  request: ReadRequest,
  readers: number,
  durationMs: number,
): Promise<ReadFigures> {
  const agent = keepAliveAgent(readers)
  const recorder = new Recorder()
  let next = 0
  const started = performance.now()
  const deadline = started + durationMs
  try {
    await Promise.all(
      Array.from({ length: readers }, async (_, reader) => {
        while (performance.now() < deadline) {
          const index = next
          next += 1
          await recorder.one(agent, origin, request, index, reader)
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  return recorder.figures(performance.now() - started)
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

/**
 * Requests arrive at `perSecond` on average for `durationMs` (a Poisson process), the i-th from
 * reader i mod `readers`; a reader whose last request is still out opens another connection, so
 * no request waits in the generator.
 */
export async function openLoop(
  origin: URL,
  request: ReadRequest,
  readers: number,
  perSecond: number,
  durationMs: number,
  seed: number,
): Promise<ReadFigures> {
  const agent = keepAliveAgent(readers * 4)
  const recorder = new Recorder()
  const random = uniform(seed)
  const offsets: number[] = []
  for (let at = 0; at < durationMs; at += (-Math.log(1 - random()) / perSecond) * 1000) {
    offsets.push(at)
  }
  const started = performance.now()
  try {
    await Promise.all(
      offsets.map(
        (offset, index) =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              void recorder.one(agent, origin, request, index, index % readers).finally(resolve)
            }, offset)
          }),
      ),
    )
  } finally {
    agent.destroy()
  }
  return recorder.figures(performance.now() - started)
}
