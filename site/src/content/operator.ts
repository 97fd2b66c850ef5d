// The imprint's operator details (site/content/operator.json). An unfilled value (null) shows as a
// visible placeholder like "[Operator name: not filled in]"; a production build refuses to publish
// while any is unfilled (productionContentProblems).
import operatorText from '../../content/operator.json?raw'
import { fieldOf, parseContentJson, readObject, readOptionalText } from './validate'

/** One imprint value: the operator's text, or a placeholder saying it is not filled in. */
export interface ImprintValue {
  readonly text: string
  readonly isPlaceholder: boolean
}

/** The imprint's fields, in the order the imprint lists them. */
export const OPERATOR_FIELDS = [
  { key: 'operatorName', label: 'Operator name' },
  { key: 'address', label: 'Address' },
  { key: 'email', label: 'Email' },
  { key: 'responsiblePerson', label: 'Responsible for the content' },
  { key: 'registerEntry', label: 'Register entry' },
  { key: 'vatId', label: 'VAT identification number' },
] as const

/** The name of one imprint field. */
export type OperatorFieldKey = (typeof OPERATOR_FIELDS)[number]['key']

/** Every imprint value (address lines are separated by "\n" in `text`). */
export type OperatorDetails = { readonly [key in OperatorFieldKey]: ImprintValue }

export const OPERATOR_FILE = 'site/content/operator.json'

/** Checks the operator file; throws a ContentError naming the file and field. */
export function parseOperatorDetails(json: unknown, file: string): OperatorDetails {
  const root = { file, path: '' }
  const entry = readObject(json, root)
  const details = {} as Record<OperatorFieldKey, ImprintValue>
  for (const { key, label } of OPERATOR_FIELDS) {
    const text = readOptionalText(entry[key], fieldOf(root, key))
    details[key] =
      text === null
        ? { text: `[${label}: not filled in]`, isPlaceholder: true }
        : { text, isPlaceholder: false }
  }
  return details
}

const details = parseOperatorDetails(parseContentJson(operatorText, OPERATOR_FILE), OPERATOR_FILE)

/** The imprint's operator details for this build. */
export function operatorDetails(): OperatorDetails {
  return details
}
