// Display lengths for user content (spec section 5: titles 55, descriptions 145; section 9: the
// HTML export shows at most 80 characters of a URL). One truncation rule serves all three so that
// every list, card and export cuts text the same way.

/** Longest title of user content shown before it is cut. */
export const MAX_TITLE_LENGTH = 55
/** Longest description of user content shown before it is cut. */
export const MAX_DESCRIPTION_LENGTH = 145
/** Longest URL text shown in an HTML export. */
export const HTML_EXPORT_URL_DISPLAY_LENGTH = 80
/** Marker appended to cut text; it counts within the limit. */
export const ELLIPSIS = '…'

/**
 * Cuts `text` to at most `maxLength` UTF-16 units including the ellipsis, never splitting a
 * surrogate pair and dropping trailing whitespace before the ellipsis.
 */
export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) {
    return text
  }
  if (maxLength < ELLIPSIS.length) {
    return ''
  }
  let end = maxLength - ELLIPSIS.length
  const last = text.charCodeAt(end - 1)
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) {
    end -= 1
  }
  const kept = text.slice(0, end).trimEnd()
  return kept === '' ? '' : `${kept}${ELLIPSIS}`
}

/** A title cut to 55 characters with an ellipsis when longer. */
export function truncateTitle(text: string): string {
  return truncateText(text, MAX_TITLE_LENGTH)
}

/** A description cut to 145 characters with an ellipsis when longer. */
export function truncateDescription(text: string): string {
  return truncateText(text, MAX_DESCRIPTION_LENGTH)
}

/** A URL cut to 80 characters with an ellipsis for display in the HTML export. */
export function truncateUrlForDisplay(url: string): string {
  return truncateText(url, HTML_EXPORT_URL_DISPLAY_LENGTH)
}
