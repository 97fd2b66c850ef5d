// The site's images, by name. Each is a real screenshot of Inkmark taken from the sample library
// (site/assets/source/{name}.png, captured by site/scripts/images/capture-sources.ts); the build
// turns it into WebP variants (site/scripts/images/build-images.ts, ADR 076).

export const SITE_IMAGE_NAMES = [
  /** The web app's dashboard: the sample library's pages as cards, the learning banner. */
  'library',
  /** The web app's reader mode on a sample article (Walden), with highlights. */
  'reader',
  /** A saved page's detail in the web app: its highlights and notes. */
  'page-detail',
  /** The extension's sidebar open on a sample article with highlights. */
  'sidebar',
  /** A learning session in the web app: a revealed card with its answer buttons. */
  'learning',
  /** The extension's popup: the page's highlights and the keyboard shortcuts. */
  'popup',
] as const

export type SiteImageName = (typeof SITE_IMAGE_NAMES)[number]

export function isSiteImageName(name: string): name is SiteImageName {
  return (SITE_IMAGE_NAMES as readonly string[]).includes(name)
}
