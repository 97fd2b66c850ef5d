// What stops a production build from publishing: sample entries in the operator's files and
// imprint values not filled in. The site-core's production build refuses when this is non-empty.
import { INTERVIEWS_FILE, operatorInterviewEntries } from './interviews'
import { OPERATOR_FIELDS, OPERATOR_FILE, operatorDetails, type OperatorDetails } from './operator'
import { operatorPartnerEntries, PARTNERS_FILE } from './partners'
import { operatorReviewEntries, REVIEWS_FILE } from './reviews'
import type { ContentEntry } from './entries'

/** The problems in these entries and details, one readable line each. */
export function contentProblems(
  lists: readonly { file: string; entries: readonly ContentEntry[] }[],
  details: OperatorDetails,
): string[] {
  const problems: string[] = []
  for (const { file, entries } of lists) {
    const samples = entries.filter((entry) => entry.isSample).length
    if (samples > 0) {
      problems.push(
        `${file}: ${samples} ${samples === 1 ? 'entry is' : 'entries are'} marked isSample: true`,
      )
    }
  }
  for (const { key, label } of OPERATOR_FIELDS) {
    if (details[key].isPlaceholder) {
      problems.push(`${OPERATOR_FILE}: ${key} (${label}) is not filled in`)
    }
  }
  return problems
}

/** The problems in the operator's content; empty when a production build may publish. */
export function productionContentProblems(): string[] {
  return contentProblems(
    [
      { file: REVIEWS_FILE, entries: operatorReviewEntries() },
      { file: `${INTERVIEWS_FILE} or professions.json`, entries: operatorInterviewEntries() },
      { file: PARTNERS_FILE, entries: operatorPartnerEntries() },
    ],
    operatorDetails(),
  )
}
