// Facts about Inkmark the marketing pages repeat: what it does, which browsers it runs in, the
// tools inside the extension, and the structured data that describes it. Each claim here is backed
// by the code and its decision records (docs/adr/072-marketing-content-and-pricing.md lists them).
import { DEFAULT_PRICES, UserPlanType } from '@inkmark/shared'
import type { SiteImageName } from '../../../images/image-names'

/** The product's name, as every title shows it. */
export const PRODUCT_NAME = 'Inkmark'

/** The spec's default title and description (section 9). */
export const DEFAULT_TITLE = `${PRODUCT_NAME}: PDF & Web Highlighter + Notes & Annotations`
export const DEFAULT_DESCRIPTION =
  'Best highlighter for the web. Just like you do on books, highlight on any web page or PDF, and take notes. Organize with tags and find your research in the app.'

/** A page's full title: "{name} | Inkmark". */
export function pageTitle(name: string): string {
  return `${name} | ${PRODUCT_NAME}`
}

/** A browser the extension is built and tested for. */
export type SupportedBrowser = 'chrome' | 'edge' | 'firefox'

export const SUPPORTED_BROWSERS: readonly { id: SupportedBrowser; name: string }[] = [
  { id: 'chrome', name: 'Chrome' },
  { id: 'edge', name: 'Edge' },
  { id: 'firefox', name: 'Firefox' },
]

/** The other browsers visitors ask about, and what is true for each. */
export const OTHER_BROWSERS: readonly { name: string; answer: string }[] = [
  {
    name: 'Safari',
    answer:
      'Not supported: there is no Safari version of the extension. On a Mac, use Chrome, Edge or Firefox; the web app works in Safari for your library.',
  },
  {
    name: 'Opera, Brave and Vivaldi',
    answer:
      'Not supported and not tested. They are built on Chromium and can install extensions from the Chrome Web Store, so the Chrome version may work there, but we do not test it. For a supported setup use Chrome, Edge or Firefox.',
  },
  {
    name: 'DuckDuckGo',
    answer:
      'Not supported: the DuckDuckGo browser does not install Chrome or Firefox extensions. Use Chrome, Edge or Firefox.',
  },
]

/** The three tools inside the one Inkmark extension, by their page path. */
export type ExtensionApp = 'pdf-web-highlighter' | 'reader-mode' | 'youtube-highlighter'

export interface ExtensionAppInfo {
  path: ExtensionApp
  /** The InstallButton's appType. */
  appType: 'highlighter' | 'reader' | 'youtubeHighlighter'
  name: string
  summary: string
  /** What it does, one short paragraph each. */
  points: readonly string[]
  /** A screenshot of the tool at work, when the site has one. */
  image?: { name: SiteImageName; alt: string }
}

export const EXTENSION_APPS: readonly ExtensionAppInfo[] = [
  {
    path: 'pdf-web-highlighter',
    appType: 'highlighter',
    name: 'PDF & Web Highlighter',
    summary:
      'Highlight text on any web page and in PDFs, add notes and tags, and find them again in your library.',
    points: [
      'Select text on a page and pick one of the highlight colours, or press Alt+S. Alt+A highlights with the last colour you used.',
      'PDFs open in Inkmark’s own viewer, where you highlight just like on a web page; your highlights are stored with the PDF’s address (or the file name for a PDF on your computer).',
      'On Ultimate you can highlight images too. Add a note and tags to any highlight. The sidebar (Alt+W) lists the page’s highlights; Alt+B saves the page to your library.',
      'Highlights come back when you open the page again, and the web app shows them all in one searchable library.',
    ],
    image: {
      name: 'sidebar',
      alt: 'The Inkmark sidebar open beside an article, listing the page’s highlights with their notes.',
    },
  },
  {
    path: 'reader-mode',
    appType: 'reader',
    name: 'Reader Mode',
    summary:
      'Read any article without ads, menus and pop-ups, in a clean layout you can highlight and annotate.',
    points: [
      'Open the current page in the reader from the popup’s “Open in reader” or with its keyboard shortcut (Alt+R; in Chrome you can also set your own key).',
      'The reader shows the article’s text and images in a calm layout; choose the font size, line width and line height, and light, dark, sepia or high-contrast colours.',
      'Highlights and notes made in the reader are the same highlights as on the page: they are in your library and in the sidebar.',
    ],
    image: {
      name: 'reader',
      alt: 'An article in Inkmark’s reader mode, with highlighted passages.',
    },
  },
  {
    path: 'youtube-highlighter',
    appType: 'youtubeHighlighter',
    name: 'YouTube Highlighter',
    summary:
      'Read a YouTube video’s transcript beside the video, highlight lines and jump back to that moment.',
    points: [
      'On a YouTube watch page, Inkmark shows the video’s transcript in a panel, with its languages to choose from.',
      'Highlight transcript lines like text on a page; a click on a highlight plays the video from that moment.',
      'Basic and Premium highlight one video a day; Ultimate and the Ultimate trial highlight any number.',
    ],
  },
]

/** The app with `path`, or undefined. */
export function extensionApp(path: string | undefined): ExtensionAppInfo | undefined {
  return EXTENSION_APPS.find((app) => app.path === path)
}

/** Structured data for the extension (schema.org SoftwareApplication) with its lowest price. */
export function softwareApplicationData(siteOrigin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: PRODUCT_NAME,
    applicationCategory: 'BrowserApplication',
    operatingSystem: 'Chrome, Edge, Firefox',
    description: DEFAULT_DESCRIPTION,
    url: siteOrigin,
    offers: [
      { '@type': 'Offer', name: 'Basic', price: '0', priceCurrency: 'USD' },
      {
        '@type': 'Offer',
        name: 'Premium',
        price: DEFAULT_PRICES[UserPlanType.PREMIUM].amount.toFixed(2),
        priceCurrency: DEFAULT_PRICES[UserPlanType.PREMIUM].currency,
      },
      {
        '@type': 'Offer',
        name: 'Ultimate',
        price: DEFAULT_PRICES[UserPlanType.ULTIMATE].amount.toFixed(2),
        priceCurrency: DEFAULT_PRICES[UserPlanType.ULTIMATE].currency,
      },
    ],
  }
}
