// The relay's billing: the configured provider behind one adapter, the one path every provider
// event takes (signature verified by the Paddle SDK, then read, then applied idempotently), and the
// checks every billing endpoint shares — an id must be the caller's own, and a change must fit the
// subscription's state (docs/adr/051-relay-billing.md).
import { randomUUID } from 'node:crypto'
import { NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk'
import {
  BillingProviderKind,
  DiscountStatus,
  LIFETIME_EXPIRY_MARKER_MILLIS,
  billingPlanId,
  isKnownDiscountCode,
  retentionOfferFor,
  type BillingConfig,
  type BillingTransaction,
  type CancellationFeedback,
  type CancellationOffer,
  type CancellationOfferKind,
  type CheckoutRequest,
  type CheckoutStart,
  type Price,
  type Subscription,
  type TestCheckoutOrder,
} from '@inkmark/shared'
import { ErrorCode, RelayError } from '../errors'
import { priceList } from '../pricing/catalog'
import type {
  BillingEventOutcome,
  StoredBillingSubscription,
  StoredCheckout,
} from '../storage/billing-records'
import type { RelayStorage, StoredUser } from '../storage/relay-storage'
import type { BillingSettings } from './billing-config'
import { MalformedEventError, readBillingEvent, type SdkEvent } from './billing-event'
import { effectOfEvent, splitPlanId, type IgnoredReason } from './event-effect'
import { NoBillingProvider } from './none-provider'
import { PaddleProvider } from './paddle-provider'
import type { BillingProvider } from './provider'
import { TestProvider } from './test-provider'

/** A webhook whose signature is missing, malformed, wrong or too old (answered 401). */
export class InvalidSignatureError extends Error {
  constructor() {
    super('The event signature is missing, wrong or too old')
    this.name = 'InvalidSignatureError'
  }
}

export { MalformedEventError }

/** What receiving an event did. */
export type ReceivedEvent =
  | { outcome: BillingEventOutcome; eventId: string; eventType: string }
  | { outcome: 'ignored'; reason: IgnoredReason; eventId: string; eventType: string }

/** Subscription states that still bill (and so block a second checkout). */
const LIVE_STATES: readonly string[] = ['active', 'trialing', 'past_due', 'paused']

const OFFER_DESCRIPTIONS: Readonly<Record<CancellationOfferKind, string>> = {
  free_month: 'Stay, and your next month is free: 100% off your next monthly payment.',
  half_price_next_year: 'Stay, and your next year is half price: 50% off your next yearly renewal.',
}

function notFound(what: string): RelayError {
  return new RelayError(404, ErrorCode.NOT_FOUND, `No such ${what}`)
}

export interface BillingServiceOptions {
  storage: RelayStorage
  /** The relay's billing settings; none given (unit tests) means billing off. */
  settings: BillingSettings | undefined
  now: () => number
  /** Told after an event changed an account's plan (open room sockets re-read it at once). */
  onPlanChanged?: (userId: string) => void
}

export class BillingService {
  readonly provider: BillingProvider
  private readonly storage: RelayStorage
  private readonly onPlanChanged: ((userId: string) => void) | undefined
  private readonly now: () => number
  private readonly webhooks: Webhooks
  private readonly testSecret: string | undefined
  private readonly paddleSecret: string | undefined
  /** Test checkouts being completed right now (a second click waits for nothing: 409). */
  private readonly completing = new Set<string>()

  constructor(options: BillingServiceOptions) {
    this.storage = options.storage
    this.now = options.now
    this.onPlanChanged = options.onPlanChanged
    // The SDK's signature check needs its runtime (Node's crypto) set up first.
    NodeRuntime.initialize()
    this.webhooks = new Webhooks()
    const settings = options.settings
    if (settings?.provider === BillingProviderKind.PADDLE && settings.paddle) {
      this.provider = new PaddleProvider(settings.paddle)
      this.paddleSecret = settings.paddle.webhookSecret
    } else if (settings?.provider === BillingProviderKind.TEST) {
      this.testSecret = settings.testWebhookSecret
      this.provider = new TestProvider({
        storage: options.storage,
        now: options.now,
        secret: settings.testWebhookSecret,
        deliver: async (rawBody, signature) => {
          const received = await this.receiveEvent(rawBody, signature, settings.testWebhookSecret)
          if (received.outcome === 'ignored') {
            throw new Error(`The test provider's event was not applied (${received.reason})`)
          }
        },
      })
    } else {
      this.provider = new NoBillingProvider()
    }
  }

  config(): BillingConfig {
    return this.provider.publicConfig()
  }

  /** POST /billing/webhooks/paddle: a Paddle webhook, verified with the Paddle secret. */
  receivePaddleWebhook(rawBody: string, signature: string | undefined): Promise<ReceivedEvent> {
    if (this.paddleSecret === undefined) {
      throw new RelayError(404, ErrorCode.NOT_FOUND, 'This server does not use Paddle')
    }
    return this.receiveEvent(rawBody, signature, this.paddleSecret)
  }

  /**
   * The one path of every provider event: the SDK verifies the signature (HMAC-SHA256 of
   * `ts:body`, recent `ts`) and builds the typed event; the relay reads it, decides its effect and
   * applies it in one storage transaction that refuses replays and events older than the last one
   * applied to the subscription.
   */
  async receiveEvent(
    rawBody: string,
    signature: string | undefined,
    secret: string,
  ): Promise<ReceivedEvent> {
    if (!signature || !(await this.isValidSignature(rawBody, secret, signature))) {
      throw new InvalidSignatureError()
    }
    let sdkEvent: SdkEvent
    try {
      sdkEvent = await this.webhooks.unmarshal(rawBody, secret, signature)
    } catch (error) {
      throw new MalformedEventError(
        `The event could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const event = readBillingEvent(sdkEvent)
    const head = { eventId: event.eventId, eventType: event.eventType }
    const subscriptionId =
      event.kind === 'subscription'
        ? event.subscription.id
        : event.kind === 'transaction'
          ? event.transaction.subscriptionId
          : null
    const effect = await effectOfEvent(event, {
      provider: this.provider.kind === BillingProviderKind.TEST ? 'test' : 'paddle',
      receivedAt: this.now(),
      planIdOfPrice: (priceId) => this.provider.planIdOfPrice(priceId),
      stored: subscriptionId
        ? await this.storage.findBillingSubscription(subscriptionId)
        : undefined,
      findUser: (userId) => this.storage.findUserById(userId),
      findCheckout: (checkoutId) => this.storage.findCheckout(checkoutId),
      findTransaction: (transactionId) => this.storage.findBillingTransaction(transactionId),
      listTransactions: (userId) => this.storage.listBillingTransactions(userId),
    })
    if (typeof effect === 'string') {
      return { ...head, outcome: 'ignored', reason: effect }
    }
    const outcome = await this.storage.applyBillingEvent(effect)
    if (outcome === 'applied' && effect.userPlan) {
      this.onPlanChanged?.(effect.userPlan.userId)
    }
    return { ...head, outcome }
  }

  private async isValidSignature(rawBody: string, secret: string, signature: string) {
    try {
      return await this.webhooks.isSignatureValid(rawBody, secret, signature)
    } catch {
      // A header without ts and h1.
      return false
    }
  }

  /** POST /billing/checkout. */
  async startCheckout(user: StoredUser, request: CheckoutRequest): Promise<CheckoutStart> {
    const planId = billingPlanId(request.plan, request.duration)
    if (this.provider.kind === BillingProviderKind.NONE) {
      return this.provider.checkoutStart({ checkoutId: '', user, planId })
    }
    if (!this.provider.sells(planId)) {
      throw new RelayError(404, ErrorCode.PLAN_NOT_SOLD, `${planId} is not sold on this server`)
    }
    await this.refuseIfSubscribed(user)
    const price = this.priceOf(planId, request.discountCode, request.countryCode)
    const discount = price.discount?.status === DiscountStatus.VALID ? price.discount : undefined
    const discountCode = discount?.code
    const checkout: StoredCheckout = {
      checkoutId: randomUUID(),
      userId: user.id,
      provider: this.provider.kind === BillingProviderKind.TEST ? 'test' : 'paddle',
      planId,
      amount: discount?.discountedUserPlanPrice ?? price.amount,
      currency: price.currency,
      discountCode: discountCode ?? null,
      createdAt: this.now(),
      completedAt: null,
    }
    await this.storage.putCheckout(checkout)
    return this.provider.checkoutStart({
      checkoutId: checkout.checkoutId,
      user,
      planId,
      ...(discountCode && isKnownDiscountCode(discountCode) ? { discountCode } : {}),
    })
  }

  /** GET /billing/test-checkout/:id: the caller's own open test checkout. */
  async testCheckoutOrder(userId: string, checkoutId: string): Promise<TestCheckoutOrder> {
    const checkout = await this.ownTestCheckout(userId, checkoutId)
    const { plan, duration } = splitPlanId(checkout.planId)
    return {
      checkoutId: checkout.checkoutId,
      plan,
      duration,
      amount: checkout.amount,
      currency: checkout.currency,
      ...(checkout.discountCode ? { discountCode: checkout.discountCode } : {}),
    }
  }

  /** POST /billing/test-checkout/:id/complete. */
  async completeTestCheckout(user: StoredUser, checkoutId: string): Promise<void> {
    const checkout = await this.ownTestCheckout(user.id, checkoutId)
    if (checkout.completedAt !== null || this.completing.has(checkoutId)) {
      throw new RelayError(409, ErrorCode.CHECKOUT_COMPLETED, 'This checkout is completed already')
    }
    this.completing.add(checkoutId)
    try {
      await this.refuseIfSubscribed(user)
      await this.provider.completeTestCheckout!(checkout, user)
    } finally {
      this.completing.delete(checkoutId)
    }
  }

  /** The caller's own subscription, or 404 (never telling whether another account has it). */
  async ownSubscription(
    userId: string,
    subscriptionId: string,
  ): Promise<StoredBillingSubscription> {
    const stored = await this.storage.findBillingSubscription(subscriptionId)
    if (!stored || stored.userId !== userId) {
      throw notFound('subscription')
    }
    return this.endIfCancellationDue(stored)
  }

  /**
   * The test provider has no scheduler: a subscription cancelled at period end is ended (a signed
   * subscription.canceled through receiveEvent) when the relay reads it after that date. Paddle
   * sends its own event.
   */
  private async endIfCancellationDue(
    stored: StoredBillingSubscription,
  ): Promise<StoredBillingSubscription> {
    if (
      !this.provider.endScheduledCancellation ||
      stored.provider !== this.provider.kind ||
      stored.status === 'canceled' ||
      stored.scheduledCancelAt === null ||
      stored.scheduledCancelAt > this.now()
    ) {
      return stored
    }
    await this.provider.endScheduledCancellation(stored)
    return (await this.storage.findBillingSubscription(stored.subscriptionId)) ?? stored
  }

  async subscription(userId: string, subscriptionId: string): Promise<Subscription> {
    return this.provider.getSubscription(await this.ownSubscription(userId, subscriptionId))
  }

  /** GET /subscription/price/:id: what the subscription's plan costs in the caller's country. */
  async subscriptionPrice(
    userId: string,
    subscriptionId: string,
    countryCode: string | undefined,
  ): Promise<Price> {
    const stored = await this.ownSubscription(userId, subscriptionId)
    return this.priceOf(stored.planId, undefined, countryCode)
  }

  async transactions(userId: string): Promise<BillingTransaction[]> {
    if (this.provider.kind === BillingProviderKind.NONE) {
      return []
    }
    const [subscriptions, transactions] = await Promise.all([
      this.storage.listBillingSubscriptions(userId),
      this.storage.listBillingTransactions(userId),
    ])
    return this.provider.listTransactions(subscriptions, transactions)
  }

  async invoiceUrl(userId: string, transactionId: string): Promise<string> {
    const transaction = await this.storage.findBillingTransaction(transactionId)
    if (!transaction || transaction.userId !== userId) {
      throw notFound('transaction')
    }
    const url = await this.provider.invoiceUrl(transaction)
    if (url === null) {
      throw new RelayError(
        404,
        ErrorCode.INVOICE_UNAVAILABLE,
        'There is no invoice for this payment (test payments have none)',
      )
    }
    return url
  }

  async cancellationOffer(userId: string, subscriptionId: string): Promise<CancellationOffer> {
    const offer = offerFor(await this.ownSubscription(userId, subscriptionId))
    return {
      offer,
      description: offer ? OFFER_DESCRIPTIONS[offer] : 'There is no offer for this subscription.',
    }
  }

  /** Redeems the retention offer: once per subscription, claimed before the provider is asked. */
  async redeemOffer(userId: string, subscriptionId: string): Promise<Subscription> {
    const stored = await this.ownSubscription(userId, subscriptionId)
    const offer = offerFor(stored)
    if (!offer || !(await this.storage.claimRetentionOffer(subscriptionId, this.now()))) {
      throw new RelayError(
        409,
        ErrorCode.OFFER_UNAVAILABLE,
        'This subscription has no offer to redeem (it was redeemed already, or the plan has none)',
      )
    }
    try {
      return await this.provider.redeemOffer({ ...stored, offerRedeemedAt: this.now() }, offer)
    } catch (error) {
      await this.storage.releaseRetentionOffer(subscriptionId)
      throw error
    }
  }

  async cancel(userId: string, subscriptionId: string): Promise<Subscription> {
    const stored = await this.ownSubscription(userId, subscriptionId)
    if (stored.status === 'canceled') {
      throw new RelayError(
        409,
        ErrorCode.SUBSCRIPTION_STATE,
        'This subscription is canceled already',
      )
    }
    return this.provider.cancelAtPeriodEnd(stored)
  }

  async resume(userId: string, subscriptionId: string): Promise<Subscription> {
    const stored = await this.ownSubscription(userId, subscriptionId)
    if (stored.status === 'canceled') {
      throw new RelayError(
        409,
        ErrorCode.SUBSCRIPTION_STATE,
        'A canceled subscription cannot be resumed: buy a plan again instead',
      )
    }
    return this.provider.resume(stored)
  }

  /** POST /cancellation-feedback: the flow's latest status replaces its earlier one. */
  async putFeedback(userId: string, feedback: CancellationFeedback): Promise<void> {
    await this.ownSubscription(userId, feedback.subscriptionId)
    await this.storage.putCancellationFeedback({
      userId,
      subscriptionId: feedback.subscriptionId,
      reason: feedback.reason,
      feedback: feedback.feedback?.trim() || null,
      status: feedback.status,
      offerOutcome: feedback.offerOutcome ?? null,
      updatedAt: this.now(),
    })
  }

  /**
   * Before an account is deleted: cancels each of its live subscriptions at the provider at once,
   * so nobody is billed for an account that no longer exists. Throws (and the account stays) if
   * the provider refuses.
   */
  /** Ends the account's test subscriptions whose cancellation date has passed (see above). */
  async endDueCancellationsOf(userId: string): Promise<void> {
    if (!this.provider.endScheduledCancellation) {
      return
    }
    for (const stored of await this.storage.listBillingSubscriptions(userId)) {
      await this.endIfCancellationDue(stored)
    }
  }

  async cancelAllOf(userId: string): Promise<void> {
    const subscriptions = await this.storage.listBillingSubscriptions(userId)
    for (const stored of subscriptions) {
      if (LIVE_STATES.includes(stored.status) && stored.provider === this.provider.kind) {
        await this.provider.cancelNow(stored)
      }
    }
  }

  private async ownTestCheckout(userId: string, checkoutId: string): Promise<StoredCheckout> {
    const checkout = await this.storage.findCheckout(checkoutId)
    if (
      !checkout ||
      checkout.userId !== userId ||
      checkout.provider !== BillingProviderKind.TEST ||
      this.provider.kind !== BillingProviderKind.TEST
    ) {
      throw notFound('checkout')
    }
    return checkout
  }

  private async refuseIfSubscribed(user: StoredUser): Promise<void> {
    const subscriptions = await Promise.all(
      (await this.storage.listBillingSubscriptions(user.id)).map((stored) =>
        this.endIfCancellationDue(stored),
      ),
    )
    const live = subscriptions.find((subscription) => LIVE_STATES.includes(subscription.status))
    if (live) {
      throw new RelayError(
        409,
        ErrorCode.ALREADY_SUBSCRIBED,
        'You have a subscription already: change its plan instead of buying a second one',
      )
    }
    if (user.premium && (user.plan?.expiresDateMillis ?? 0) >= LIFETIME_EXPIRY_MARKER_MILLIS) {
      throw new RelayError(409, ErrorCode.ALREADY_SUBSCRIBED, 'You have a lifetime plan already')
    }
  }

  private priceOf(
    planId: ReturnType<typeof billingPlanId>,
    discountCode: string | undefined,
    countryCode: string | undefined,
  ): Price {
    const { plan, duration } = splitPlanId(planId)
    const price = priceList(
      {
        userPlanType: plan,
        ...(discountCode ? { discountCode } : {}),
        ...(countryCode ? { countryCode } : {}),
      },
      this.now(),
    ).find((candidate) => candidate.interval === duration)
    if (!price) {
      throw new RelayError(404, ErrorCode.PLAN_NOT_SOLD, `${planId} has no price`)
    }
    return price
  }
}

/** The retention offer a subscription may still redeem, if any. */
function offerFor(stored: StoredBillingSubscription): CancellationOfferKind | null {
  if (
    stored.offerRedeemedAt !== null ||
    !['active', 'trialing', 'past_due'].includes(stored.status)
  ) {
    return null
  }
  return retentionOfferFor(splitPlanId(stored.planId).duration)
}
