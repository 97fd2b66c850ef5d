// The rule every list of content follows: the operator's entries when there are any; in
// development and preview builds, the sample entries when the operator's list is empty; in
// production never a sample (an operator entry marked isSample is left out there, and
// productionContentProblems stops the build before that matters).
import type { SiteStage } from './stage'

/** What every list entry carries. */
export interface ContentEntry {
  readonly isSample: boolean
}

/** The entries a page shows for this stage. */
export function chooseEntries<T extends ContentEntry>(
  operatorEntries: readonly T[],
  sampleEntries: readonly T[],
  stage: SiteStage,
): readonly T[] {
  if (stage === 'production') {
    return operatorEntries.filter((entry) => !entry.isSample)
  }
  return operatorEntries.length > 0 ? operatorEntries : sampleEntries
}

/** Fails when a sample file has an entry not marked as a sample (samples must say so). */
export function assertAllSamples(entries: readonly ContentEntry[], file: string): void {
  entries.forEach((entry, index) => {
    if (!entry.isSample) {
      throw new Error(`${file}: [${index}].isSample must be true in a sample file`)
    }
  })
}
