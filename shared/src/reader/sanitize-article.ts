// The one gate between a page's HTML and the reader: everything the reader shows passes an
// allow-list (DOMPurify with our own tag and attribute lists), so that no script, event handler,
// javascript: URL, frame, form or style of the page survives. Links open apart from the reader,
// with rel="noopener noreferrer", and an image without alt text is marked decorative.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify'

/**
 * Tags an article may keep; any other tag is dropped and its text kept (scripts' text is not).
 * No main or aside: inside the reader's own main they would be landmarks out of place.
 */
export const ARTICLE_TAGS: readonly string[] = (
  'a abbr address article b bdi bdo blockquote br caption cite code col colgroup data dd ' +
  'del details dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i img ins ' +
  'kbd li mark ol p picture pre q rp rt ruby s samp section small span strong sub summary ' +
  'sup table tbody td tfoot th thead time tr u ul var wbr'
).split(' ')

/** Attributes an article may keep: no style, no class, no event handler, no data- or aria-. */
export const ARTICLE_ATTRIBUTES: readonly string[] = (
  'abbr alt cite colspan datetime dir headers height href id lang open reversed rowspan scope ' +
  'src start title value width'
).split(' ')

/** Schemes a URL may use (or none); never javascript:. DOMPurify still lets images use data:. */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const CONFIG: Config = {
  ALLOWED_TAGS: [...ARTICLE_TAGS],
  ALLOWED_ATTR: [...ARTICLE_ATTRIBUTES],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Ids get a prefix: the page's ids can neither clobber the reader's globals nor clash with its own.
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
}

/** A window to parse and sanitize in (the page's own, or jsdom's in tests). */
export type ReaderWindow = Window & typeof globalThis

const purifiers = new WeakMap<ReaderWindow, DOMPurify>()

function purifierFor(view: ReaderWindow): DOMPurify {
  let purifier = purifiers.get(view)
  if (!purifier) {
    purifier = createDOMPurify(view)
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A') {
        node.setAttribute('rel', 'noopener noreferrer')
        node.setAttribute('target', '_blank')
      }
      if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) {
        node.setAttribute('alt', '')
      }
    })
    purifiers.set(view, purifier)
  }
  return purifier
}

/** The article HTML with only allowed tags, attributes and URLs; `view` is the window to parse in. */
export function sanitizeArticleHtml(html: string, view: ReaderWindow = window): string {
  return purifierFor(view).sanitize(html, CONFIG)
}
