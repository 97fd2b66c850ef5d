import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { signUserToken } from '../accounts/tokens'
import { GIVEAWAY_DAYS, GIVEAWAY_LINK_LIFETIME_MS } from '../plans/giveaway-plan'
import type { NewUser, RelayStorage } from '../storage/relay-storage'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { TEST_JWT_SECRET } from '../testing/build'
import {
  buildRelayOn,
  entity,
  injectAs,
  manualClock,
  type ManualClock,
  type TestUser,
} from '../testing/relay-harness'

const START = Date.UTC(2026, 2, 28, 12)
const DAY_MS = 24 * 60 * 60 * 1000
const IN_A_YEAR = START + 365 * DAY_MS

interface Setup {
  app: FastifyInstance
  storage: RelayStorage
  clock: ManualClock
  account: (id: string, user?: Partial<NewUser>) => Promise<TestUser & { id: string }>
}

async function setup(): Promise<Setup> {
  const storage = openSqliteStorage(':memory:')
  const clock = manualClock(START)
  const app = await buildRelayOn(() => Promise.resolve(storage), {
    now: clock.now,
    config: { trialDays: 0 },
  })
  return {
    app,
    storage,
    clock,
    async account(id, user = {}) {
      const stored = await storage.createUser({
        id,
        email: `${id}@example.com`,
        passwordHash: 'x',
        createdAt: clock.now(),
        ...user,
      })
      const token = await signUserToken(stored, TEST_JWT_SECRET, Math.floor(clock.now() / 1000))
      return { id, email: stored.email, token, headers: { authorization: `Bearer ${token}` } }
    },
  }
}

const subscription = {
  plan: { type: 'PREMIUM', expiresDateMillis: IN_A_YEAR, subscription_id: 'sub_1' },
}

async function give(app: FastifyInstance, user: TestUser) {
  return injectAs(app, user, { method: 'POST', url: '/giveaway', payload: {} })
}

async function giveOne(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await give(app, user)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ giveaway: { id: string } }>().giveaway.id
}

function redeem(app: FastifyInstance, user: TestUser, id: string) {
  return injectAs(app, user, { method: 'POST', url: `/giveaway/${id}/redeem`, payload: {} })
}

function amountLeft(app: FastifyInstance, user: TestUser) {
  return injectAs(app, user, { method: 'GET', url: '/giveaway/count/amount-this-month' })
}

describe('giveaways', () => {
  it('gives a subscriber 3 links a month, counted down, and a fourth is refused until next month', async () => {
    const { app, clock, account } = await setup()
    const ada = await account('ada', subscription)
    expect((await amountLeft(app, ada)).json()).toMatchObject({
      canGive: true,
      amount: 3,
      allowance: 3,
      resetsAt: Date.UTC(2026, 3, 1),
      giveaways: [],
    })
    const first = await give(app, ada)
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      amount: 2,
      giveaway: { planType: 'PREMIUM', days: GIVEAWAY_DAYS, status: 'AVAILABLE' },
    })
    await giveOne(app, ada)
    await giveOne(app, ada)
    const fourth = await give(app, ada)
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json()).toMatchObject({ code: 'GIVEAWAY_LIMIT_REACHED' })
    const listed = (await amountLeft(app, ada)).json<{ amount: number; giveaways: unknown[] }>()
    expect(listed.amount).toBe(0)
    expect(listed.giveaways).toHaveLength(3)

    clock.set(Date.UTC(2026, 3, 1, 0, 0, 1))
    expect((await amountLeft(app, ada)).json()).toMatchObject({ amount: 3, giveaways: [] })
  })

  it('refuses giving to a trial, a Free account and no token; each sees only their own links', async () => {
    const { app, account } = await setup()
    const trial = await account('trial', {
      plan: { type: 'FREE_TRIAL', expiresDateMillis: IN_A_YEAR },
    })
    const free = await account('free')
    for (const user of [trial, free]) {
      const refused = await give(app, user)
      expect(refused.statusCode).toBe(402)
      expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' })
      expect((await amountLeft(app, user)).json()).toMatchObject({ canGive: false, amount: 0 })
    }
    expect((await app.inject({ method: 'POST', url: '/giveaway', payload: {} })).statusCode).toBe(
      401,
    )
    const ada = await account('ada', subscription)
    await giveOne(app, ada)
    expect((await amountLeft(app, free)).json()).toMatchObject({ giveaways: [] })
  })

  it('shows a link to anyone holding it, with nothing about the giver; 404 and 400 otherwise', async () => {
    const { app, account } = await setup()
    const ada = await account('ada', subscription)
    const id = await giveOne(app, ada)
    const shown = await app.inject({ method: 'GET', url: `/giveaway/${id}` })
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toEqual({
      id,
      planType: 'PREMIUM',
      days: GIVEAWAY_DAYS,
      status: 'AVAILABLE',
      expiresAt: START + GIVEAWAY_LINK_LIFETIME_MS,
      redeemedAt: null,
    })
    expect(shown.body).not.toContain('ada')
    expect(
      (await app.inject({ method: 'GET', url: `/giveaway/${'A'.repeat(22)}` })).statusCode,
    ).toBe(404)
    const malformed = await app.inject({ method: 'GET', url: '/giveaway/..%2Fetc' })
    expect(malformed.statusCode).toBe(400)
  })

  it('redeems once for someone else: a month of Premium that syncs; the giver and a second redeemer are refused', async () => {
    const { app, storage, account } = await setup()
    const ada = await account('ada', subscription)
    const bob = await account('bob')
    const carol = await account('carol')
    const id = await giveOne(app, ada)

    expect((await app.inject({ method: 'POST', url: `/giveaway/${id}/redeem` })).statusCode).toBe(
      401,
    )
    const own = await redeem(app, ada, id)
    expect(own.statusCode).toBe(403)
    // Bob (Free) may not sync until he redeems.
    const before = await injectAs(app, bob, {
      method: 'POST',
      url: '/sync',
      payload: { entities: [entity.bookmark('b1')] },
    })
    expect(before.statusCode).toBe(402)

    const redeemed = await redeem(app, bob, id)
    expect(redeemed.statusCode).toBe(200)
    expect(redeemed.json()).toMatchObject({
      giveaway: { status: 'REDEEMED', redeemedAt: START },
      userPlan: {
        type: 'PREMIUM',
        expiresDateMillis: START + GIVEAWAY_DAYS * DAY_MS,
        userPlanDuration: '1M',
      },
    })
    expect((await storage.findUserById('bob'))?.plan?.type).toBe('PREMIUM')
    const after = await injectAs(app, bob, {
      method: 'POST',
      url: '/sync',
      payload: { entities: [entity.bookmark('b1')] },
    })
    expect(after.statusCode).toBe(200)
    // A gift is not a paid plan: Bob cannot pass months on (gifts would chain forever).
    expect((await give(app, bob)).statusCode).toBe(402)

    const again = await redeem(app, carol, id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'GIVEAWAY_REDEEMED' })
    expect((await storage.findUserById('carol'))?.plan).toBeNull()
  })

  it('never shortens a plan: a trial gets the month after it, a subscriber is refused, an old link expired', async () => {
    const { app, clock, storage, account } = await setup()
    const ada = await account('ada', subscription)
    const trialEnd = START + 10 * DAY_MS
    const trial = await account('trial', {
      plan: { type: 'FREE_TRIAL', expiresDateMillis: trialEnd, userPlanDuration: '1Y' },
    })
    const subscriber = await account('sub', {
      plan: { type: 'ULTIMATE', expiresDateMillis: IN_A_YEAR, subscription_id: 'sub_2' },
    })
    const [first, second, third] = [
      await giveOne(app, ada),
      await giveOne(app, ada),
      await giveOne(app, ada),
    ]
    expect((await redeem(app, trial, first)).json()).toMatchObject({
      userPlan: { type: 'FREE_TRIAL', expiresDateMillis: trialEnd + GIVEAWAY_DAYS * DAY_MS },
    })
    const refused = await redeem(app, subscriber, second)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'PLAN_ALREADY_LONGER' })
    expect((await storage.findUserById('sub'))?.plan?.expiresDateMillis).toBe(IN_A_YEAR)
    expect((await storage.findGiveaway(second))?.redeemedAt).toBeNull()

    clock.set(START + GIVEAWAY_LINK_LIFETIME_MS)
    const late = await account('late')
    const expired = await redeem(app, late, third)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({ code: 'GIVEAWAY_EXPIRED' })
  })
})
