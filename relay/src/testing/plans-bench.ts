// The measurements of the plans benchmark (scripts/src/bench/plans/), run as a child process so the
// scripts workspace needs none of the relay's code or packages:
//
//   node --import tsx relay/src/testing/plans-bench.ts <rounds> <warmupRounds>
//
// prints the figures as JSON on stdout, progress on stderr. One relay in this process
// (plans-bench-relay.ts), driven with `app.inject`; each round times, in an order that rotates from
// round to round: an accepted POST /sync of 20 new entities by the Ultimate account (the baseline);
// the plan gate's own work alone (the account read from storage + accountMaySync); a refused push
// of 20 entities by the expired trial (402 PREMIUM_REQUIRED); a signed transaction.completed and a
// signed subscription.updated through BillingService.receiveEvent (signature checked by the Paddle
// SDK, applied in one transaction), and an earlier round's event delivered again (a duplicate).
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { accountMaySync } from '../plans/sync-plan'
import {
  TEST_BILLING_SECRET,
  nextEvent,
  signNow,
  startPlansBenchRelay,
  type BenchAccount,
  type BenchEvent,
  type PlansBenchRelay,
} from './plans-bench-relay'
import { entity, injectAs } from './relay-harness'

/** A push's size, as the sync engine batches (one bookmark in five, the rest marks). */
const BATCH = 20
const BOOKMARKS_PER_BATCH = 4

type Measure = 'push' | 'gate' | 'refused' | 'transaction' | 'subscription' | 'replay'

export type PlansBenchFigures = Record<Measure, number[]> & {
  rounds: number
  warmupRounds: number
  batch: number
  bookmarksPerBatch: number
  pushBytes: number
  refusalBody: string
  storedBytes: number
}

function log(line: string): void {
  process.stderr.write(`${line}\n`)
}

/** 20 new entities: 4 bookmarks and 16 marks on them, ids unique to `tag`. */
function batch(tag: string): object[] {
  const bookmarks = Array.from({ length: BOOKMARKS_PER_BATCH }, (_, index) =>
    entity.bookmark(`${tag}-b${index}`, { url: `https://example.com/${tag}/${index}` }),
  )
  const marks = Array.from({ length: BATCH - BOOKMARKS_PER_BATCH }, (_, index) =>
    entity.mark(`${tag}-m${index}`, `${tag}-b${index % BOOKMARKS_PER_BATCH}`),
  )
  return [...bookmarks, ...marks]
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

async function pushAccepted(app: FastifyInstance, user: BenchAccount, tag: string) {
  const entities = batch(tag)
  let body = ''
  const ms = await timed(async () => {
    const response = await injectAs(app, user, {
      method: 'POST',
      url: '/sync',
      payload: { entities },
    })
    body = response.body
    if (response.statusCode !== 200) {
      throw new Error(`push refused: ${response.statusCode} ${response.body}`)
    }
  })
  const answer = JSON.parse(body) as { stored: string[]; rejected: unknown[] }
  if (answer.stored.length !== BATCH || answer.rejected.length > 0) {
    throw new Error(`push not stored whole: ${body}`)
  }
  return ms
}

async function pushRefused(app: FastifyInstance, user: BenchAccount, tag: string) {
  const entities = batch(tag)
  let answer = { statusCode: 0, body: '' }
  const ms = await timed(async () => {
    answer = await injectAs(app, user, { method: 'POST', url: '/sync', payload: { entities } })
  })
  if (answer.statusCode !== 402 || !answer.body.includes('PREMIUM_REQUIRED')) {
    throw new Error(`expected 402 PREMIUM_REQUIRED: ${answer.statusCode} ${answer.body}`)
  }
  return { ms, body: answer.body }
}

/** The plan gate alone, as requireSyncPlan does it. */
async function gate(relay: PlansBenchRelay) {
  const { services } = relay.app
  let allowed = false
  const ms = await timed(async () => {
    const account = await services.storage.findUserById(relay.ultimate.id)
    allowed = account !== undefined && accountMaySync(account, services, services.now())
  })
  if (!allowed) {
    throw new Error('the plan gate refused the Ultimate account')
  }
  return ms
}

async function deliver(relay: PlansBenchRelay, event: BenchEvent, expected: string) {
  const signature = signNow(event.body)
  let outcome = ''
  const ms = await timed(async () => {
    const received = await relay.app.services.billing.receiveEvent(
      event.body,
      signature,
      TEST_BILLING_SECRET,
    )
    outcome = received.outcome
  })
  if (outcome !== expected) {
    throw new Error(`${event.type} was ${outcome}, expected ${expected}`)
  }
  return ms
}

async function main(rounds: number, warmupRounds: number): Promise<PlansBenchFigures> {
  const relay = await startPlansBenchRelay()
  try {
    const { app, ultimate, expired, subscription } = relay
    const figures: PlansBenchFigures = {
      push: [],
      gate: [],
      refused: [],
      transaction: [],
      subscription: [],
      replay: [],
      rounds,
      warmupRounds,
      batch: BATCH,
      bookmarksPerBatch: BOOKMARKS_PER_BATCH,
      pushBytes: JSON.stringify({ entities: batch('r0000-push') }).length,
      refusalBody: '',
      storedBytes: 0,
    }
    // Each event occurs after the last one applied (older ones are refused as stale).
    let occurredAt = app.services.now()
    let delivered: BenchEvent | undefined
    const event = (type: BenchEvent['type']) => {
      occurredAt += 1000
      return nextEvent(subscription, type, occurredAt)
    }
    const total = warmupRounds + rounds
    log(`plans: ${warmupRounds} warm-up rounds, then ${rounds} timed rounds of 6 measurements`)
    for (let round = 0; round < total; round += 1) {
      const tag = `r${String(round).padStart(4, '0')}`
      const replayOf = delivered
      const steps: [Measure, () => Promise<number>][] = [
        ['push', () => pushAccepted(app, ultimate, `${tag}-push`)],
        ['gate', () => gate(relay)],
        [
          'refused',
          async () => {
            const refusal = await pushRefused(app, expired, `${tag}-refused`)
            figures.refusalBody = refusal.body
            return refusal.ms
          },
        ],
        [
          'transaction',
          async () => {
            const first = event('transaction.completed')
            const ms = await deliver(relay, first, 'applied')
            delivered = first
            return ms
          },
        ],
        ['subscription', () => deliver(relay, event('subscription.updated'), 'applied')],
        [
          'replay',
          () => (replayOf ? deliver(relay, replayOf, 'duplicate') : Promise.resolve(Number.NaN)),
        ],
      ]
      for (let offset = 0; offset < steps.length; offset += 1) {
        const [name, step] = steps[(round + offset) % steps.length]!
        const ms = await step()
        if (round >= warmupRounds && Number.isFinite(ms)) {
          figures[name].push(ms)
        }
      }
      if ((round + 1) % 100 === 0) {
        log(`plans: ${round + 1} of ${total} rounds`)
      }
    }
    figures.storedBytes = relay.storedBytes()
    return figures
  } finally {
    // The SQLite checkpointer's worker is unref'd (a relay's server keeps the process alive): keep
    // the event loop alive until it has closed, or the process would end with close() pending.
    const keepAlive = setInterval(() => undefined, 1000)
    await relay.close()
    clearInterval(keepAlive)
  }
}

const [rounds = '300', warmup = '30'] = process.argv.slice(2)
main(Number(rounds), Number(warmup)).then(
  (figures) => {
    process.stdout.write(`${JSON.stringify(figures)}\n`)
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error))
    process.exitCode = 1
  },
)
