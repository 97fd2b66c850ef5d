// Storage quota for saved page content (reader copies of pages), per plan (spec section 6; site
// spec section 9): Free and others 10 MB, Premium 100 MB, Ultimate 1 GB, base 1000. When a save
// would not fit, the app does not save and opens the settings documents view (spec section 8).

import { formatBytes } from './format'

/** Plans as the quota sees them; defined here so this rule needs no other module. */
export const QuotaPlan = {
  OFFLINE: 'OFFLINE',
  FREE: 'FREE',
  FREE_TRIAL: 'FREE_TRIAL',
  PREMIUM: 'PREMIUM',
  ULTIMATE: 'ULTIMATE',
} as const
export type QuotaPlan = (typeof QuotaPlan)[keyof typeof QuotaPlan]

/** Page-content quota of Free and every plan without its own value: 10 MB. */
export const FREE_PAGE_CONTENT_QUOTA_BYTES = 10_000_000
/** Page-content quota of Premium: 100 MB. */
export const PREMIUM_PAGE_CONTENT_QUOTA_BYTES = 100_000_000
/** Page-content quota of Ultimate, and of the free trial that unlocks everything: 1 GB. */
export const ULTIMATE_PAGE_CONTENT_QUOTA_BYTES = 1_000_000_000

/** Reason given when a save does not fit. */
export const QUOTA_EXCEEDED = 'quota-exceeded'

/** A saved page content as the quota counts it: its stored length, or its text. */
export interface PageContentSize {
  length?: number
  content?: string
}

export type PageContentQuotaCheck =
  | { ok: true }
  | {
      ok: false
      reason: typeof QUOTA_EXCEEDED
      usedBytes: number
      quotaBytes: number
      message: string
    }

const QUOTA_BY_PLAN: Record<QuotaPlan, number> = {
  OFFLINE: FREE_PAGE_CONTENT_QUOTA_BYTES,
  FREE: FREE_PAGE_CONTENT_QUOTA_BYTES,
  FREE_TRIAL: ULTIMATE_PAGE_CONTENT_QUOTA_BYTES,
  PREMIUM: PREMIUM_PAGE_CONTENT_QUOTA_BYTES,
  ULTIMATE: ULTIMATE_PAGE_CONTENT_QUOTA_BYTES,
}

/** Bytes of page content the plan may store; unknown plans get the Free quota. */
export function pageContentQuotaBytes(plan: QuotaPlan): number {
  return QUOTA_BY_PLAN[plan] ?? FREE_PAGE_CONTENT_QUOTA_BYTES
}

/** Used size: the sum of content lengths (a stored `length` wins over the text's length). */
export function pageContentSizeUsed(contents: readonly PageContentSize[]): number {
  let used = 0
  for (const item of contents) {
    used += sizeOf(item)
  }
  return used
}

/** Whether `newBytes` more page content fits the plan's quota, with a message when it does not. */
export function checkPageContentQuota(
  usedBytes: number,
  newBytes: number,
  plan: QuotaPlan,
): PageContentQuotaCheck {
  const used = nonNegative(usedBytes)
  const added = nonNegative(newBytes)
  const quota = pageContentQuotaBytes(plan)
  if (used + added <= quota) {
    return { ok: true }
  }
  return {
    ok: false,
    reason: QUOTA_EXCEEDED,
    usedBytes: used,
    quotaBytes: quota,
    message: quotaExceededMessage(used, added, quota, plan),
  }
}

function quotaExceededMessage(used: number, added: number, quota: number, plan: QuotaPlan): string {
  const sizes = `This page needs ${formatBytes(added)}, and ${formatBytes(used)} of your ${formatBytes(quota)} are already used.`
  const canUpgrade = pageContentQuotaBytes(plan) < ULTIMATE_PAGE_CONTENT_QUOTA_BYTES
  const action = canUpgrade
    ? 'Delete saved pages or upgrade your plan for more space.'
    : 'Delete saved pages to free up space.'
  return `Storage full. ${sizes} ${action}`
}

function sizeOf(item: PageContentSize): number {
  if (typeof item.length === 'number' && Number.isFinite(item.length) && item.length >= 0) {
    return item.length
  }
  return item.content?.length ?? 0
}

function nonNegative(bytes: number): number {
  // NaN and negatives count as nothing; Infinity stays and never fits.
  return bytes > 0 ? bytes : 0
}
