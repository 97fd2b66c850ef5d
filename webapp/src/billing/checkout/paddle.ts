// Paddle Billing's client script through its official package (@paddle/paddle-js): loaded only
// when the relay says the provider is Paddle (the CSP lets cdn.paddle.com in only for builds that
// use it, ADR 055), initialised once per page with the relay's client-side token, and its events
// handed to whoever waits for them (a checkout waits for checkout.completed or checkout.closed).
import {
  CheckoutEventNames,
  initializePaddle,
  type Paddle,
  type PaddleEventData,
} from '@paddle/paddle-js'
import type { BillingConfig } from '@inkmark/shared'

type PaddleSettings = NonNullable<BillingConfig['paddle']>

let loading: Promise<Paddle> | undefined
const listeners = new Set<(event: PaddleEventData) => void>()

/** Paddle, loaded and initialised with `settings` (once per page). */
export function loadPaddle(settings: PaddleSettings): Promise<Paddle> {
  loading ??= initializePaddle({
    environment: settings.environment,
    token: settings.clientToken,
    eventCallback: (event) => {
      for (const listener of listeners) {
        listener(event)
      }
    },
  }).then((paddle) => {
    if (paddle === undefined) {
      loading = undefined
      throw new Error('The payment provider could not be loaded')
    }
    return paddle
  })
  return loading
}

/** What Paddle's checkout overlay needs. */
export interface PaddleCheckout {
  priceId: string
  customerEmail: string
  customData: { userId: string; checkoutId: string }
  discountCode?: string | undefined
}

/** Opens Paddle's overlay; resolves true when the payment completed, false when it was closed. */
export async function openPaddleCheckout(
  settings: PaddleSettings,
  checkout: PaddleCheckout,
): Promise<boolean> {
  const paddle = await loadPaddle(settings)
  return new Promise<boolean>((resolve) => {
    const listener = (event: PaddleEventData) => {
      if (event.name === CheckoutEventNames.CHECKOUT_COMPLETED) {
        listeners.delete(listener)
        resolve(true)
      } else if (event.name === CheckoutEventNames.CHECKOUT_CLOSED) {
        listeners.delete(listener)
        resolve(false)
      }
    }
    listeners.add(listener)
    paddle.Checkout.open({
      items: [{ priceId: checkout.priceId, quantity: 1 }],
      customer: { email: checkout.customerEmail },
      customData: checkout.customData,
      ...(checkout.discountCode === undefined ? {} : { discountCode: checkout.discountCode }),
    })
  })
}

/** Paddle's own price (tax included, in the buyer's currency) of each of `priceIds`. */
export async function previewPaddlePrices(
  settings: PaddleSettings,
  priceIds: readonly string[],
  countryCode: string | undefined,
): Promise<Map<string, string>> {
  const paddle = await loadPaddle(settings)
  const preview = await paddle.PricePreview({
    items: priceIds.map((priceId) => ({ priceId, quantity: 1 })),
    ...(countryCode === undefined ? {} : { address: { countryCode } }),
  })
  return new Map(
    preview.data.details.lineItems.map((item) => [item.price.id, item.formattedTotals.total]),
  )
}
