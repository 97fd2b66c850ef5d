// Why the imprint may not be published: each operator value still a placeholder, one line each.
// A production build (SITE_STAGE=production) refuses while this is non-empty; the content loaders'
// productionContentProblems() reports the same fields among the other operator files.
import { OPERATOR_FIELDS, type OperatorDetails } from '../../../content'

/** The imprint's unfilled placeholders ("Operator name (operatorName) is not filled in"). */
export function imprintProblems(details: OperatorDetails): string[] {
  return OPERATOR_FIELDS.filter(({ key }) => details[key].isPlaceholder).map(
    ({ key, label }) => `Imprint: ${label} (${key}) is not filled in`,
  )
}
