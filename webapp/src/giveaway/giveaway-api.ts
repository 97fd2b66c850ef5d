// The relay's giveaway calls (docs/adr/052-giveaways.md) for the gift page and the "Give a month"
// section. The browser only asks: the relay decides who may give and what a redeemer's plan becomes.
import { createRelayClient } from '../account/account-api'

/** What a gift link shows. */
export interface Giveaway {
  id: string
  planType: string
  days: number
  status: 'AVAILABLE' | 'REDEEMED' | 'EXPIRED'
  expiresAt: number
  redeemedAt: number | null
}

/** The caller's allowance this month and the links they made. */
export interface GiveawayAllowance {
  canGive: boolean
  amount: number
  allowance: number
  resetsAt: number
  giveaways: Giveaway[]
}

/** The plan a redemption gave. */
export interface RedeemedPlan {
  type: string
  expiresDateMillis: number
}

const anonymous = createRelayClient(() => undefined)

/** The gift behind a link (anyone holding the link may see it). */
export function getGiveaway(id: string): Promise<Giveaway> {
  return anonymous.request<Giveaway>('GET', `/giveaway/${encodeURIComponent(id)}`)
}

/** Redeems a gift for the signed-in person. */
export function redeemGiveaway(
  token: string,
  id: string,
): Promise<{ giveaway: Giveaway; userPlan: RedeemedPlan }> {
  return createRelayClient(() => token).request(
    'POST',
    `/giveaway/${encodeURIComponent(id)}/redeem`,
    {},
  )
}

/** How many gifts are left this month, and the links made. */
export function getGiveawayAllowance(token: string): Promise<GiveawayAllowance> {
  return createRelayClient(() => token).request('GET', '/giveaway/count/amount-this-month')
}

/** Makes a new gift link. */
export function createGiveaway(token: string): Promise<{ giveaway: Giveaway; amount: number }> {
  return createRelayClient(() => token).request('POST', '/giveaway', {})
}

/** The address of a gift link in this web app. */
export function giveawayUrl(id: string, origin: string): string {
  return `${origin}/giveaway/${encodeURIComponent(id)}`
}

/** "a month of Premium" for a giveaway of 30 days. */
export function giftLabel(giveaway: Pick<Giveaway, 'planType' | 'days'>): string {
  const plan = giveaway.planType === 'ULTIMATE' ? 'Ultimate' : 'Premium'
  const length = giveaway.days === 30 ? 'a month' : `${giveaway.days} days`
  return `${length} of ${plan}`
}

/** A date in words, e.g. "26 December 2026" (UTC, so every reader sees the same day). */
export function giftDate(millis: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(millis)
}
