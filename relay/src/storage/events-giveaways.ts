// What the relay keeps of product events and giveaways (docs/adr/052-giveaways.md,
// docs/adr/053-product-events.md): event counts per UTC day and name (no user, no address, no
// page), and the gift links paid subscribers make. Shared by both storages' implementations.
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
 * cannot both take one gift). `User` is the storage's account (StoredUser).
 */
export type GiveawayRedemption<User extends { plan: unknown }> = (
  giveaway: StoredGiveaway,
  user: User,
) => { plan: NonNullable<User['plan']> } | { refused: string }

/** What redeeming did. */
export type RedeemOutcome<Plan> =
  | { ok: true; plan: Plan; giveaway: StoredGiveaway }
  /** 'not-found', 'no-account', or the refusal `decide` gave. */
  | { ok: false; reason: string }
