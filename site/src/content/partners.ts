// Partner pages (/partners, /partners/{partnerName}): the operator's site/content/partners.json,
// or in non-production builds the marked sample.
import operatorText from '../../content/partners.json?raw'
import sampleText from '../../content/samples/partners.json?raw'
import { assertAllSamples, chooseEntries } from './entries'
import { siteStage, type SiteStage } from './stage'
import {
  assertUniqueIds,
  fieldOf,
  parseContentJson,
  readArray,
  readBoolean,
  readObject,
  readOptionalHttpUrl,
  readOptionalText,
  readSlug,
  readText,
} from './validate'

/** One partner (its id is the /partners/{partnerName} segment). */
export interface Partner {
  readonly id: string
  readonly name: string
  readonly description: string
  /** What the partner's audience gets (e.g. a discount), or null. */
  readonly offer: string | null
  readonly websiteUrl: string | null
  readonly isSample: boolean
}

export const PARTNERS_FILE = 'site/content/partners.json'
export const SAMPLE_PARTNERS_FILE = 'site/content/samples/partners.json'

/** Checks a partners file; throws a ContentError naming the file and field. */
export function parsePartners(json: unknown, file: string): readonly Partner[] {
  const root = { file, path: '' }
  const partners = readArray(json, root).map((item, index) => {
    const at = fieldOf(root, index)
    const entry = readObject(item, at)
    return {
      id: readSlug(entry.id, fieldOf(at, 'id')),
      name: readText(entry.name, fieldOf(at, 'name')),
      description: readText(entry.description, fieldOf(at, 'description')),
      offer: readOptionalText(entry.offer, fieldOf(at, 'offer')),
      websiteUrl: readOptionalHttpUrl(entry.websiteUrl, fieldOf(at, 'websiteUrl')),
      isSample: readBoolean(entry.isSample, fieldOf(at, 'isSample')),
    }
  })
  assertUniqueIds(
    partners.map((partner) => partner.id),
    file,
    'id',
  )
  return partners
}

const operatorPartners = parsePartners(parseContentJson(operatorText, PARTNERS_FILE), PARTNERS_FILE)
const samplePartners = parsePartners(
  parseContentJson(sampleText, SAMPLE_PARTNERS_FILE),
  SAMPLE_PARTNERS_FILE,
)
assertAllSamples(samplePartners, SAMPLE_PARTNERS_FILE)

/** The operator's partners as written (for the production check). */
export function operatorPartnerEntries(): readonly Partner[] {
  return operatorPartners
}

/** The partners to show in this build. */
export function loadPartners(stage: SiteStage = siteStage()): readonly Partner[] {
  return chooseEntries(operatorPartners, samplePartners, stage)
}
