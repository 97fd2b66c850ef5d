// The tutorial articles for each browser, written from what the extension does (extension/ and
// ADRs 012, 014, 027, 028, 033, 036): the marker popup, the toolbox, the sidebar's tabs, the five
// shortcuts and which keys each browser suggests, the PDF viewer and its file-access rules.
// Supported browsers and the untested Chromium ones get the same five articles (the latter with
// a plain "not tested" notice); Safari and DuckDuckGo get two: why not, and the web app instead.
import type { ArticleAddresses, ArticleLink, TutorialArticle } from './article-types'
import { storeName, type TutorialBrowser } from './browsers'

/** The article segments of a browser that runs the extension, in reading order. */
export const EXTENSION_ARTICLE_SLUGS = [
  'install-the-extension',
  'highlight-a-web-page',
  'highlight-a-pdf',
  'use-the-sidebar',
  'keyboard-shortcuts',
] as const

/** The article segments of a browser that cannot run it. */
export const UNSUPPORTED_ARTICLE_SLUGS = ['install-the-extension', 'use-the-web-app'] as const

function untestedNotice(browser: TutorialBrowser): string | undefined {
  return browser.support === 'chromium-untested'
    ? `Not tested: ${browser.name} is not one of the browsers Inkmark is tested in (Chrome, Edge and Firefox). What follows is how the Chrome version should behave there; if something does not work in ${browser.name}, use Chrome, Edge or Firefox.`
    : undefined
}

function storeLink(browser: TutorialBrowser, addresses: ArticleAddresses): ArticleLink[] {
  return browser.store === null
    ? []
    : [
        {
          label: `Inkmark in the ${storeName(browser.store)}`,
          href: addresses.storeUrls[browser.store],
          isExternal: true,
        },
      ]
}

function installSteps(browser: TutorialBrowser): string[] {
  const pin =
    browser.id === 'firefox'
      ? 'Optional: pin Inkmark to the toolbar from the Extensions button (the puzzle piece), so its popup is one click away.'
      : `Optional: pin Inkmark to the toolbar from the Extensions menu (the puzzle piece), so its popup is one click away.`
  const permission =
    'Confirm the permissions. Inkmark asks to read and change the pages you visit because it paints your highlights into them and reads the text you select; your library stays in your browser unless you sign in to sync.'
  switch (browser.id) {
    case 'firefox':
      return [
        "Open Inkmark's page in Firefox Add-ons.",
        'Choose "Add to Firefox".',
        permission,
        pin,
        'Open any web page and select some text: the colour palette appears under the selection.',
      ]
    case 'edge':
      return [
        "Open Inkmark's page in Microsoft Edge Add-ons.",
        'Choose "Get", then "Add extension".',
        permission,
        pin,
        'Open any web page and select some text: the colour palette appears under the selection.',
      ]
    case 'opera':
      return [
        'In Opera, open Opera add-ons and add "Install Chrome Extensions" (it lets Opera install from the Chrome Web Store).',
        'Open Inkmark\'s page in the Chrome Web Store and choose "Add to Opera".',
        permission,
        'Open any web page and select some text: the colour palette should appear under the selection.',
      ]
    default:
      return [
        `Open Inkmark's page in the Chrome Web Store${browser.id === 'chrome' ? '' : ` in ${browser.name}`}.`,
        `Choose "Add to ${browser.id === 'chrome' ? 'Chrome' : browser.name}" (some browsers still say "Add to Chrome"), then "Add extension".`,
        permission,
        pin,
        'Open any web page and select some text: the colour palette appears under the selection.',
      ]
  }
}

function installArticle(browser: TutorialBrowser, addresses: ArticleAddresses): TutorialArticle {
  return {
    slug: 'install-the-extension',
    title: `Install Inkmark in ${browser.name}`,
    description: `How to add Inkmark's highlighter extension to ${browser.name}, and what it asks for.`,
    notice: untestedNotice(browser),
    steps: installSteps(browser),
    sections: [
      {
        heading: 'No account needed',
        paragraphs: [
          'Inkmark works as soon as it is installed: your highlights, notes and saved pages are kept in this browser. Signing in (from the popup) syncs them with the web app and your other browsers.',
        ],
      },
    ],
    links: [
      ...storeLink(browser, addresses),
      { label: 'Open the Inkmark web app', href: addresses.appUrl, isExternal: true },
    ],
  }
}

function webPageArticle(browser: TutorialBrowser): TutorialArticle {
  return {
    slug: 'highlight-a-web-page',
    title: `Highlight a web page in ${browser.name}`,
    description: `Select text on any page in ${browser.name}, pick a colour, add a note and tags.`,
    notice: untestedNotice(browser),
    steps: [
      'Select the text you want to keep. A small palette of colours appears under the selection.',
      'Click a colour (or move to it with Tab and press Enter). The text is highlighted and the page is saved to your library.',
      'Click the highlight to open its toolbox: write a note (it saves as you type), add tags, copy the text or delete the highlight.',
      'To highlight an image, right-click it and choose "Highlight image".',
    ],
    sections: [
      {
        heading: 'Faster with the keyboard',
        paragraphs: [
          'Alt+S highlights the selection in your default colour and Alt+A in the colour you used last (Option on a Mac). They do nothing while you type in a text field.',
        ],
      },
      {
        heading: 'Your highlights come back',
        paragraphs: [
          'When you open the page again, Inkmark finds each highlight by its text and the words around it, so small changes to the page do not lose it. Highlights it cannot place are still listed in the sidebar.',
          'You can turn highlighting off for a site in the settings; the popup then says so.',
        ],
      },
    ],
    links: [],
  }
}

function pdfArticle(browser: TutorialBrowser): TutorialArticle {
  const localFiles =
    browser.id === 'firefox'
      ? "Firefox does not let extensions read files on your computer, so local PDFs stay in Firefox's own viewer. To highlight a PDF from your disk, upload it to the Inkmark web app (Add content, then the PDF tab)."
      : `For PDFs on your computer, allow file access once: open ${browser.id === 'edge' ? 'edge://extensions' : browser.id === 'chrome' ? 'chrome://extensions' : "the browser's extensions page"}, choose Details under Inkmark and switch on "Allow access to file URLs". Then a PDF you open from your disk goes to Inkmark's viewer too.`
  return {
    slug: 'highlight-a-pdf',
    title: `Highlight a PDF in ${browser.name}`,
    description: `Open PDFs in Inkmark's own viewer in ${browser.name} and highlight them like web pages.`,
    notice: untestedNotice(browser),
    steps: [
      'Open a PDF from the web in a tab. Inkmark opens it in its own PDF viewer and says "Preparing PDF file" with a page count, then "PDF is ready! Enjoy highlighting."',
      'Select text and pick a colour from the palette, or press Alt+S. A selection across a page break becomes one highlight.',
      'Click a highlight to add a note or tags, as on a web page.',
    ],
    sections: [
      { heading: 'PDFs on your computer', paragraphs: [localFiles] },
      {
        heading: 'What Inkmark leaves alone',
        paragraphs: [
          "A PDF that a site sends as a download stays a download. Your highlights are kept with the PDF's own address, so they come back when you open the same PDF again, on any device where you use Inkmark.",
        ],
      },
    ],
    links: [],
  }
}

function sidebarArticle(browser: TutorialBrowser): TutorialArticle {
  return {
    slug: 'use-the-sidebar',
    title: `Use the Inkmark sidebar in ${browser.name}`,
    description:
      'Open the sidebar to see, find and edit the highlights of a page and your library.',
    notice: untestedNotice(browser),
    steps: [
      'Press Alt+W, or open Inkmark\'s popup and choose "Open sidebar".',
      'The "This page" tab lists the page\'s highlights. Click a highlight\'s text to scroll the page to it.',
      'Edit a note, the tags or the colour right in the list, or delete a highlight. Type in the filter to keep only highlights with those words, or pick a colour.',
      "The other tabs show your history, your highlights by website (Domains), by tag (Tags), and the page's AI summary and chat (AI).",
      'Press Alt+W again to close it.',
    ],
    sections: [
      {
        heading: 'It keeps your place',
        paragraphs: [
          "The sidebar pushes the page aside and keeps the text you were reading in view, so opening it does not lose your place. On Inkmark's own pages (the reader, the PDF viewer) it lies over the page instead.",
        ],
      },
    ],
    links: [],
  }
}

function shortcutsArticle(browser: TutorialBrowser): TutorialArticle {
  const readerKey =
    browser.id === 'firefox'
      ? 'Firefox takes all five keys as Inkmark suggests them.'
      : `${browser.name} lets an extension suggest only four keys, so "Open in reader" has none of its own: Inkmark answers Alt+R on the page itself until you give that command a key.`
  const where =
    browser.shortcutSettings === null
      ? 'Change them in the browser\'s extension shortcut settings; the popup\'s "Change shortcuts" button opens them where the browser allows it.'
      : `Change them at ${browser.shortcutSettings}, or with the "Change shortcuts" button in Inkmark's popup.`
  return {
    slug: 'keyboard-shortcuts',
    title: `Inkmark keyboard shortcuts in ${browser.name}`,
    description: 'The five shortcuts, what each does and how to change them.',
    notice: untestedNotice(browser),
    steps: [],
    sections: [
      {
        heading: 'The shortcuts',
        paragraphs: [
          'Alt+S: highlight the selected text in your default colour.',
          'Alt+A: highlight the selected text in the colour you used last.',
          'Alt+W: open or close the sidebar.',
          'Alt+B: save the page to your library.',
          'Alt+R: open the page in the reader.',
          'On a Mac, Alt is the Option key. The highlighting keys do nothing while you type in a text field.',
        ],
      },
      { heading: `In ${browser.name}`, paragraphs: [readerKey] },
      {
        heading: 'Change them',
        paragraphs: [
          where,
          'The popup always lists the keys the browser has now, so you can check what you set.',
        ],
      },
    ],
    links: [],
  }
}

function notSupportedArticle(
  browser: TutorialBrowser,
  addresses: ArticleAddresses,
): TutorialArticle {
  return {
    slug: 'install-the-extension',
    title: `Inkmark in ${browser.name}: not supported`,
    description: `Inkmark's extension does not run in ${browser.name}. What to use instead.`,
    notice: `Inkmark's extension is not available for ${browser.name}, and there is no way to install it there.`,
    steps: [],
    sections: [
      {
        heading: 'What to use instead',
        paragraphs: [
          `The Inkmark web app runs in ${browser.name}: open a web page in its reader by pasting the address, highlight it and add notes; upload PDFs and highlight them; write notes and highlight in them.`,
          'To highlight on the pages themselves as you browse, install Inkmark in Chrome, Edge or Firefox. Signing in syncs your library between the extension and the web app.',
        ],
      },
    ],
    links: [
      { label: 'Open the Inkmark web app', href: addresses.appUrl, isExternal: true },
      { label: 'Inkmark for Chrome', href: addresses.storeUrls.chrome, isExternal: true },
      { label: 'Inkmark for Edge', href: addresses.storeUrls.edge, isExternal: true },
      { label: 'Inkmark for Firefox', href: addresses.storeUrls.firefox, isExternal: true },
    ],
  }
}

function webAppArticle(browser: TutorialBrowser, addresses: ArticleAddresses): TutorialArticle {
  return {
    slug: 'use-the-web-app',
    title: `Highlight in ${browser.name} with the Inkmark web app`,
    description: `Without the extension: highlight web pages, PDFs and notes in ${browser.name} through the web app.`,
    steps: [
      `Open the Inkmark web app in ${browser.name}.`,
      'To highlight a web page, paste its address into the "Open website in reader mode" tool on this site: the web app fetches the page and shows it in its reader, without clutter.',
      'Select text in the reader and pick a colour. Add notes and tags as in the extension.',
      'To highlight a PDF, choose Add content, then the PDF tab, and pick the file.',
    ],
    sections: [
      {
        heading: 'What differs from the extension',
        paragraphs: [
          "You highlight in the reader's copy of a page, not on the site itself, and there are no browser shortcuts or sidebar. Your library lives in this browser and syncs when you sign in.",
        ],
      },
    ],
    links: [
      { label: 'Open the Inkmark web app', href: addresses.appUrl, isExternal: true },
      {
        label: 'Open website in reader mode',
        href: '/tools/open-website-in-reader-mode',
        isExternal: false,
      },
    ],
  }
}

/** The articles for one browser, in reading order. */
export function browserArticles(
  browser: TutorialBrowser,
  addresses: ArticleAddresses,
): readonly TutorialArticle[] {
  if (browser.support === 'unsupported') {
    return [notSupportedArticle(browser, addresses), webAppArticle(browser, addresses)]
  }
  return [
    installArticle(browser, addresses),
    webPageArticle(browser),
    pdfArticle(browser),
    sidebarArticle(browser),
    shortcutsArticle(browser),
  ]
}

/** One article of a browser, or undefined. */
export function browserArticle(
  browser: TutorialBrowser,
  slug: string | undefined,
  addresses: ArticleAddresses,
): TutorialArticle | undefined {
  return browserArticles(browser, addresses).find((article) => article.slug === slug)
}
