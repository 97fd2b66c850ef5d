// Where "Upgrade" leads from the AI daily-limit popup: the plans on the product site's home page
// (its #pricing section). The web app has no plans page of its own (Settings' "Upgrade & Billing"
// view is not built), so this is the one page with the plans that exists.
import { SITE_URL } from '../prompts/prompt-links'

/** The product site's plans, for an upgrade. */
export function aiUpgradeUrl(siteUrl: string = SITE_URL): string {
  return `${siteUrl}/#pricing`
}
