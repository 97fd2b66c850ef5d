// What the login token (jwt_webmarker) carries about the user. The spec accepts a token when it
// decodes and has an _id, so only _id is required and plan values are kept as strings: an unknown
// plan type must resolve to Free in ../plan, not log the user out. Wrong types are still rejected.
import { z } from 'zod'
import type { UserPlanDuration, UserPlanType } from '../plan'
import { EntityIdSchema, EpochMillisSchema, withoutUndefined } from './common'

/** Whether a new account's token carries the premium flag (false: absence would mean legacy). */
export const DEFAULT_PREMIUM_FLAG = false

/** Validates a stored user plan: type, expiry, subscription id, duration. */
export const UserPlanSchema = z.looseObject({
  /** One of UserPlanType; other values resolve to Free. */
  type: z.string(),
  expiresDateMillis: EpochMillisSchema.optional(),
  subscription_id: z.string().nullish(),
  /** One of UserPlanDuration. */
  userPlanDuration: z.string().optional(),
})
export type UserPlan = z.infer<typeof UserPlanSchema>

/** Validates a login token payload (_id, email, premium, userPlan, createdAt; iat/exp kept). */
export const UserTokenPayloadSchema = z.looseObject({
  _id: EntityIdSchema,
  email: z.string().optional(),
  premium: z.boolean().optional(),
  userPlan: UserPlanSchema.nullish(),
  /** Account creation: epoch millis, or an ISO string from older servers (see ../plan toEpochMillis). */
  createdAt: z.union([EpochMillisSchema, z.string()]).optional(),
})
export type UserTokenPayload = z.infer<typeof UserTokenPayloadSchema>
/** What `createUserTokenPayload` accepts: the id plus any payload field. */
export type UserTokenPayloadInit = Pick<z.input<typeof UserTokenPayloadSchema>, '_id'> &
  Partial<z.input<typeof UserTokenPayloadSchema>>

/** A user plan of `type` expiring at `expiresDateMillis`, with an optional duration and subscription. */
export function createUserPlan(
  type: UserPlanType,
  expiresDateMillis: number,
  options: { userPlanDuration?: UserPlanDuration; subscription_id?: string } = {},
): UserPlan {
  return { type, expiresDateMillis, ...withoutUndefined(options) }
}

/** The token payload of a new account created at `now`: not premium, no plan. */
export function createUserTokenPayload(
  fields: UserTokenPayloadInit,
  now: number,
): UserTokenPayload {
  return UserTokenPayloadSchema.parse({
    premium: DEFAULT_PREMIUM_FLAG,
    createdAt: now,
    ...withoutUndefined(fields),
  })
}

/** The payload if the value is a valid token payload (an object with an _id), else null. */
export function parseUserTokenPayload(value: unknown): UserTokenPayload | null {
  const result = UserTokenPayloadSchema.safeParse(value)
  return result.success ? result.data : null
}
