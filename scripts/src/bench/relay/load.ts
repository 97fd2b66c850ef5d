// The load: simulated users run concurrently, at most `concurrency` at once (a closed loop: each
// user has one request outstanding and sends the next when the answer is in). Each phase records
// every request's latency, its bytes and its errors, and the CPU time the server and this load
// generator used. An error is a network failure, a status other than 200, or an answer that does
// not say what it should (an entity not stored, a pull that does not give back exactly the user's
// entities). The generator does as little as it can while a phase runs: pull pages are checked
// after the phase, so parsing them does not delay the answers being timed.
import { PULL_PAGE_SIZE } from '@inkmark/shared'
import type { Agent } from 'node:http'
import { keepAliveAgent, send } from './http-client'
import type { LoadShape, UserLibrary } from './library'
import type { CpuTime } from './processes'

/** A request that has no answer after this long counts as an error. */
export const REQUEST_TIMEOUT_MS = 60_000
/** The GET /sync page the sync engine asks for (`limit=`), so pulls are the client's. */
export const PULL_PAGE = PULL_PAGE_SIZE
/** A password long enough for the relay. */
const PASSWORD = 'correct horse battery staple'
/** Kept to say what went wrong. */
const ERROR_SAMPLES = 5
/** The end of a GET /sync answer, `..."cursor":12,"hasMore":true}` (the relay's key order). */
const PAGE_TAIL = /"cursor":(\d+),"hasMore":(true|false)\}\s*$/

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
  /** CPU time of this process (the load generator) during the phase. */
  generatorCpuMs: number
  /** CPU time of the server during the phase. */
  serverCpu: CpuTime
}

/** The server under load: where to send, and how to read its CPU time. */
export interface Target {
  origin: URL
  cpu(): Promise<CpuTime>
}

/** The microsecond monotonic clock that V8 CPU profiles use too. */
export function nowMicros(): number {
  return Number(process.hrtime.bigint() / 1000n)
}

/** Collects one phase's figures as its requests are answered. */
export class PhaseRecorder {
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
    generatorCpuMs: 0,
    serverCpu: { mainThreadMs: 0, mainThreadRunQueueMs: 0, totalMs: 0 },
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

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/** Runs `task` for users 0..users-1, at most `concurrency` at once; times the whole. */
async function runPhase(
  target: Target,
  users: number,
  concurrency: number,
  task: (user: number, recorder: PhaseRecorder) => Promise<void>,
): Promise<PhaseFigures> {
  const recorder = new PhaseRecorder()
  let next = 0
  const serverBefore = await target.cpu()
  const generatorBefore = process.cpuUsage()
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
          recorder.error(`user ${user}: ${messageOf(error)}`)
        }
      }
    }),
  )
  recorder.figures.endMicros = nowMicros()
  recorder.figures.wallMs = performance.now() - started
  const generator = process.cpuUsage(generatorBefore)
  recorder.figures.generatorCpuMs = (generator.user + generator.system) / 1000
  const serverAfter = await target.cpu()
  recorder.figures.serverCpu = {
    mainThreadMs: serverAfter.mainThreadMs - serverBefore.mainThreadMs,
    mainThreadRunQueueMs: serverAfter.mainThreadRunQueueMs - serverBefore.mainThreadRunQueueMs,
    totalMs: serverAfter.totalMs - serverBefore.totalMs,
  }
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
  target: Target,
  users: number,
  concurrency: number,
): Promise<{ tokens: string[]; figures: PhaseFigures }> {
  const tokens: string[] = []
  const agent = keepAliveAgent(concurrency)
  try {
    const figures = await runPhase(target, users, concurrency, async (user, recorder) => {
      const body = Buffer.from(
        JSON.stringify({ email: `bench-user-${user}@example.com`, password: PASSWORD }),
      )
      const response = await send({
        agent,
        origin: target.origin,
        method: 'POST',
        path: '/users/register',
        body,
        localAddress: userAddress(user),
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
      recorder.answered(response.ms, body.length, response.body.length)
      const text = response.body.toString('utf8')
      if (response.status !== 200) {
        throw new Error(`POST /users/register: ${response.status} ${text.slice(0, 200)}`)
      }
      tokens[user] = (JSON.parse(text) as { token: string }).token
    })
    if (figures.errors > 0) {
      throw new Error(`Registering failed: ${figures.errorSamples.join('; ')}`)
    }
    return { tokens, figures }
  } finally {
    agent.destroy()
  }
}

/**
 * One user's device pushes its batches one after the other, as the sync engine does: POST /sync,
 * checking that every entity is stored; or, for the baseline (`noop`), the same bodies to
 * POST /noop, checking only the status.
 */
export async function pushUser(
  agent: Agent,
  target: Target,
  library: UserLibrary,
  token: string,
  batchSize: number,
  kind: 'relay' | 'noop',
  recorder: PhaseRecorder,
): Promise<void> {
  for (const [index, body] of library.batches.entries()) {
    const ids = library.ids.slice(index * batchSize, (index + 1) * batchSize)
    const response = await send({
      agent,
      origin: target.origin,
      method: 'POST',
      path: kind === 'relay' ? '/sync' : '/noop',
      headers: { authorization: `Bearer ${token}` },
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
    }).catch((error: unknown) => {
      recorder.error(`POST: ${messageOf(error)}`)
      return undefined
    })
    if (!response) {
      continue
    }
    recorder.answered(response.ms, body.length, response.body.length)
    const text = response.body.toString('utf8')
    if (response.status !== 200) {
      recorder.error(`POST: ${response.status} ${text.slice(0, 200)}`)
      continue
    }
    if (kind === 'noop') {
      recorder.figures.entities += ids.length
      continue
    }
    const answer = JSON.parse(text) as { stored?: string[]; rejected?: unknown[] }
    const stored = answer.stored ?? []
    if (
      stored.length !== ids.length ||
      (answer.rejected ?? []).length > 0 ||
      stored.some((id, position) => id !== ids[position])
    ) {
      recorder.error(`POST /sync: not everything stored: ${text.slice(0, 300)}`)
    }
    recorder.figures.entities += stored.length
  }
}

/** Every user pushes (`pushUser`), `shape.concurrency` users at once in a closed loop. */
export async function pushPhase(
  target: Target,
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  shape: LoadShape,
  kind: 'relay' | 'noop',
): Promise<PhaseFigures> {
  const agent = keepAliveAgent(shape.concurrency)
  try {
    return await runPhase(target, libraries.length, shape.concurrency, (user, recorder) =>
      pushUser(agent, target, libraries[user]!, tokens[user]!, shape.batchSize, kind, recorder),
    )
  } finally {
    agent.destroy()
  }
}

/** At most this many pages per user, so a relay that always says hasMore cannot loop forever. */
function maxPages(entities: number): number {
  return Math.ceil(entities / PULL_PAGE) + 5
}

/** Checks one user's pulled pages against what it pushed: how many came back, and any problem. */
function checkPull(
  pages: readonly Buffer[],
  library: UserLibrary,
): { received: number; problem: string | undefined } {
  const received = new Set<string>()
  const deleted: string[] = []
  for (const page of pages) {
    try {
      const answer = JSON.parse(page.toString('utf8')) as {
        entities: { _id: string; deleted?: boolean }[]
      }
      for (const entity of answer.entities) {
        if (entity.deleted) {
          deleted.push(entity._id)
        } else {
          received.add(entity._id)
        }
      }
    } catch (error) {
      return { received: received.size, problem: `an unreadable page: ${messageOf(error)}` }
    }
  }
  const missing = library.ids.filter((id) => !received.has(id)).length
  const problem =
    deleted.length > 0
      ? `${deleted.length} entities came back deleted`
      : missing > 0 || received.size !== library.ids.length
        ? `${received.size} entities back for ${library.ids.length} pushed (${missing} missing)`
        : undefined
  return { received: received.size, problem }
}

/**
 * One user's second device pulls everything, as the sync engine does: GET /sync?since=<cursor>
 * with the client's page from 0 until hasMore is false. Only each page's cursor and hasMore are
 * read here (from its tail); the pages are returned for `checkPulls` to check later.
 */
export async function pullUser(
  agent: Agent,
  target: Target,
  library: UserLibrary,
  token: string,
  recorder: PhaseRecorder,
): Promise<Buffer[]> {
  const pages: Buffer[] = []
  let cursor = 0
  for (let page = 0; ; page += 1) {
    if (page >= maxPages(library.ids.length)) {
      throw new Error(`GET /sync still had more after ${page} pages`)
    }
    const response = await send({
      agent,
      origin: target.origin,
      method: 'GET',
      path: `/sync?since=${cursor}&limit=${PULL_PAGE}`,
      headers: { authorization: `Bearer ${token}` },
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    recorder.answered(response.ms, 0, response.body.length)
    if (response.status !== 200) {
      throw new Error(`GET /sync: ${response.status} ${response.body.toString('utf8', 0, 200)}`)
    }
    pages.push(response.body)
    const tail = PAGE_TAIL.exec(response.body.toString('utf8', response.body.length - 64))
    if (!tail) {
      throw new Error('GET /sync: an answer without cursor and hasMore at its end')
    }
    if (tail[2] === 'false') {
      return pages
    }
    const next = Number(tail[1])
    if (next <= cursor) {
      throw new Error(`GET /sync: the cursor did not advance (${cursor} -> ${next})`)
    }
    cursor = next
  }
}

/**
 * After a phase: every user must have got back exactly its entities. Counts the entities received
 * into `figures` and each user's problem as an error. Returns the size of every page.
 */
export function checkPulls(
  figures: PhaseFigures,
  libraries: readonly UserLibrary[],
  pages: readonly (readonly Buffer[])[],
): number[][] {
  figures.entities = 0
  for (const [user, library] of libraries.entries()) {
    const { received, problem } = checkPull(pages[user] ?? [], library)
    figures.entities += received
    if (problem) {
      figures.errors += 1
      if (figures.errorSamples.length < ERROR_SAMPLES) {
        figures.errorSamples.push(`user ${user}: GET /sync: ${problem}`)
      }
    }
  }
  return pages.map((list) => list.map((page) => page.length))
}

/**
 * Every user's second device pulls (`pullUser`), `shape.concurrency` at once in a closed loop;
 * once the phase is over, every page is parsed and checked (`checkPulls`). Resolves with the
 * phase and the size of every page each user got.
 */
export async function pullPhase(
  target: Target,
  libraries: readonly UserLibrary[],
  tokens: readonly string[],
  shape: LoadShape,
): Promise<{ figures: PhaseFigures; pageBytes: number[][] }> {
  const agent = keepAliveAgent(shape.concurrency)
  const pages: Buffer[][] = libraries.map(() => [])
  try {
    const figures = await runPhase(
      target,
      libraries.length,
      shape.concurrency,
      async (user, recorder) => {
        pages[user] = await pullUser(agent, target, libraries[user]!, tokens[user]!, recorder)
      },
    )
    return { figures, pageBytes: checkPulls(figures, libraries, pages) }
  } finally {
    agent.destroy()
  }
}

/**
 * The baseline of one user's pull: as many GET /noop as its pull took pages, with the same
 * headers; with `sized`, each one asks for an answer as large as the page it stands for.
 */
export async function noopPullUser(
  agent: Agent,
  target: Target,
  pageBytes: readonly number[],
  token: string,
  sized: boolean,
  recorder: PhaseRecorder,
): Promise<void> {
  for (const [page, bytes] of pageBytes.entries()) {
    const response = await send({
      agent,
      origin: target.origin,
      method: 'GET',
      path: sized ? `/noop?bytes=${bytes}` : `/noop?since=${page}`,
      headers: { authorization: `Bearer ${token}` },
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    recorder.answered(response.ms, 0, response.body.length)
    if (response.status !== 200) {
      recorder.error(`GET /noop: ${response.status}`)
    }
  }
}

/** Every user's baseline pull (`noopPullUser`), `shape.concurrency` at once in a closed loop. */
export async function noopPullPhase(
  target: Target,
  pageBytes: readonly (readonly number[])[],
  tokens: readonly string[],
  shape: LoadShape,
  sized: boolean,
): Promise<PhaseFigures> {
  const agent = keepAliveAgent(shape.concurrency)
  try {
    return await runPhase(target, pageBytes.length, shape.concurrency, (user, recorder) =>
      noopPullUser(agent, target, pageBytes[user]!, tokens[user]!, sized, recorder),
    )
  } finally {
    agent.destroy()
  }
}
