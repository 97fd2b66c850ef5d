// Reads the site's configuration from environment variables (pure: the Vite config, the server
// scripts and tests use it; site-config.ts applies it to the build's import.meta.env).
export interface StoreUrls {
  chrome: string
  edge: string
  firefox: string
}

export interface SiteConfig {
  /** The site's own origin, no trailing slash: canonical URLs, the sitemap, og:url. */
  siteOrigin: string
  /** The web app. */
  appUrl: string
  /** The relay (public pages live at `${relayUrl}/explore/{id}`). */
  relayUrl: string
  /** The misc server (free tools' calls). */
  miscUrl: string
  storeUrls: StoreUrls
  /** The blog, or null when the operator has none (Blog and Release Notes links are left out). */
  blogUrl: string | null
}

/** The extension's listing in each browser's store (a search, so it needs no listing id). */
export const DEFAULT_STORE_URLS: StoreUrls = {
  chrome: 'https://chromewebstore.google.com/search/Inkmark',
  edge: 'https://microsoftedge.microsoft.com/addons/search/Inkmark',
  firefox: 'https://addons.mozilla.org/firefox/search/?q=Inkmark',
}

/** An http(s) URL without its trailing slashes, or the fallback when blank or not http(s). */
export function httpUrlOr<T extends string | null>(
  value: string | undefined,
  fallback: T,
): string | T {
  const trimmed = value?.trim() ?? ''
  try {
    const url = new URL(trimmed)
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      return trimmed.replace(/\/+$/, '')
    }
  } catch {
    // not a URL: the fallback
  }
  return fallback
}

/** The configuration from a build's environment variables. */
export function readSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  return {
    siteOrigin: httpUrlOr(env.VITE_SITE_ORIGIN, 'http://127.0.0.1:5174'),
    appUrl: httpUrlOr(env.VITE_APP_URL, 'http://127.0.0.1:5173'),
    relayUrl: httpUrlOr(env.VITE_RELAY_URL, 'http://127.0.0.1:8787'),
    miscUrl: httpUrlOr(env.VITE_MISC_URL, 'http://127.0.0.1:8788'),
    storeUrls: {
      chrome: httpUrlOr(env.VITE_STORE_URL_CHROME, DEFAULT_STORE_URLS.chrome),
      edge: httpUrlOr(env.VITE_STORE_URL_EDGE, DEFAULT_STORE_URLS.edge),
      firefox: httpUrlOr(env.VITE_STORE_URL_FIREFOX, DEFAULT_STORE_URLS.firefox),
    },
    blogUrl: httpUrlOr(env.VITE_BLOG_URL, null),
  }
}
