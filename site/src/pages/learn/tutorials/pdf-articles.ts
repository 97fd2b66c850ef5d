// The PDF tutorials (/tutorials/pdf-web-highlighter/{articleName}), from ADRs 014 and 015: the
// extension's viewer for PDFs on the web and on disk, and the web app's PDF upload, whose file
// stays on the device it was uploaded on while its highlights sync.
import type { ArticleAddresses, TutorialArticle } from './article-types'

/** The PDF articles, in reading order. */
export function pdfArticles(addresses: ArticleAddresses): readonly TutorialArticle[] {
  return [
    {
      slug: 'highlight-pdfs-in-your-browser',
      title: 'Highlight PDFs in your browser',
      description:
        "Inkmark's extension opens PDFs from the web in its own viewer, where you highlight them like web pages.",
      steps: [
        'Install Inkmark in Chrome, Edge or Firefox.',
        'Open a PDF in a tab, by following a link or typing its address. Inkmark sends the tab to its own PDF viewer, even when the address does not end in .pdf.',
        'Wait for "PDF is ready! Enjoy highlighting." (long files count their pages while they are prepared).',
        'Select text and pick a colour, or press Alt+S. Click a highlight to add a note or tags.',
      ],
      sections: [
        {
          heading: 'Good to know',
          paragraphs: [
            'A selection that runs over a page break is one highlight. A PDF a site sends as a download is left alone.',
            "Your highlights are kept with the PDF's own address, so opening the same PDF later, on any of your devices with Inkmark, shows them again.",
          ],
        },
      ],
      links: [
        { label: 'Install Inkmark for Chrome', href: addresses.storeUrls.chrome, isExternal: true },
      ],
    },
    {
      slug: 'highlight-local-pdf-files',
      title: 'Highlight PDF files on your computer',
      description: 'Let the extension open PDFs from your disk, or upload them to the web app.',
      steps: [
        'In Chrome or Edge, open the extensions page (chrome://extensions or edge://extensions), choose Details under Inkmark and switch on "Allow access to file URLs".',
        "Open a PDF from your computer in the browser (drag it into a tab, or open it with the browser). It opens in Inkmark's viewer.",
        'Highlight as on any PDF.',
      ],
      sections: [
        {
          heading: 'In Firefox',
          paragraphs: [
            "Firefox does not let extensions read files on your computer, so local PDFs stay in Firefox's own viewer. Upload the file to the web app instead (next article).",
          ],
        },
        {
          heading: 'Same file, same highlights',
          paragraphs: [
            'Local PDFs are matched by file name: a file called paper.pdf shows the highlights you made in any paper.pdf before.',
          ],
        },
      ],
      links: [],
    },
    {
      slug: 'upload-a-pdf-to-the-web-app',
      title: 'Upload a PDF to the Inkmark web app',
      description:
        'Highlight a PDF in any browser: upload it to the web app and highlight it there.',
      steps: [
        'Open the Inkmark web app and choose Add content.',
        'Choose the PDF tab, then "Choose a PDF file". Files up to 100 MB that really are PDFs are accepted; anything else is refused with a message naming the file.',
        'The PDF opens in the viewer. Select text and choose a colour in the toolbar, or press Alt+S (Alt+A for the last colour).',
        'Click a highlight (or press Enter on it) to change its colour, delete it or open it in the notebook.',
      ],
      sections: [
        {
          heading: 'Where the file lives',
          paragraphs: [
            'The PDF file stays in this browser on this device; it is not uploaded to a server. Its highlights sync to your other devices when you sign in.',
            'On another device the viewer says "This PDF is stored on another device" and lets you upload the file there too; your highlights are placed on it again.',
          ],
        },
      ],
      links: [
        {
          label: 'Open Add content in the web app',
          href: `${addresses.appUrl}/?dialog=add-content`,
          isExternal: true,
        },
      ],
    },
    {
      slug: 'find-your-pdf-highlights',
      title: 'Find your PDF highlights again',
      description: 'Where PDF highlights show up in Inkmark, and how they sync.',
      steps: [
        'Open the Inkmark web app: each PDF you highlighted is a page in your library, named after the file or its title.',
        "Open it to see its highlights and notes in the page's notebook, or search for any word in them.",
        'Open the PDF again (from the web, your disk or the web app) to see the highlights in place.',
      ],
      sections: [
        {
          heading: 'Across devices',
          paragraphs: [
            "When you sign in, your PDFs' highlights and notes sync like any other page's. The PDF files you uploaded to the web app do not: they stay on the device where you uploaded them.",
          ],
        },
      ],
      links: [{ label: 'Open the Inkmark web app', href: addresses.appUrl, isExternal: true }],
    },
  ]
}

/** One PDF article, or undefined. */
export function pdfArticle(
  slug: string | undefined,
  addresses: ArticleAddresses,
): TutorialArticle | undefined {
  return pdfArticles(addresses).find((article) => article.slug === slug)
}
