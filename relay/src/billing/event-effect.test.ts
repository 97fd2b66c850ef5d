// What an event does to an account: paid through the period plus the grace; an ended subscription
// ends only its own plan; a lifetime plan is never replaced or ended by a subscription.
import { LIFETIME_EXPIRY_MARKER_MILLIS } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import type { StoredUser } from '../storage/relay-storage'
import type { BillingEvent } from './billing-event'
import { BILLING_GRACE_MILLIS, effectOfEvent, type EventContext } from './event-effect'

const PERIOD_END = Date.UTC(2027, 10, 26)

function user(plan: StoredUser['plan'], premium: boolean): StoredUser {
  return {
    id: 'u1',
    email: 'ada@example.com',
    passwordHash: 'h',
    createdAt: 1,
    emailConfirmed: true,
    plan,
    premium,
    sessionVersion: 0,
  }
}

function context(account: StoredUser, stored?: EventContext['stored']): EventContext {
  return {
    provider: 'paddle',
    receivedAt: 10,
    planIdOfPrice: (priceId) => (priceId === 'pri_u1y' ? 'ULTIMATE_1Y' : undefined),
    stored,
    findUser: (id) => Promise.resolve(id === account.id ? account : undefined),
    findCheckout: (checkoutId) =>
      Promise.resolve(
        checkoutId === 'chk_u1'
          ? {
              checkoutId,
              userId: 'u1',
              provider: 'paddle',
              planId: 'ULTIMATE_1Y',
              amount: 29.99,
              currency: 'USD',
              discountCode: null,
              createdAt: 1,
              completedAt: null,
            }
          : undefined,
      ),
    findTransaction: () => Promise.resolve(undefined),
    listTransactions: () => Promise.resolve([]),
  }
}

function subscriptionEvent(
  id: string,
  status: 'active' | 'canceled' | 'paused',
  userId = 'u1',
  checkoutId = 'chk_u1',
): BillingEvent {
  return {
    eventId: `evt_${id}_${status}`,
    eventType: `subscription.${status === 'active' ? 'updated' : status}`,
    occurredAt: 5,
    kind: 'subscription',
    subscription: {
      id,
      status,
      priceId: 'pri_u1y',
      customData: { userId, checkoutId },
      currentPeriodEnd: status === 'active' ? PERIOD_END : null,
      scheduledCancelAt: null,
      endedAt: status === 'active' ? null : 5,
    },
  }
}

const LIFETIME = {
  type: 'ULTIMATE',
  expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS,
  userPlanDuration: 'Lifetime',
}

describe('effectOfEvent', () => {
  it('pays the plan through the period plus the grace', async () => {
    const effect = await effectOfEvent(
      subscriptionEvent('sub_a', 'active'),
      context(user(null, false)),
    )
    expect(effect).toMatchObject({
      userPlan: {
        premium: true,
        plan: {
          type: 'ULTIMATE',
          expiresDateMillis: PERIOD_END + BILLING_GRACE_MILLIS,
          subscription_id: 'sub_a',
          userPlanDuration: '1Y',
        },
      },
    })
  })

  it('ends the plan when its own subscription is canceled or paused', async () => {
    const account = user(
      { type: 'ULTIMATE', expiresDateMillis: PERIOD_END, subscription_id: 'sub_a' },
      true,
    )
    for (const status of ['canceled', 'paused'] as const) {
      const effect = await effectOfEvent(subscriptionEvent('sub_a', status), context(account))
      expect(effect).toMatchObject({
        subscription: { status },
        userPlan: { premium: false, plan: { expiresDateMillis: 5, subscription_id: 'sub_a' } },
      })
    }
  })

  it('leaves the account alone when another subscription of it ends', async () => {
    const account = user(
      { type: 'ULTIMATE', expiresDateMillis: PERIOD_END, subscription_id: 'sub_new' },
      true,
    )
    const effect = await effectOfEvent(subscriptionEvent('sub_old', 'canceled'), context(account))
    expect(effect).toMatchObject({ subscription: { status: 'canceled' }, userPlan: null })
  })

  it('never replaces or ends a lifetime plan through a subscription', async () => {
    const account = user(LIFETIME, true)
    for (const status of ['active', 'canceled'] as const) {
      const effect = await effectOfEvent(subscriptionEvent('sub_a', status), context(account))
      expect(effect).toMatchObject({ userPlan: null })
    }
  })

  it('ignores unknown prices, unknown owners and events it does not handle', async () => {
    const account = user(null, false)
    const unknownPrice = subscriptionEvent('sub_a', 'active')
    if (unknownPrice.kind === 'subscription') {
      unknownPrice.subscription.priceId = 'pri_other'
    }
    expect(await effectOfEvent(unknownPrice, context(account))).toBe('unknown-price')
    expect(await effectOfEvent(subscriptionEvent('sub_a', 'active', 'u9'), context(account))).toBe(
      'unknown-owner',
    )
    // Custom data naming an account needs a checkout of that account (set in a browser, it could
    // name anyone).
    expect(
      await effectOfEvent(subscriptionEvent('sub_a', 'active', 'u1', 'chk_none'), context(account)),
    ).toBe('unknown-owner')
    expect(
      await effectOfEvent(
        { eventId: 'evt_x', eventType: 'address.created', occurredAt: 1, kind: 'ignored' },
        context(account),
      ),
    ).toBe('not-handled')
  })
})
