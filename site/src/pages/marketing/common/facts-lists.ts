// Lists the home page, the FAQ and the docs share: what can be imported and exported, and the plans
// in a sentence each (limits from shared: one AI summary, one AI chat and one YouTube video a day on
// the limited plans; saved page content 10 MB / 100 MB / 1 GB).

/** Where an import can come from (shared/src/transfer/import-formats.ts). */
export const IMPORT_SOURCES: readonly string[] = [
  'Kindle (My Clippings.txt and the Kindle notebook export)',
  'Hypothesis (JSON export)',
  'Web Annotations (W3C JSON-LD)',
  'Omnivore (export zip)',
  'Pocket (CSV, JSON or HTML export)',
  'Diigo (CSV)',
  'Weava (CSV)',
  'Your browser’s bookmarks (HTML export)',
]

/** What an export can be (webapp/src/transfer/export-files.ts and the backup file). */
export const EXPORT_FORMATS: readonly string[] = [
  'Markdown',
  'HTML',
  'JSON-LD (W3C Web Annotations)',
  'Anki CSV, for flashcards',
  'A full backup file you can restore later',
]

/** The plans, one line each. */
export const PLAN_SUMMARIES: readonly { name: string; text: string }[] = [
  {
    name: 'Basic (free)',
    text: 'Highlights, notes, tags, PDFs, reader mode, learning, import, export and backup on your device, with one AI summary, one AI chat and one YouTube video a day.',
  },
  {
    name: 'Premium',
    text: 'Everything in Basic, plus sync across your devices and sharing pages and highlights by link; 100 MB for saved page contents.',
  },
  {
    name: 'Ultimate',
    text: 'Everything in Premium, plus unlimited AI summaries, AI chats and YouTube videos, and image highlighting; 1 GB for saved page contents.',
  },
]
