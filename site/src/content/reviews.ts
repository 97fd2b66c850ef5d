// Reviews for the Wall of Love (/testimonials) and the footer carousel: the operator's
// site/content/reviews.json, or in non-production builds the marked samples.
import operatorText from '../../content/reviews.json?raw'
import sampleText from '../../content/samples/reviews.json?raw'
import { assertAllSamples, chooseEntries } from './entries'
import { siteStage, type SiteStage } from './stage'
import {
  fieldOf,
  parseContentJson,
  readArray,
  readBoolean,
  readObject,
  readOptionalHttpUrl,
  readText,
} from './validate'

/** Who wrote a review. */
export interface Reviewer {
  readonly name: string
  /** An http(s) image URL shown at 24x24, or null for the initial. */
  readonly avatarURL: string | null
}

/** One review (spec section 3 "Review item", plus isSample). */
export interface Review {
  readonly reviewer: Reviewer
  readonly reviewText: string
  readonly isSample: boolean
}

export const REVIEWS_FILE = 'site/content/reviews.json'
export const SAMPLE_REVIEWS_FILE = 'site/content/samples/reviews.json'

/** Checks a reviews file; throws a ContentError naming the file and field. */
export function parseReviews(json: unknown, file: string): readonly Review[] {
  const root = { file, path: '' }
  return readArray(json, root).map((item, index) => {
    const at = fieldOf(root, index)
    const entry = readObject(item, at)
    const reviewerAt = fieldOf(at, 'reviewer')
    const reviewer = readObject(entry.reviewer, reviewerAt)
    return {
      reviewer: {
        name: readText(reviewer.name, fieldOf(reviewerAt, 'name')),
        avatarURL: readOptionalHttpUrl(reviewer.avatarURL, fieldOf(reviewerAt, 'avatarURL')),
      },
      reviewText: readText(entry.reviewText, fieldOf(at, 'reviewText')),
      isSample: readBoolean(entry.isSample, fieldOf(at, 'isSample')),
    }
  })
}

const operatorReviews = parseReviews(parseContentJson(operatorText, REVIEWS_FILE), REVIEWS_FILE)
const sampleReviews = parseReviews(
  parseContentJson(sampleText, SAMPLE_REVIEWS_FILE),
  SAMPLE_REVIEWS_FILE,
)
assertAllSamples(sampleReviews, SAMPLE_REVIEWS_FILE)

/** The operator's reviews as written (for the production check). */
export function operatorReviewEntries(): readonly Review[] {
  return operatorReviews
}

/** The reviews to show in this build. */
export function loadReviews(stage: SiteStage = siteStage()): readonly Review[] {
  return chooseEntries(operatorReviews, sampleReviews, stage)
}
