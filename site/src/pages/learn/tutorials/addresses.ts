// The addresses tutorial articles link to, from the site's configuration.
import { siteConfig } from '../../../app/site-config'
import type { ArticleAddresses } from './article-types'

/** The web app and store addresses of this build. */
export function articleAddresses(): ArticleAddresses {
  return { appUrl: siteConfig.appUrl, storeUrls: siteConfig.storeUrls }
}
