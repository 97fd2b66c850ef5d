// Paddle's own prices (tax included, in the buyer's currency, as its checkout will charge) for the
// plans of the relay's Paddle settings, by `${plan}_${duration}`; empty for every other provider
// or while Paddle.js has not answered. The relay's prices stay the ones the cards are built on.
import type { BillingConfig, BillingPlanId } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { previewPaddlePrices } from './paddle'

/** Paddle's preview of each plan id's price, when the provider is Paddle. */
export function usePaddlePreviews(
  config: BillingConfig | undefined,
  countryCode: string | undefined,
): ReadonlyMap<BillingPlanId, string> {
  const [previews, setPreviews] = useState<ReadonlyMap<BillingPlanId, string>>(new Map())
  const paddle = config?.provider === 'paddle' ? config.paddle : undefined
  useEffect(() => {
    if (paddle === undefined) {
      return undefined
    }
    const entries = Object.entries(paddle.priceIds).filter(
      (entry): entry is [BillingPlanId, string] => typeof entry[1] === 'string',
    )
    if (entries.length === 0) {
      return undefined
    }
    let live = true
    previewPaddlePrices(
      paddle,
      entries.map(([, priceId]) => priceId),
      countryCode,
    ).then(
      (byPriceId) => {
        if (live) {
          const byPlan = new Map<BillingPlanId, string>()
          for (const [planId, priceId] of entries) {
            const total = byPriceId.get(priceId)
            if (total !== undefined) {
              byPlan.set(planId, total)
            }
          }
          setPreviews(byPlan)
        }
      },
      // No preview: the cards keep the relay's prices.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [paddle, countryCode])
  return previews
}
