// Where the site's links and calls go: its own origin (canonical URLs), the web app, the relay,
// the misc server, the extension's store pages and the blog. Read from the build's environment
// (VITE_SITE_ORIGIN, VITE_APP_URL, VITE_RELAY_URL, VITE_MISC_URL, VITE_BLOG_URL,
// VITE_STORE_URL_CHROME/EDGE/FIREFOX) with local defaults, as `npm start` runs them.

import { readSiteConfig, type SiteConfig } from './site-config-read'

export type { SiteConfig, StoreUrls } from './site-config-read'
export { DEFAULT_STORE_URLS, httpUrlOr, readSiteConfig } from './site-config-read'

/** This build's configuration. */
export const siteConfig: SiteConfig = readSiteConfig(import.meta.env)
