// The billing behaviour every RelayStorage must have (docs/adr/051-relay-billing.md), run against
// SQLite and PostgreSQL by their storage test files like storage-contract.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BillingEventWrite } from './billing-records'
import type { RelayStorage } from './relay-storage'

const PLAN = {
  type: 'ULTIMATE',
  expiresDateMillis: 2_000,
  subscription_id: 'sub_1',
  userPlanDuration: '1Y',
}

function write(overrides: Partial<BillingEventWrite> = {}): BillingEventWrite {
  return {
    eventId: 'evt_1',
    occurredAt: 100,
    receivedAt: 150,
    subscription: {
      subscriptionId: 'sub_1',
      userId: 'u1',
      provider: 'paddle',
      planId: 'ULTIMATE_1Y',
      status: 'active',
      currentPeriodEnd: 1_000,
      scheduledCancelAt: null,
    },
    transaction: {
      transactionId: 'txn_1',
      userId: 'u1',
      subscriptionId: 'sub_1',
      provider: 'paddle',
      planId: 'ULTIMATE_1Y',
      amount: 29.99,
      currency: 'USD',
      occurredAt: 100,
    },
    userPlan: { userId: 'u1', plan: PLAN, premium: true },
    checkoutId: null,
    ...overrides,
  }
}

/** Registers the billing contract tests for a storage opened fresh by `open` before each test. */
export function describeBillingStorageContract(
  name: string,
  open: () => Promise<RelayStorage>,
): void {
  describe(`${name} billing storage`, () => {
    let storage: RelayStorage

    beforeEach(async () => {
      storage = await open()
      await storage.createUser({
        id: 'u1',
        email: 'ada@example.com',
        passwordHash: 'h',
        createdAt: 1,
      })
      await storage.createUser({
        id: 'u2',
        email: 'bob@example.com',
        passwordHash: 'h',
        createdAt: 2,
      })
    })
    afterEach(async () => {
      await storage.close()
    })

    it('applies an event: subscription, transaction and the account plan, in one go', async () => {
      expect(await storage.applyBillingEvent(write())).toBe('applied')
      expect(await storage.findBillingSubscription('sub_1')).toEqual({
        subscriptionId: 'sub_1',
        userId: 'u1',
        provider: 'paddle',
        planId: 'ULTIMATE_1Y',
        status: 'active',
        currentPeriodEnd: 1_000,
        scheduledCancelAt: null,
        lastOccurredAt: 100,
        offerRedeemedAt: null,
      })
      expect(await storage.findBillingTransaction('txn_1')).toMatchObject({
        userId: 'u1',
        amount: 29.99,
        currency: 'USD',
      })
      const user = await storage.findUserById('u1')
      expect(user?.plan).toEqual(PLAN)
      expect(user?.premium).toBe(true)
      expect(await storage.listBillingSubscriptions('u2')).toEqual([])
    })

    it('changes nothing for an event id it processed already', async () => {
      await storage.applyBillingEvent(write())
      const replay = write({
        subscription: { ...write().subscription!, status: 'canceled' },
        userPlan: { userId: 'u1', plan: null, premium: false },
      })
      expect(await storage.applyBillingEvent(replay)).toBe('duplicate')
      expect((await storage.findBillingSubscription('sub_1'))?.status).toBe('active')
      expect((await storage.findUserById('u1'))?.premium).toBe(true)
    })

    it('leaves the subscription and plan alone for an event older than the last one applied', async () => {
      await storage.applyBillingEvent(write({ eventId: 'evt_new', occurredAt: 500 }))
      const older = write({
        eventId: 'evt_old',
        occurredAt: 400,
        subscription: { ...write().subscription!, status: 'past_due' },
        transaction: { ...write().transaction!, transactionId: 'txn_old' },
        userPlan: { userId: 'u1', plan: null, premium: false },
      })
      expect(await storage.applyBillingEvent(older)).toBe('stale')
      expect(await storage.findBillingSubscription('sub_1')).toMatchObject({
        status: 'active',
        lastOccurredAt: 500,
      })
      // Its payment is kept all the same (an invoice must be found for it).
      expect(await storage.findBillingTransaction('txn_old')).toMatchObject({ userId: 'u1' })
      expect((await storage.findUserById('u1'))?.premium).toBe(true)
      expect(await storage.applyBillingEvent(older)).toBe('duplicate')
      // An event at the same time as the last one is applied.
      const same = write({
        eventId: 'evt_same',
        occurredAt: 500,
        subscription: { ...write().subscription!, scheduledCancelAt: 1_000 },
      })
      expect(await storage.applyBillingEvent(same)).toBe('applied')
      expect((await storage.findBillingSubscription('sub_1'))?.scheduledCancelAt).toBe(1_000)
    })

    it('keeps the payment and completes the checkout of a transaction older than a subscription update', async () => {
      await storage.putCheckout({
        checkoutId: 'chk_late',
        userId: 'u1',
        provider: 'paddle',
        planId: 'ULTIMATE_1Y',
        amount: 29.99,
        currency: 'USD',
        discountCode: null,
        createdAt: 10,
        completedAt: null,
      })
      // subscription.updated (time 500) arrives before transaction.completed (time 400).
      await storage.applyBillingEvent(
        write({
          eventId: 'evt_updated',
          occurredAt: 500,
          subscription: { ...write().subscription!, scheduledCancelAt: 1_000 },
          transaction: null,
        }),
      )
      const completed = write({
        eventId: 'evt_completed',
        occurredAt: 400,
        transaction: { ...write().transaction!, transactionId: 'txn_late', occurredAt: 400 },
        userPlan: { userId: 'u1', plan: { ...PLAN, expiresDateMillis: 1_500 }, premium: true },
        checkoutId: 'chk_late',
      })
      expect(await storage.applyBillingEvent(completed)).toBe('stale')
      expect(await storage.findBillingTransaction('txn_late')).toMatchObject({
        userId: 'u1',
        subscriptionId: 'sub_1',
        amount: 29.99,
        occurredAt: 400,
      })
      expect((await storage.listBillingTransactions('u1')).map((t) => t.transactionId)).toEqual([
        'txn_late',
      ])
      expect((await storage.findCheckout('chk_late'))?.completedAt).toBe(150)
      expect(await storage.findBillingSubscription('sub_1')).toMatchObject({
        scheduledCancelAt: 1_000,
        lastOccurredAt: 500,
      })
      // The account's plan follows only the newest event.
      expect((await storage.findUserById('u1'))?.plan).toEqual(PLAN)
      // A replay changes nothing.
      expect(await storage.applyBillingEvent(completed)).toBe('duplicate')
    })

    it('completes the checkout an event names', async () => {
      await storage.putCheckout({
        checkoutId: 'chk_1',
        userId: 'u1',
        provider: 'test',
        planId: 'ULTIMATE_1Y',
        amount: 17.99,
        currency: 'USD',
        discountCode: 'BLACKFRIDAY',
        createdAt: 10,
        completedAt: null,
      })
      expect(await storage.findCheckout('chk_1')).toMatchObject({
        amount: 17.99,
        completedAt: null,
      })
      await storage.applyBillingEvent(write({ checkoutId: 'chk_1' }))
      expect((await storage.findCheckout('chk_1'))?.completedAt).toBe(150)
      expect(await storage.findCheckout('chk_none')).toBeUndefined()
    })

    it('lists transactions newest first, each account only its own', async () => {
      await storage.applyBillingEvent(write())
      await storage.applyBillingEvent(
        write({
          eventId: 'evt_2',
          occurredAt: 300,
          transaction: { ...write().transaction!, transactionId: 'txn_2', occurredAt: 300 },
        }),
      )
      await storage.applyBillingEvent(
        write({
          eventId: 'evt_3',
          subscription: null,
          transaction: {
            ...write().transaction!,
            transactionId: 'txn_3',
            userId: 'u2',
            subscriptionId: null,
          },
          userPlan: null,
        }),
      )
      expect((await storage.listBillingTransactions('u1')).map((t) => t.transactionId)).toEqual([
        'txn_2',
        'txn_1',
      ])
      expect((await storage.listBillingTransactions('u2')).map((t) => t.transactionId)).toEqual([
        'txn_3',
      ])
    })

    it('lets the retention offer be claimed once, and given back', async () => {
      await storage.applyBillingEvent(write())
      const claims = await Promise.all([
        storage.claimRetentionOffer('sub_1', 200),
        storage.claimRetentionOffer('sub_1', 201),
      ])
      expect(claims.filter(Boolean)).toHaveLength(1)
      expect((await storage.findBillingSubscription('sub_1'))?.offerRedeemedAt).not.toBeNull()
      await storage.releaseRetentionOffer('sub_1')
      expect(await storage.claimRetentionOffer('sub_1', 300)).toBe(true)
      // A later event keeps the redemption.
      await storage.applyBillingEvent(write({ eventId: 'evt_later', occurredAt: 400 }))
      expect((await storage.findBillingSubscription('sub_1'))?.offerRedeemedAt).toBe(300)
    })

    it("replaces a flow's feedback with its later status", async () => {
      await storage.putCancellationFeedback({
        userId: 'u1',
        subscriptionId: 'sub_1',
        reason: 'too-expensive',
        feedback: null,
        status: 'PENDING',
        offerOutcome: null,
        updatedAt: 1,
      })
      await storage.putCancellationFeedback({
        userId: 'u1',
        subscriptionId: 'sub_1',
        reason: 'missing-features',
        feedback: 'Needs more colours',
        status: 'SUBMITTED',
        offerOutcome: 'decline',
        updatedAt: 2,
      })
      expect(await storage.getCancellationFeedback('u1', 'sub_1')).toEqual({
        userId: 'u1',
        subscriptionId: 'sub_1',
        reason: 'missing-features',
        feedback: 'Needs more colours',
        status: 'SUBMITTED',
        offerOutcome: 'decline',
        updatedAt: 2,
      })
      expect(await storage.getCancellationFeedback('u2', 'sub_1')).toBeUndefined()
    })

    it('marks a refunded transaction once, ending the plan only the first time', async () => {
      await storage.applyBillingEvent(write())
      const ended = { ...PLAN, expiresDateMillis: 700 }
      const refund = (eventId: string, refundedAt: number): BillingEventWrite => ({
        ...write({ eventId, occurredAt: 50, subscription: null, transaction: null }),
        userPlan: {
          userId: 'u1',
          plan: { ...ended, expiresDateMillis: refundedAt },
          premium: false,
        },
        refund: { transactionId: 'txn_1', refundedAt },
      })
      // Older than the subscription's last event: a refund is about its payment, never stale for that.
      expect(await storage.applyBillingEvent(refund('evt_refund', 700))).toBe('applied')
      expect(await storage.findBillingTransaction('txn_1')).toMatchObject({ refundedAt: 700 })
      expect(await storage.listBillingTransactions('u1')).toEqual([
        expect.objectContaining({ transactionId: 'txn_1', refundedAt: 700 }),
      ])
      expect(await storage.findUserById('u1')).toMatchObject({ plan: ended, premium: false })
      expect(await storage.applyBillingEvent(refund('evt_refund', 800))).toBe('duplicate')
      expect(await storage.applyBillingEvent(refund('evt_refund_again', 900))).toBe('stale')
      expect(await storage.findBillingTransaction('txn_1')).toMatchObject({ refundedAt: 700 })
      expect(await storage.findUserById('u1')).toMatchObject({ plan: ended, premium: false })
    })

    it('deletes the billing rows with the account', async () => {
      await storage.putCheckout({
        checkoutId: 'chk_1',
        userId: 'u1',
        provider: 'test',
        planId: 'ULTIMATE_1Y',
        amount: 29.99,
        currency: 'USD',
        discountCode: null,
        createdAt: 10,
        completedAt: null,
      })
      await storage.applyBillingEvent(write({ checkoutId: 'chk_1' }))
      await storage.putCancellationFeedback({
        userId: 'u1',
        subscriptionId: 'sub_1',
        reason: 'other',
        feedback: 'bye',
        status: 'SUBMITTED',
        offerOutcome: null,
        updatedAt: 1,
      })
      await storage.deleteUser('u1')
      expect(await storage.findBillingSubscription('sub_1')).toBeUndefined()
      expect(await storage.findBillingTransaction('txn_1')).toBeUndefined()
      expect(await storage.findCheckout('chk_1')).toBeUndefined()
      expect(await storage.getCancellationFeedback('u1', 'sub_1')).toBeUndefined()
    })
  })
}
