// The relay of the plans benchmark (scripts/src/bench/plans/): built in this process for
// `app.inject`, on SQLite in a temporary file, with the test billing provider and a clock the
// benchmark moves. Two accounts: one that bought Ultimate (yearly) through the test checkout, and
// one whose 14-day trial has ended; and the signed provider events the webhook path receives.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createRelay } from '../app'
import { TEST_BILLING_SECRET, buyWithTestProvider, testBilling } from '../billing/billing-test-kit'
import {
  eventEnvelope,
  paddleSignature,
  paddleStyleId,
  subscriptionData,
  transactionData,
  type PayloadPrice,
} from '../billing/paddle-payloads'
import type { StoredBillingSubscription } from '../storage/billing-records'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { testConfig } from './build'
import { createUser, manualClock, tokenPayload, type TestUser } from './relay-harness'

const DAY_MS = 24 * 60 * 60 * 1000
const TRIAL_DAYS = 14

export interface BenchAccount extends TestUser {
  id: string
}

export interface PlansBenchRelay {
  app: FastifyInstance
  /** Bought Ultimate (yearly): may sync. */
  ultimate: BenchAccount
  /** Its trial ended a day ago: refused with 402 PREMIUM_REQUIRED. */
  expired: BenchAccount
  /** The Ultimate account's subscription, as stored after the checkout. */
  subscription: StoredBillingSubscription
  /** The SQLite file's size with its WAL. */
  storedBytes(): number
  close(): Promise<void>
}

async function signIn(app: FastifyInstance, user: TestUser): Promise<BenchAccount> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth',
    payload: { email: user.email, password: 'correct horse battery' },
  })
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  }
  const token = response.json<{ token: string }>().token
  const id = String(tokenPayload(token)._id)
  return { ...user, id, token, headers: { authorization: `Bearer ${token}` } }
}

async function buyUltimate(app: FastifyInstance, user: TestUser): Promise<void> {
  await buyWithTestProvider(app, user.headers)
}

/** The relay, its two accounts and the Ultimate subscription. */
export async function startPlansBenchRelay(): Promise<PlansBenchRelay> {
  const dir = mkdtempSync(join(tmpdir(), 'inkmark-plans-bench-'))
  const file = join(dir, 'relay.sqlite')
  const clock = manualClock(Date.now())
  const app = await createRelay({
    config: testConfig({ billing: testBilling(), trialDays: TRIAL_DAYS }),
    storage: openSqliteStorage(file),
    version: 'bench',
    now: clock.now,
  })
  await app.ready()
  const ultimateUser = await createUser(app, 'ultimate@example.com')
  const expiredUser = await createUser(app, 'expired@example.com')
  await buyUltimate(app, ultimateUser)
  // The trial ends; tokens are signed again on the relay's clock.
  clock.advance((TRIAL_DAYS + 1) * DAY_MS)
  const ultimate = await signIn(app, ultimateUser)
  const expired = await signIn(app, expiredUser)
  const [subscription] = await app.services.storage.listBillingSubscriptions(ultimate.id)
  if (!subscription) {
    throw new Error('the test checkout stored no subscription')
  }
  return {
    app,
    ultimate,
    expired,
    subscription,
    storedBytes: () =>
      ['', '-wal'].reduce((sum, suffix) => {
        try {
          return sum + statSync(`${file}${suffix}`).size
        } catch {
          return sum
        }
      }, 0),
    close: async () => {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A provider event body, as the test provider writes it (Paddle's shape). */
export interface BenchEvent {
  body: string
  type: 'transaction.completed' | 'subscription.updated'
}

/**
 * The next event about the Ultimate subscription: a renewal's transaction.completed (a new
 * transaction id) or a subscription.updated of the same state, each newer than the last.
 */
export function nextEvent(
  subscription: StoredBillingSubscription,
  type: BenchEvent['type'],
  occurredAt: number,
): BenchEvent {
  const price: PayloadPrice = {
    priceId: `pri_test_${subscription.planId}`,
    planId: subscription.planId,
    amount: 29.99,
    currency: 'USD',
  }
  const periodEnd = subscription.currentPeriodEnd ?? occurredAt + 365 * DAY_MS
  const periodStart = periodEnd - 365 * DAY_MS
  const data =
    type === 'transaction.completed'
      ? transactionData({
          transactionId: paddleStyleId('txn'),
          subscriptionId: subscription.subscriptionId,
          price,
          customData: null,
          billedAt: occurredAt,
          period: { start: periodStart, end: periodEnd },
        })
      : subscriptionData({
          subscriptionId: subscription.subscriptionId,
          status: 'active',
          price,
          customData: null,
          createdAt: periodStart,
          periodStart,
          periodEnd,
          scheduledCancelAt: null,
          canceledAt: null,
          updatedAt: occurredAt,
        })
  return { type, body: JSON.stringify(eventEnvelope(type, occurredAt, data)) }
}

/** Signs a body now, as the test provider does just before delivering it. */
export function signNow(body: string): string {
  return paddleSignature(body, TEST_BILLING_SECRET, Math.floor(Date.now() / 1000))
}

export { TEST_BILLING_SECRET }
