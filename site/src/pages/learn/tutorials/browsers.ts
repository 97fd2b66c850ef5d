// The tutorial browsers of the spec and what Inkmark honestly says about each: Chrome, Edge and
// Firefox are supported (built, store-listed and tested); Opera, Brave and Vivaldi are built on
// Chromium and can install Chrome Web Store extensions, but Inkmark is not tested there; Safari
// and DuckDuckGo's browser cannot run Inkmark's extension at all.

/** How far Inkmark's extension goes in a browser. */
export type BrowserSupport = 'supported' | 'chromium-untested' | 'unsupported'

/** The stores Inkmark is listed in (siteConfig.storeUrls keys). */
export type StoreKey = 'chrome' | 'edge' | 'firefox'

/** One tutorial browser. */
export interface TutorialBrowser {
  /** The URL segment (/tutorials/browser/{id}). */
  readonly id: string
  readonly name: string
  readonly support: BrowserSupport
  /** Where the extension comes from in this browser; null when it cannot be installed. */
  readonly store: StoreKey | null
  /** The address of the browser's extension shortcut settings, when it has one we can name. */
  readonly shortcutSettings: string | null
  /** One or two sentences on Inkmark in this browser, shown on its page. */
  readonly summary: string
}

/** The spec's tutorial browsers, supported ones first. */
export const TUTORIAL_BROWSERS: readonly TutorialBrowser[] = [
  {
    id: 'chrome',
    name: 'Chrome',
    support: 'supported',
    store: 'chrome',
    shortcutSettings: 'chrome://extensions/shortcuts',
    summary: 'Inkmark is built and tested for Chrome. Install it from the Chrome Web Store.',
  },
  {
    id: 'firefox',
    name: 'Firefox',
    support: 'supported',
    store: 'firefox',
    shortcutSettings: 'about:addons (the gear, then Manage Extension Shortcuts)',
    summary: 'Inkmark is built and tested for Firefox. Install it from Firefox Add-ons.',
  },
  {
    id: 'edge',
    name: 'Edge',
    support: 'supported',
    store: 'edge',
    shortcutSettings: 'edge://extensions/shortcuts',
    summary: 'Inkmark is built for Edge and listed in Microsoft Edge Add-ons.',
  },
  {
    id: 'brave',
    name: 'Brave',
    support: 'chromium-untested',
    store: 'chrome',
    shortcutSettings: 'brave://extensions/shortcuts',
    summary:
      'Brave is built on Chromium and installs extensions from the Chrome Web Store, so the Chrome version of Inkmark installs there. We have not tested Inkmark in Brave.',
  },
  {
    id: 'opera',
    name: 'Opera',
    support: 'chromium-untested',
    store: 'chrome',
    shortcutSettings: null,
    summary:
      'Opera is built on Chromium and can install Chrome Web Store extensions once Opera\'s own "Install Chrome Extensions" add-on is added. We have not tested Inkmark in Opera.',
  },
  {
    id: 'vivaldi',
    name: 'Vivaldi',
    support: 'chromium-untested',
    store: 'chrome',
    shortcutSettings: 'vivaldi://extensions/shortcuts',
    summary:
      'Vivaldi is built on Chromium and installs extensions from the Chrome Web Store, so the Chrome version of Inkmark installs there. We have not tested Inkmark in Vivaldi.',
  },
  {
    id: 'safari',
    name: 'Safari',
    support: 'unsupported',
    store: null,
    shortcutSettings: null,
    summary:
      'Inkmark has no Safari extension. In Safari, use the Inkmark web app, or install Inkmark in Chrome, Edge or Firefox.',
  },
  {
    id: 'duckduckgo',
    name: 'DuckDuckGo',
    support: 'unsupported',
    store: null,
    shortcutSettings: null,
    summary:
      "DuckDuckGo's browser does not run Inkmark's extension. In it, use the Inkmark web app, or install Inkmark in Chrome, Edge or Firefox.",
  },
]

/** The browser with this URL segment, or undefined. */
export function tutorialBrowser(id: string | undefined): TutorialBrowser | undefined {
  return TUTORIAL_BROWSERS.find((browser) => browser.id === id)
}

const STORE_NAMES: Record<StoreKey, string> = {
  chrome: 'Chrome Web Store',
  edge: 'Microsoft Edge Add-ons',
  firefox: 'Firefox Add-ons',
}

/** The name of a store ('Chrome Web Store'). */
export function storeName(store: StoreKey): string {
  return STORE_NAMES[store]
}
