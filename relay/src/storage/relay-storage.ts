// What the relay keeps and where: users, one-time tokens, each user's Yjs docs as an update log,
// the per-user revision index the pull endpoint reads, room tickets, and the dev mail outbox. Two implementations
// (SQLite by default, PostgreSQL with DATABASE_URL) pass the same contract test suite.
import type {
  BillingEventOutcome,
  BillingEventWrite,
  StoredBillingSubscription,
  StoredBillingTransaction,
  StoredCancellationFeedback,
  StoredCheckout,
} from './billing-records'
import type {
  GiveawayRedemption,
  ProductEventCount,
  RedeemOutcome,
  StoredGiveaway,
  StoredProductEventCount,
} from './events-giveaways'
import type { ClusterStorage } from '../cluster/cluster-storage'
import type { SharingStorage } from './sharing-records'
import type { IntegrationUsageStorage } from './integration-usage-records'

/** A stored account. Passwords are kept only as scrypt hashes. */
export interface StoredUser {
  id: string
  email: string
  passwordHash: string
  createdAt: number
  emailConfirmed: boolean
  /** Paid plan, if any (the spec's userPlan). */
  plan: {
    type: string
    expiresDateMillis: number
    subscription_id?: string
    userPlanDuration?: string
  } | null
  premium: boolean
  /**
   * Raised each time the account's sessions are revoked (password changed or reset, signed out
   * everywhere): a token signed with an older version is refused.
   */
  sessionVersion: number
}

export interface NewUser {
  id: string
  email: string
  passwordHash: string
  createdAt: number
  /** A plan granted at registration (the relay's trial), if any. */
  plan?: StoredUser['plan']
}

/** What a one-time token is for. */
export const TokenPurpose = {
  CONFIRM_EMAIL: 'confirm-email',
  RESET_PASSWORD: 'reset-password',
} as const
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose]

/** One entity changed by a doc update, for the revision index. */
export interface RevisionChange {
  store: string
  entityId: string
  deleted: boolean
}

/** A row of the revision index. */
export interface RevisionEntry extends RevisionChange {
  revision: number
}

/** One stored update of a doc. */
export interface StoredUpdate {
  id: number
  update: Uint8Array
}

/** The version of an entity the relay deleted (deletion-guard.ts), and when it did. */
export interface DeletedVersion {
  /** `${store}/${id}`. */
  key: string
  /** The deleted value's latest stamp. */
  version: number
  /** The relay's clock when it deleted it. */
  deletedAt: number
}

/** A room ticket as stored: only its hash, never the ticket itself (docs/adr/029). */
export interface StoredRoomTicket {
  hash: string
  userId: string
  /** The one room it opens, or null for any room of its user. */
  docName: string | null
  /** The session version of the token it was issued for. */
  sessionVersion: number
  /** When that token expires (ms): the room socket is closed then. */
  sessionExpiresAt: number
  /** When the ticket itself stops working (ms). */
  expiresAt: number
}

export interface OutboxMail {
  to: string
  subject: string
  text: string
  createdAt: number
}

/** Which product emails a user receives (the spec's email settings; shared EmailSettings). */
export interface StoredEmailSettings {
  emailSettings: 'ALL' | 'NONE'
  isLearningReminderEmailEnabled: boolean
}

/**
 * What a device last said about the user's learning (PUT /learning-info), as the relay keeps it:
 * one row per user, replaced by each report (docs/adr/043-learning-reminder-emails.md).
 */
export interface StoredLearningInfo {
  userId: string
  /** Cards due when the device reported. */
  dueCount: number
  /** Cards learned on the device's local day of the report. */
  learnedToday: number
  /** The daily target the device counts against (the spec's 10). */
  dailyTarget: number
  /** When the next card that was not due yet becomes due (epoch ms), or null for none. */
  nextDueAt: number | null
  /** The device's IANA time zone (the `wh-timezone` header), checked by the relay. */
  timeZone: string
  /** When the relay received the report (its clock, epoch ms). */
  reportedAt: number
}

/** A user the reminder scheduler looks at: emails on, reminder on, email confirmed. */
export interface ReminderCandidate {
  userId: string
  email: string
  info: StoredLearningInfo
  /** The local day (YYYY-MM-DD) of the last reminder claimed for the user, if any. */
  lastReminderDay: string | null
}

/** Thrown by createUser when the email is taken. */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with the email ${email} exists already`)
    this.name = 'EmailTakenError'
  }
}

/** Also the sharing methods (sharing-records.ts: the public projection, likes, reports). */
export interface RelayStorage extends SharingStorage, IntegrationUsageStorage {
  readonly kind: 'sqlite' | 'postgres'
  /**
   * What relay instances sharing this storage (PostgreSQL) share beyond the data: the bus they
   * announce changes on, the keys they sign with, their rate limits (ADR 085). SQLite: none.
   */
  readonly cluster?: ClusterStorage
  /** Resolves when the database answers (readiness); rejects, after its timeout, when not. */
  ping(): Promise<void>
  createUser(user: NewUser): Promise<StoredUser>
  findUserByEmail(email: string): Promise<StoredUser | undefined>
  findUserById(id: string): Promise<StoredUser | undefined>
  /** Sets a new password hash and, in the same write, revokes every session of the account. */
  setPasswordHash(userId: string, passwordHash: string): Promise<void>
  /** Revokes every session of the account (raises its session version). */
  revokeSessions(userId: string): Promise<void>
  setEmailConfirmed(userId: string): Promise<void>
  /** Deletes the account and every piece of its data, the outbox mails to its email included. */
  deleteUser(userId: string): Promise<void>

  // Billing (docs/adr/051-relay-billing.md; billing-records.ts). Rows with a user go with the account.
  /**
   * Applies one verified provider event in one transaction: 'duplicate' (nothing changes) when its
   * id was processed already, 'stale' when its subscription has a later event applied already (its
   * id, transaction and checkout are kept; the subscription row and the account plan are not
   * touched), else writes the subscription, transaction, checkout and account plan.
   */
  applyBillingEvent(write: BillingEventWrite): Promise<BillingEventOutcome>
  findBillingSubscription(subscriptionId: string): Promise<StoredBillingSubscription | undefined>
  /** The account's subscriptions, the one with the latest event first. */
  listBillingSubscriptions(userId: string): Promise<StoredBillingSubscription[]>
  findBillingTransaction(transactionId: string): Promise<StoredBillingTransaction | undefined>
  /** The account's transactions, newest first. */
  listBillingTransactions(userId: string): Promise<StoredBillingTransaction[]>
  /** Marks the subscription's retention offer redeemed: true for exactly one caller. */
  claimRetentionOffer(subscriptionId: string, now: number): Promise<boolean>
  /** Gives a claim back (the provider refused the discount). */
  releaseRetentionOffer(subscriptionId: string): Promise<void>
  putCheckout(checkout: StoredCheckout): Promise<void>
  findCheckout(checkoutId: string): Promise<StoredCheckout | undefined>
  /** Stores a cancellation flow's feedback, replacing what the same flow stored before. */
  putCancellationFeedback(feedback: StoredCancellationFeedback): Promise<void>
  getCancellationFeedback(
    userId: string,
    subscriptionId: string,
  ): Promise<StoredCancellationFeedback | undefined>

  putOneTimeToken(
    hash: string,
    userId: string,
    purpose: TokenPurpose,
    expiresAt: number,
  ): Promise<void>
  /** Consumes a token: returns its user if it exists, has this purpose and has not expired. */
  takeOneTimeToken(hash: string, purpose: TokenPurpose, now: number): Promise<string | undefined>

  /** Stores a room ticket, and deletes the tickets expired by `now`. */
  putRoomTicket(ticket: StoredRoomTicket, now: number): Promise<void>
  /** Consumes a ticket: returns it if it exists and has not expired; it never works twice. */
  takeRoomTicket(hash: string, now: number): Promise<StoredRoomTicket | undefined>

  /**
   * Appends a doc update and its revision changes in one transaction (durable when resolved);
   * resolves with the update's id, as `loadDocUpdates` will give it.
   */
  appendDocUpdate(
    userId: string,
    docName: string,
    update: Uint8Array,
    changes: readonly RevisionChange[],
  ): Promise<number>
  /** The doc's stored updates with an id above `afterId`, oldest first. */
  loadDocUpdates(userId: string, docName: string, afterId?: number): Promise<StoredUpdate[]>
  /** Replaces the updates up to `upToId` by one merged update; resolves with the merged one's id. */
  compactDoc(userId: string, docName: string, merged: Uint8Array, upToId: number): Promise<number>
  /** Removes every stored update of a doc (the body of a deleted page content or chat). */
  deleteDoc(userId: string, docName: string): Promise<void>
  /** Revision index rows above `cursor`, oldest first, at most `limit`. */
  listChangesSince(userId: string, cursor: number, limit: number): Promise<RevisionEntry[]>
  /**
   * Bytes of the user's stored doc updates: a running total kept by the database itself (triggers
   * on the update log), so it is right whoever appends, compacts or deletes rows, and is never
   * recomputed per request (account-usage.ts, docs/adr/030-relay-limits.md).
   */
  getStoredBytes(userId: string): Promise<number>

  /** Remembers deleted versions (replacing any kept for the same keys). */
  putDeletedVersions(userId: string, entries: readonly DeletedVersion[]): Promise<void>
  /** Forgets the deleted versions of `keys`. */
  forgetDeletedVersions(userId: string, keys: readonly string[]): Promise<void>
  /** The deleted versions kept for those of `keys` that have one. */
  getDeletedVersions(userId: string, keys: readonly string[]): Promise<Map<string, number>>
  /** Forgets, for every user, the deleted versions kept since before `before`; resolves with how many. */
  pruneDeletedVersions(before: number): Promise<number>

  /** The user's email settings (the defaults, ALL and reminder on, until changed). */
  getEmailSettings(userId: string): Promise<StoredEmailSettings>
  /** Changes some of the user's email settings; resolves with all of them after the change. */
  setEmailSettings(
    userId: string,
    change: Partial<StoredEmailSettings>,
  ): Promise<StoredEmailSettings | undefined>

  /** Replaces the user's learning info. */
  putLearningInfo(info: StoredLearningInfo): Promise<void>
  getLearningInfo(userId: string): Promise<StoredLearningInfo | undefined>
  /**
   * Users with learning info whose email settings allow a reminder (ALL, reminder on) and whose
   * email is confirmed, at most `limit` after `afterUserId` in id order (pages of a full scan).
   */
  listReminderCandidates(afterUserId: string, limit: number): Promise<ReminderCandidate[]>
  /**
   * Claims the reminder of the user's local day `localDay`: true for exactly one caller per user
   * and day, however many relays share the database (one atomic conditional upsert).
   */
  claimReminder(userId: string, localDay: string, now: number): Promise<boolean>
  /** Gives a claim back (the mail could not be sent), so a later run tries again. */
  releaseReminder(userId: string, localDay: string): Promise<void>

  addMail(mail: OutboxMail): Promise<void>
  listMails(): Promise<OutboxMail[]>
  /** Deletes the outbox mails created at or before `time`. */
  deleteMailsBefore(time: number): Promise<void>

  // Events and giveaways (docs/adr/052-giveaways.md, docs/adr/053-product-events.md)
  /** Adds counts to the UTC day's totals, one row per day and event name. */
  addProductEventCounts(day: string, counts: readonly ProductEventCount[]): Promise<void>
  /** The totals of the days from `fromDay` to `toDay` (inclusive), by day, then name. */
  listProductEventCounts(fromDay: string, toDay: string): Promise<StoredProductEventCount[]>
  /**
   * Stores a giveaway unless its giver made `allowance` or more since `since` (checked and written
   * atomically, however many relays share the database); resolves whether it was stored.
   */
  createGiveaway(giveaway: StoredGiveaway, since: number, allowance: number): Promise<boolean>
  findGiveaway(id: string): Promise<StoredGiveaway | undefined>
  /** The giveaways `giverId` made since `since`, newest first. */
  listGiveawaysBy(giverId: string, since: number): Promise<StoredGiveaway[]>
  /**
   * Redeems a giveaway for `userId` in one transaction: `decide` reads the giveaway and the account
   * under lock and gives the new plan (stored with the redemption) or a refusal.
   */
  redeemGiveaway(
    id: string,
    userId: string,
    now: number,
    decide: GiveawayRedemption<StoredUser>,
  ): Promise<RedeemOutcome<NonNullable<StoredUser['plan']>>>

  close(): Promise<void>
}
