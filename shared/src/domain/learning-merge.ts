// Merging two copies of one card's learning item (two devices that reviewed it offline). An item
// is three parts that each merge on their own: the review log (union by id), the base the log is
// replayed on (the greater of the two in a fixed order) and the discard switch (the later change).
// The merged item is the log replayed onto the base, so every device computes the same item and
// the merge is commutative, associative and idempotent. See docs/adr/041-schedulers-and-review-log.md.
import type { LearningItem, LearningReviewBase, ReviewLogEntry } from './entities/learning-item'
import { replayReviewLog, reviewBaseOf } from './learning-scheduler'

/** A JSON text with object keys sorted, so equal values give equal text on every device. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((entry) => canonicalJson(entry)).join(',')}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

function compareText(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1
}

// Bases order by how far they got (reviews, last review), then by their text: a total order.
function compareBases(a: LearningReviewBase, b: LearningReviewBase): number {
  if (a.lastLearnedHistory.length !== b.lastLearnedHistory.length) {
    return a.lastLearnedHistory.length - b.lastLearnedHistory.length
  }
  const aLast = a.lastLearned ?? -1
  const bLast = b.lastLearned ?? -1
  if (aLast !== bLast) {
    return aLast - bLast
  }
  return compareText(canonicalJson(a), canonicalJson(b))
}

function baseOf(item: LearningItem): LearningReviewBase {
  return item.reviewBase ?? reviewBaseOf(item)
}

function unionLogs(a: readonly ReviewLogEntry[], b: readonly ReviewLogEntry[]): ReviewLogEntry[] {
  const byId = new Map<string, ReviewLogEntry>()
  for (const entry of [...a, ...b]) {
    const known = byId.get(entry.id)
    // The same id twice with different content cannot come from reviewCard; keep one deterministically.
    if (known === undefined || compareText(canonicalJson(entry), canonicalJson(known)) > 0) {
      byId.set(entry.id, entry)
    }
  }
  return [...byId.values()]
}

// The later discard change wins; at the same time (or both unstamped) discarded wins.
function laterDiscard(
  a: LearningItem,
  b: LearningItem,
): Pick<LearningItem, 'disableLearning' | 'disableLearningChangedAt'> {
  const aAt = a.disableLearningChangedAt ?? -1
  const bAt = b.disableLearningChangedAt ?? -1
  const winner = aAt !== bAt ? (aAt > bAt ? a : b) : a.disableLearning ? a : b
  return {
    disableLearning: winner.disableLearning,
    ...(winner.disableLearningChangedAt === undefined
      ? {}
      : { disableLearningChangedAt: winner.disableLearningChangedAt }),
  }
}

/** Two copies of a card's learning item merged: every review of both, replayed in one order. */
export function mergeLearningItems(a: LearningItem, b: LearningItem): LearningItem {
  const aBase = baseOf(a)
  const bBase = baseOf(b)
  const base = compareBases(aBase, bBase) >= 0 ? aBase : bBase
  const log = unionLogs(a.reviewLog ?? [], b.reviewLog ?? [])
  return replayReviewLog(base, log, laterDiscard(a, b))
}

/** True when `incoming` lacks a review `current` has, or its discard change is older. */
export function learningItemLosesReviews(
  current: LearningItem | undefined,
  incoming: LearningItem | undefined,
): boolean {
  if (current === undefined) {
    return false
  }
  const incomingIds = new Set((incoming?.reviewLog ?? []).map((entry) => entry.id))
  const lostReview = (current.reviewLog ?? []).some((entry) => !incomingIds.has(entry.id))
  const lostDiscard =
    (current.disableLearningChangedAt ?? -1) > (incoming?.disableLearningChangedAt ?? -1)
  return lostReview || lostDiscard
}
