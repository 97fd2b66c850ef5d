// The load: simulated users run concurrently, at most `concurrency` at once (a closed loop: each
// user has one request outstanding and sends the next when the answer is in). Each phase records
// every request's latency, its bytes and its errors; an error is a network failure, a status other
// than 200, or an answer that does not say what it should (an entity not stored, a pull that does
// not give back exactly the user's entities).
import { keepAliveAgent, send } from './http-client'
import type { LoadShape, UserLibrary } from './library'

/** A request that has no answer after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 60_000
/** The relay's default GET /sync page (relay/src/routes/sync.ts DEFAULT_PULL_LIMIT). */
export const PULL_PAGE = 500
/** A password long enough for the relay. */
const PASSWORD = 'correct horse battery staple'
/** Kept to say what went wrong. */
const ERROR_SAMPLES = 5

export interface PhaseFigures {
  requests: number
  /** Entities stored (push) or received (pull). */
  entities: number
  bytesSent: number
  bytesReceived: number
  wallMs: number
  /** process.hrtime in microseconds at the start and end (the clock of CPU profiles). */
  startMicros: number
  endMicros: number
  latenciesMs: number[]
  errors: number
  errorSamples: string[]
}

/** The microsecond monotonic clock that V8 CPU profiles use too. */
export function nowMicros(): number {
  return Number(process.hrtime.bigint() / 1000n)
}

class PhaseRecorder {
  readonly figures: PhaseFigures = {
    requests: 0,
    entities: 0,
    bytesSent: 0,
    bytesReceived: 0,
    wallMs: 0,
    startMicros: 0,
    endMicros: 0,
    latenciesMs: [],
    errors: 0,
    errorSamples: [],
  }

  answered(ms: number, sent: number, received: number): void {
    this.figures.requests += 1
    this.figures.latenciesMs.push(ms)
    this.figures.bytesSent += sent
    this.figures.bytesReceived += received
  }

  error(message: string): void {
    this.figures.errors += 1
    if (this.figures.errorSamples.length < ERROR_SAMPLES) {
      this.figures.errorSamples.push(message)
    }
  }
}

/** Runs `task` for users 0..users-1, at most `concurrency` at once; times the whole. */
async function runPhase(
  users: number,
  concurrency: number,
  task: (user: number, recorder: PhaseRecorder) => Promise<void>,
): Promise<PhaseFigures> {
  const recorder = new PhaseRecorder()
  let next = 0
  const started = performance.now()
  recorder.figures.startMicros = nowMicros()
  await Promise.all(
    Array.from({ length: Math.min(concurrency, users) }, async () => {
      while (next < users) {
        const user = next
        next += 1
        try {
          await task(user, recorder)
        } catch (error) {
          recorder.error(`user ${user}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }),
  )
  recorder.figures.endMicros = nowMicros()
  recorder.figures.wallMs = performance.now() - started
  return recorder.figures
}

/** The loopback address user `user` connects from: one each, as real users have. */
export function userAddress(user: number): string {
  return `127.1.${Math.floor(user / 250)}.${(user % 250) + 1}`
}

/**
 * Registers `users` accounts, each from a loopback address of its own (the relay limits account
 * endpoints per address), and returns their tokens. A failed registration throws: the load needs
 * every account.
 */
export async function registerUsers(
  origin: URL,
  users: number,
  concurrency: number,
): Promise<{ tokens: string[]; figures: PhaseFigures }> {
  const tokens: string[] = []
  const agent = keepAliveAgent(concurrency)
  try {
    const figures = await runPhase(users, concurrency, async (user, recorder) => {
      const body = Buffer.from(
        JSON.stringify({ email: `bench-user-${user}@example.com`, password: PASSWORD }),
      )
      const response = await send({
        agent,
        origin,
        method: 'POST',
        path: '/users/register',
        body,
        localAddress: userAddress(user),
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
      recorder.answered(response.ms, body.length, Buffer.byteLength(response.body))
      if (response.status !== 200) {
        throw new Error(`POST /users/register: ${response.status} ${response.body.slice(0, 200)}`)
      }
      tokens[user] = (JSON.parse(response.body) as { token: string }).token
    })
    if (figures.errors > 0) {
      throw new Error(`Registering failed: ${figures.errorSamples.join('; ')}`)
    }
    return { tokens, figures }
  } finally {
    agent.destroy()
  }
}

export interface Target {
  origin: URL
  /** The relay's /sync, checked answers; or the baseline's /noop, any 200 answer. */
  kind: 'relay' | 'noop'
}

/** Each user pushes its batches one after the other (POST /sync, or POST /noop for the baseline). */
export async function pushPhase(
  target: Target,
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  shape: LoadShape,
): Promise<PhaseFigures> {
  const agent = keepAliveAgent(shape.concurrency)
  try {
    return await runPhase(libraries.length, shape.concurrency, async (user, recorder) => {
      const library = libraries[user]!
      for (const [index, body] of library.batches.entries()) {
        const ids = library.ids.slice(index * shape.batchSize, (index + 1) * shape.batchSize)
        const response = await send({
          agent,
          origin: target.origin,
          method: 'POST',
          path: target.kind === 'relay' ? '/sync' : '/noop',
          headers: { authorization: `Bearer ${tokens[user]}` },
          body,
          timeoutMs: REQUEST_TIMEOUT_MS,
        }).catch((error: unknown) => {
          recorder.error(`POST: ${error instanceof Error ? error.message : String(error)}`)
          return undefined
        })
        if (!response) {
          continue
        }
        recorder.answered(response.ms, body.length, Buffer.byteLength(response.body))
        if (response.status !== 200) {
          recorder.error(`POST: ${response.status} ${response.body.slice(0, 200)}`)
          continue
        }
        if (target.kind === 'noop') {
          recorder.figures.entities += ids.length
          continue
        }
        const answer = JSON.parse(response.body) as { stored?: string[]; rejected?: unknown[] }
        const stored = answer.stored ?? []
        if (
          stored.length !== ids.length ||
          (answer.rejected ?? []).length > 0 ||
          stored.some((id, position) => id !== ids[position])
        ) {
          recorder.error(`POST /sync: not everything stored: ${response.body.slice(0, 300)}`)
        }
        recorder.figures.entities += stored.length
      }
    })
  } finally {
    agent.destroy()
  }
}

/** At most this many pages per user, so a relay that always says hasMore cannot loop forever. */
function maxPages(entities: number): number {
  return Math.ceil(entities / PULL_PAGE) + 5
}

/**
 * Each user's second device pulls everything: GET /sync?since=<cursor> from 0 until hasMore is
 * false, and must get back exactly the entities the user pushed. Resolves with the phase and the
 * size of every page each user got.
 */
export async function pullPhase(
  origin: URL,
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  shape: LoadShape,
): Promise<{ figures: PhaseFigures; pageBytes: number[][] }> {
  const agent = keepAliveAgent(shape.concurrency)
  const pageBytes: number[][] = libraries.map(() => [])
  try {
    const figures = await runPhase(libraries.length, shape.concurrency, async (user, recorder) => {
      const library = libraries[user]!
      const received = new Set<string>()
      let cursor = 0
      for (let page = 0; ; page += 1) {
        if (page >= maxPages(library.ids.length)) {
          throw new Error(`GET /sync still had more after ${page} pages`)
        }
        const response = await send({
          agent,
          origin,
          method: 'GET',
          path: `/sync?since=${cursor}`,
          headers: { authorization: `Bearer ${tokens[user]}` },
          timeoutMs: REQUEST_TIMEOUT_MS,
        })
        const bytes = Buffer.byteLength(response.body)
        pageBytes[user]!.push(bytes)
        recorder.answered(response.ms, 0, bytes)
        if (response.status !== 200) {
          throw new Error(`GET /sync: ${response.status} ${response.body.slice(0, 200)}`)
        }
        const answer = JSON.parse(response.body) as {
          entities: { _id: string; deleted?: boolean }[]
          cursor: number
          hasMore: boolean
        }
        for (const entity of answer.entities) {
          if (entity.deleted) {
            throw new Error(`GET /sync: ${entity._id} came back deleted`)
          }
          received.add(entity._id)
        }
        recorder.figures.entities += answer.entities.length
        if (!answer.hasMore) {
          break
        }
        if (answer.cursor <= cursor) {
          throw new Error(`GET /sync: the cursor did not advance (${cursor} -> ${answer.cursor})`)
        }
        cursor = answer.cursor
      }
      const missing = library.ids.filter((id) => !received.has(id))
      if (missing.length > 0 || received.size !== library.ids.length) {
        throw new Error(
          `GET /sync: ${received.size} entities back for ${library.ids.length} pushed (${missing.length} missing)`,
        )
      }
    })
    return { figures, pageBytes }
  } finally {
    agent.destroy()
  }
}

/**
 * The baseline of a pull: each user sends as many GET /noop as its pull took pages, with the same
 * headers; with `sized`, each one asks for an answer as large as the page it stands for.
 */
export async function noopPullPhase(
  origin: URL,
  pageBytes: readonly (readonly number[])[],
  tokens: readonly string[],
  shape: LoadShape,
  sized: boolean,
): Promise<PhaseFigures> {
  const agent = keepAliveAgent(shape.concurrency)
  try {
    return await runPhase(pageBytes.length, shape.concurrency, async (user, recorder) => {
      for (const [page, bytes] of pageBytes[user]!.entries()) {
        const response = await send({
          agent,
          origin,
          method: 'GET',
          path: sized ? `/noop?bytes=${bytes}` : `/noop?since=${page}`,
          headers: { authorization: `Bearer ${tokens[user]}` },
          timeoutMs: REQUEST_TIMEOUT_MS,
        })
        recorder.answered(response.ms, 0, Buffer.byteLength(response.body))
        if (response.status !== 200) {
          recorder.error(`GET /noop: ${response.status} ${response.body.slice(0, 200)}`)
        }
      }
    })
  } finally {
    agent.destroy()
  }
}
