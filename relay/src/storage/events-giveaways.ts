// What the relay keeps of product events and giveaways (docs/adr/052-giveaways.md,
// docs/adr/053-product-events.md): event counts per UTC day and name (no user, no address, no
// page), and the gift links paid subscribers make. Shared by both storages' implementations.
import type { StoredUser } from './relay-storage'

/** A count to add to a day's total of one event name. */
export interface ProductEventCount {
  name: string
  count: number
}

/** One stored total: how many times `name` happened on the UTC day `day` (YYYY-MM-DD). */
export interface StoredProductEventCount extends ProductEventCount {
  day: string
}

/** A gift of a plan for some days, made by a paying user, redeemable once by someone else. */
export interface StoredGiveaway {
  id: string
  giverId: string
  /** The plan type given (PREMIUM). */
  planType: string
  /** How many days of it. */
  days: number
  createdAt: number
  /** The link stops working at this moment if nobody redeemed it. */
  expiresAt: number
  redeemedBy: string | null
  redeemedAt: number | null
}

/**
 * Decides, inside the redeeming transaction, the plan a redeemer gets from a giveaway: the new
 * plan, or a refusal code (the giveaway and the account are read under lock, so two redeemers
 * cannot both take one gift).
 */
export type GiveawayRedemption = (
  giveaway: StoredGiveaway,
  user: StoredUser,
) => { plan: NonNullable<StoredUser['plan']> } | { refused: string }

/** What redeeming did. */
export type RedeemOutcome =
  | { ok: true; plan: NonNullable<StoredUser['plan']>; giveaway: StoredGiveaway }
  | { ok: false; reason: 'not-found' | 'no-account' | string }
