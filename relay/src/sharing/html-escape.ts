// Escaping for the server-rendered public pages (docs/adr/059-public-page-html.md). Everything a
// page's owner wrote (titles, notes, tags, URLs) reaches the HTML only through these: text and
// attribute values escaped, JSON for a <script type="application/ld+json"> with `<`, `>`, `&` and
// the JavaScript line separators as \u escapes, and URLs turned into links only when http(s).

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes a value for HTML text and for a quoted attribute value alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/**
 * JSON for inside a <script> element: no `</script>`, `<!--` or `]]>` can appear in it, because
 * every `<`, `>` and `&` is a \u escape (still the same JSON value), as are U+2028 and U+2029.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The URL, normalized, when it is an absolute http or https URL; otherwise undefined. */
export function safeHttpUrl(value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return undefined
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
}
