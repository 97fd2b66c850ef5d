// No prompt (sign up, rate, upgrade, spread the word) opens in the session of a large import: the
// prompts count pages the person saved, and a file of 1,521 Pocket links would otherwise trip every
// threshold in the minutes the person is looking at what came in (docs/adr/038-imports-and-words.md).
// A large import writes its time as a device value; prompts stay away for a day after it, in every
// tab of this browser and across reloads, as they do after a prompt was shown.
import { MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS, PROMPT_THRESHOLDS } from '@inkmark/shared'

/** The device value holding when this device last finished writing a large import. */
export const LAST_LARGE_IMPORT_KEY = 'lastLargeImportAtInMillis'

/**
 * Pages from which an import is large: the smallest step between prompt thresholds (0 -> 4 -> 12
 * -> 20 -> 30), so that an import able to carry the page count past a threshold on its own always
 * is. Only pages count, as the prompts count pages: a Kindle book of 300 highlights is one page.
 */
export const LARGE_IMPORT_PAGES = Math.min(
  ...[0, ...Object.values(PROMPT_THRESHOLDS)]
    .sort((a, b) => a - b)
    .flatMap((threshold, index, all) => {
      const next = all[index + 1]
      return next === undefined ? [] : [next - threshold]
    }),
)

/** How long prompts stay away after a large import: as long as after a prompt (a day). */
export const IMPORT_QUIET_MILLIS = MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS

/** Whether an import adding `pageCount` pages is large. */
export function isLargeImport(pageCount: number): boolean {
  return pageCount >= LARGE_IMPORT_PAGES
}

/** Whether prompts are held back at `now` because of a large import at `lastLargeImportAt`. */
export function isQuietAfterImport(lastLargeImportAt: unknown, now: number): boolean {
  if (typeof lastLargeImportAt !== 'number' || !Number.isFinite(lastLargeImportAt)) {
    return false
  }
  const elapsed = now - lastLargeImportAt
  // A time in the future (the clock moved back) must not silence prompts until it is reached.
  return elapsed >= 0 && elapsed < IMPORT_QUIET_MILLIS
}
