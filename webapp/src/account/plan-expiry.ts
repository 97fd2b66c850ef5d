// The line under the plan's name in the Account view: when the plan the person has now ends, from
// the login token's resolved plan (the trial's end, a paid period's end, lifetime, or nothing for
// Basic). Pure, with the date formatter passed in, so it is tested without a locale.
import {
  LIFETIME_EXPIRY_MARKER_MILLIS,
  Plan,
  UserPlanDuration,
  toEpochMillis,
  type PlanUser,
} from '@inkmark/shared'

/** What the Account view says of the plan's end, or undefined when there is nothing to say. */
export function planExpiryText(
  plan: Plan,
  user: PlanUser,
  formatDate: (millis: number) => string,
): string | undefined {
  const userPlan = user.userPlan
  const expires = toEpochMillis(userPlan?.expiresDateMillis)
  switch (plan) {
    case Plan.FREE_TRIAL:
      return expires === undefined ? undefined : `Your trial ends on ${formatDate(expires)}.`
    case Plan.PREMIUM:
    case Plan.ULTIMATE:
      if (
        userPlan?.userPlanDuration === UserPlanDuration.LIFETIME ||
        (expires !== undefined && expires >= LIFETIME_EXPIRY_MARKER_MILLIS)
      ) {
        return 'Lifetime: it does not end.'
      }
      if (expires === undefined) {
        return undefined
      }
      return userPlan?.subscription_id
        ? `Paid until ${formatDate(expires)}; renews unless the subscription is cancelled.`
        : `Paid until ${formatDate(expires)}.`
    default:
      return expires === undefined ? undefined : `Your last plan ended on ${formatDate(expires)}.`
  }
}
