/** The message the background sends every tab when the library changed. */
export const LIBRARY_CHANGED = 'inkmark:library-changed'

/** The message the background sends for the "Highlight image" menu item (with `srcUrl`). */
export const HIGHLIGHT_IMAGE = 'inkmark:highlight-image'

/** The message the popup sends a page it saved, to offer the page's content (ADR 017). */
export const OFFER_PAGE_CONTENT = 'inkmark:offer-page-content'
