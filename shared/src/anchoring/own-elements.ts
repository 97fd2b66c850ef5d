// The names by which Inkmark recognises its own elements in a host page: the highlight wrappers it
// paints (spec section 3: attributes markid and media-type, classes inkmark-highlight,
// webhighlight-with-tags, webhighlight-with-notes) and the UI it hosts (toolbox, sidebar host).
// The values equal the domain's constants in domain/entities/mark.ts; they are repeated here so
// that the content script does not pull the entity schemas (and zod) into the page.

/** Tag of the element that wraps a highlighted piece of text (a custom element: no page CSS). */
export const HIGHLIGHT_TAG = 'inkmark-highlight'
/** Attribute holding the mark id on a painted highlight. */
export const MARK_ID_ATTRIBUTE = 'markid'
/** Attribute holding the media type on a painted highlight. */
export const MEDIA_TYPE_ATTRIBUTE = 'media-type'
/** Class of every painted highlight. */
export const HIGHLIGHT_CLASS = 'inkmark-highlight'
/** Extra class of a painted highlight whose mark has tags. */
export const HIGHLIGHT_WITH_TAGS_CLASS = 'webhighlight-with-tags'
/** Extra class of a painted highlight whose mark has notes. */
export const HIGHLIGHT_WITH_NOTES_CLASS = 'webhighlight-with-notes'
/** Attribute that marks an element of Inkmark's own UI, whose text is never page text. */
export const INKMARK_UI_ATTRIBUTE = 'data-inkmark-ui'

/** Elements whose text is not page text, by local name. */
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'template'])

/** Whether the text under `element` is left out of the page text (scripts, styles, our UI). */
export function isExcludedElement(element: Element): boolean {
  return NON_TEXT_ELEMENTS.has(element.localName) || element.hasAttribute(INKMARK_UI_ATTRIBUTE)
}

/** Whether `node` is a text wrapper painted by Inkmark. */
export function isHighlightWrapper(node: Node): node is HTMLElement {
  return node.nodeType === 1 && (node as Element).localName === HIGHLIGHT_TAG
}

/** Whether `node` is inside (or is) an element of Inkmark's own UI. */
export function isInsideInkmarkUi(node: Node): boolean {
  const element = node.nodeType === 1 ? (node as Element) : node.parentElement
  return element?.closest(`[${INKMARK_UI_ATTRIBUTE}]`) != null
}
