// The FAQ's questions and answers, as plain text: the page renders them and the FAQPage structured
// data repeats them. Every answer is what the code does (README, docs/adr, docs/security.md).
import { EXPORT_FORMATS, IMPORT_SOURCES } from './common/facts-lists'
import { OTHER_BROWSERS } from './common/product-facts'

export interface FaqEntry {
  id: string
  question: string
  /** Paragraphs of plain text. */
  answer: readonly string[]
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'account',
    question: 'Do I need an account?',
    answer: [
      'No. Install the extension and start highlighting: your library is kept in your browser, and everything except sync and sharing works without an account.',
      'An account is for syncing your library between browsers and the web app, and for sharing pages by link.',
    ],
  },
  {
    id: 'storage',
    question: 'Where are my highlights stored?',
    answer: [
      'On your device, in your browser’s storage (IndexedDB): the extension keeps its library and the web app keeps its own. Nothing leaves your device unless you turn on sync, share a page, use AI with a provider you chose, or use a server tool such as saving a web page as a PDF.',
      'With sync on, your library is also stored on Inkmark’s sync server so your other devices get it.',
    ],
  },
  {
    id: 'sync',
    question: 'How does sync work, and which plans include it?',
    answer: [
      'Sign in with the same account in each browser and in the web app. Changes are sent to the sync server and reach your other devices; offline changes are sent when you are back online.',
      'Sync is part of Premium, Ultimate and the Ultimate trial (some older accounts keep sync on the free plan). On Basic, a backup file moves your library from one device to another.',
    ],
  },
  {
    id: 'offline',
    question: 'Does Inkmark work offline?',
    answer: [
      'Yes. Highlights, notes, tags, reader mode, learning and backups work without a connection. Pages must of course be loaded to be highlighted, and sync, sharing and online AI providers need the network.',
    ],
  },
  {
    id: 'browsers',
    question: 'Which browsers are supported?',
    answer: [
      'Chrome, Edge and Firefox, on the desktop. The web app works in any modern browser, including on phones.',
      ...OTHER_BROWSERS.map((browser) => `${browser.name}: ${browser.answer}`),
    ],
  },
  {
    id: 'pdf',
    question: 'Can I highlight PDFs?',
    answer: [
      'Yes. PDFs open in Inkmark’s own viewer, where you highlight them like web pages. PDFs on your computer work too: in Chrome and Edge, turn on “Allow access to file URLs” in the extension’s details first. In the web app you can also upload a PDF and highlight it there.',
    ],
  },
  {
    id: 'import',
    question: 'Can I bring my highlights from another app?',
    answer: [
      `Yes. The web app imports: ${IMPORT_SOURCES.join('; ')}.`,
      'There is no importer for Readwise.',
    ],
  },
  {
    id: 'export',
    question: 'Can I export my highlights?',
    answer: [
      `Yes, on every plan: ${EXPORT_FORMATS.join('; ')}. You can also send pages and highlights to Notion or Capacities after connecting your account there in the web app’s integrations.`,
    ],
  },
  {
    id: 'ai',
    question: 'Which AI does Inkmark use, and who sees my text?',
    answer: [
      'The one you choose in the settings: your browser’s built-in AI (in Chrome, on your device), or an OpenAI-compatible endpoint you configure with its address, model and, if it needs one, your own key. Inkmark runs no AI service of its own.',
      'The page text you summarise or chat about goes only to that provider. The key is kept on your device and is not synced.',
      'Basic and Premium include one AI summary and one AI chat a day; Ultimate and the Ultimate trial have no daily limit.',
    ],
  },
  {
    id: 'privacy',
    question: 'Does Inkmark track what I read?',
    answer: [
      'No. The apps send anonymous daily counts of actions (for example “a highlight was made”) with no page, address, note or account attached; you can switch them off in the settings. Read the privacy policy for everything that is stored and sent.',
    ],
  },
  {
    id: 'plans',
    question: 'What do the plans cost?',
    answer: [
      'Basic is free. Premium and Ultimate are paid monthly, yearly or once for a lifetime; the pricing page shows the prices in your currency. From 23 to 30 November yearly plans are 40% off for Black Friday.',
    ],
  },
  {
    id: 'cancel',
    question: 'How do I cancel, and what happens to my data?',
    answer: [
      'Cancel in the web app under Settings, Upgrade & Billing. Your plan runs until the end of the period you paid for.',
      'Your library stays on your devices whatever your plan; without a plan that syncs, sync stops and your devices keep what they have.',
    ],
  },
  {
    id: 'shortcuts',
    question: 'Which keyboard shortcuts are there?',
    answer: [
      'Alt+S highlights the selection, Alt+A highlights it with the last colour used, Alt+W opens or closes the sidebar, Alt+B saves the page and Alt+R opens it in the reader. You can change them in your browser’s extension shortcut settings; the popup lists the keys in use.',
    ],
  },
]

/** The FAQ as schema.org FAQPage structured data. */
export function faqStructuredData(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_ENTRIES.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join(' ') },
    })),
  }
}
