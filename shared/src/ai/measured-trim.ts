// Trimming text to a budget counted by the provider's own measure. The measure may be the browser
// model's tokenizer (asynchronous, and not the product's estimate), so the cut is made with the
// estimate scaled by how far the two disagree, and checked with the measure again: a few rounds at
// most, each a measured call, instead of one call per candidate length.
import { estimateTokens, trimToTokenBudget } from '../domain/tokens'

/** Measures text in the provider's tokens. */
export type MeasureTokens = (text: string) => Promise<number>

/** Rounds of cut and measure before the text is cut by a margin that always fits. */
const MAX_ROUNDS = 6
/** Each further round aims this much lower than the last. */
const SHRINK = 0.9

/** `text`, cut at a word boundary so that `measure` gives at most `maxTokens`. */
export async function trimToMeasuredBudget(
  text: string,
  maxTokens: number,
  measure: MeasureTokens,
): Promise<string> {
  if (!(maxTokens > 0)) {
    return ''
  }
  const measured = await measure(text)
  if (measured <= maxTokens) {
    return text
  }
  const estimated = Math.max(1, estimateTokens(text))
  let ratio = estimated / Math.max(1, measured)
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const candidate = trimToTokenBudget(text, Math.floor(maxTokens * ratio))
    if (candidate === '' || (await measure(candidate)) <= maxTokens) {
      return candidate
    }
    ratio *= SHRINK
  }
  return ''
}
