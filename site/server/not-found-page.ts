// The 404 page names the path that was asked for ('Page Not Found: {path}', spec section 5) in its
// HTML too, so that a visitor without JavaScript (and a crawler) reads it: the prerendered
// 404.html was rendered for '/404', and the server puts the requested path, escaped, in its place.

/** The prerendered 404 page's path, as its text says it. */
export const PRERENDERED_NOT_FOUND_PATH = '/404'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** `text` safe as HTML text and inside a quoted attribute. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)
}

/**
 * The 404 document for `requestedPath`: the first 'Page Not Found: /404' of the body (React puts
 * an empty comment between the two text parts) names `requestedPath` instead.
 */
export function notFoundPageFor(html: string, requestedPath: string): string {
  const pattern = /(Page Not Found: (?:<!-- -->)?)\/404(?=<)/
  return html.replace(pattern, (_match, prefix: string) => prefix + escapeHtmlText(requestedPath))
}
