// The saved page content as plain paragraphs for the page-content-preview dialog: the sanitized
// article's text (readSavedArticle's textContent) cut at blank lines or line breaks, with spaces
// folded, empty lines dropped and the preview capped, so a huge page never renders whole. Text
// only: the preview inserts no HTML at all.

/** Paragraphs shown at most; the reader shows the rest. */
export const MAX_PREVIEW_PARAGRAPHS = 200

/** The paragraphs of `text`, at most `max`, and whether some were left out. */
export function contentParagraphs(
  text: string,
  max: number = MAX_PREVIEW_PARAGRAPHS,
): { paragraphs: string[]; truncated: boolean } {
  const all = text
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
  return { paragraphs: all.slice(0, max), truncated: all.length > max }
}
