// The product's social profiles and Product Hunt page (site/content/links.json). Only http(s)
// URLs are accepted; an unset one (null) is left out of socialLinks().
import linksText from '../../content/links.json?raw'
import {
  fieldOf,
  parseContentJson,
  readObject,
  readOptionalHttpUrl,
  type FieldPath,
} from './validate'

/** The social networks, in the order the footer shows them. */
export const SOCIAL_NETWORKS = [
  { network: 'twitter', label: 'Twitter' },
  { network: 'linkedin', label: 'LinkedIn' },
  { network: 'instagram', label: 'Instagram' },
  { network: 'facebook', label: 'Facebook' },
  { network: 'github', label: 'Github' },
  { network: 'linktree', label: 'Linktree' },
  { network: 'youtube', label: 'YouTube' },
] as const

/** One social network's key. */
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['network']

/** A profile link the footer and navigation bar show (open in a new tab). */
export interface SocialLink {
  readonly network: SocialNetwork
  readonly label: string
  readonly url: string
}

/** What links.json holds. */
export interface SiteLinks {
  readonly social: readonly SocialLink[]
  readonly productHuntUrl: string | null
}

export const LINKS_FILE = 'site/content/links.json'

/** Checks the links file; throws a ContentError naming the file and field. */
export function parseSiteLinks(json: unknown, file: string): SiteLinks {
  const root: FieldPath = { file, path: '' }
  const entry = readObject(json, root)
  const socialAt = fieldOf(root, 'social')
  const social = readObject(entry.social, socialAt)
  const links: SocialLink[] = []
  for (const { network, label } of SOCIAL_NETWORKS) {
    const url = readOptionalHttpUrl(social[network], fieldOf(socialAt, network))
    if (url !== null) {
      links.push({ network, label, url })
    }
  }
  return {
    social: links,
    productHuntUrl: readOptionalHttpUrl(entry.productHuntUrl, fieldOf(root, 'productHuntUrl')),
  }
}

const siteLinks = parseSiteLinks(parseContentJson(linksText, LINKS_FILE), LINKS_FILE)

/** The social profiles that are set, in footer order. */
export function socialLinks(): readonly SocialLink[] {
  return siteLinks.social
}

/** The Product Hunt page for /redirect/product-hunt, or null when not set. */
export function productHuntUrl(): string | null {
  return siteLinks.productHuntUrl
}
