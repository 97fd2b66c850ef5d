// Thresholds and small validations around content: when a page counts as an article for reader
// mode, which images Notion accepts.

/** An extracted article counts only with at least this many characters. */
export const MIN_ARTICLE_LENGTH = 500
/** A page is probably readable with a score above this ... */
export const READERABLE_MIN_SCORE = 20
/** ... counting only paragraphs of at least this many characters. */
export const READERABLE_MIN_PARAGRAPH_LENGTH = 140

/** Whether extracted article text is long enough to be shown as an article. */
export function isArticleLongEnough(textContent: string): boolean {
  return textContent.trim().length >= MIN_ARTICLE_LENGTH
}

/** Image file extensions Notion accepts for an exported cover or image. */
export const NOTION_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const

/** Notion export images must end in png, jpg, jpeg or webp (query and fragment ignored), else the fallback. */
export function notionImageUrl(url: string | undefined, fallback: string): string {
  if (!url) {
    return fallback
  }
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return (NOTION_IMAGE_EXTENSIONS as readonly string[]).includes(extension) ? url : fallback
}
