/** The message the background sends every tab when the library changed. */
export const LIBRARY_CHANGED = 'inkmark:library-changed'

/** The message the background sends for the "Highlight image" menu item (with `srcUrl`). */
export const HIGHLIGHT_IMAGE = 'inkmark:highlight-image'
