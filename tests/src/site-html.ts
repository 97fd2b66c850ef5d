// What the end-to-end tests read from a prerendered page's HTML as fetched over HTTP (the way a
// search engine or a chat app's link preview reads it, without running anything): the title, the
// tags of the head with their attributes, and the number of h1 elements. A few regular expressions
// over React's own markup, not a general HTML parser.

/** The characters React escapes in text and attributes, back to themselves. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_match, entity: string) => {
    const name = entity.toLowerCase()
    if (name.startsWith('#x')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    }
    if (name.startsWith('#')) {
      return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? `&${entity};`
  })
}

/** The attributes of every `<name ...>` start tag in `html`, names lowercased, values decoded. */
export function startTags(html: string, name: string): Record<string, string>[] {
  const tags: Record<string, string>[] = []
  for (const tag of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes: Record<string, string> = {}
    for (const attribute of (tag[1] ?? '').matchAll(
      /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      const [, attributeName = '', double, single, bare] = attribute
      attributes[attributeName.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? '')
    }
    tags.push(attributes)
  }
  return tags
}

/** The document's <title> text, or undefined when it has none. */
export function titleOf(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)
  return match === null ? undefined : decodeEntities(match[1] ?? '').trim()
}

/** The hrefs of the `<link rel="{rel}">` tags. */
export function linkHrefs(html: string, rel: string): string[] {
  return startTags(html, 'link')
    .filter((link) => (link.rel ?? '').split(/\s+/).includes(rel))
    .map((link) => link.href ?? '')
}

/** The content of `<meta property|name="{key}">`, by key (the first of each). */
export function metaContents(html: string): Map<string, string> {
  const contents = new Map<string, string>()
  for (const meta of startTags(html, 'meta')) {
    const key = meta.property ?? meta.name
    if (key !== undefined && meta.content !== undefined && !contents.has(key)) {
      contents.set(key, meta.content)
    }
  }
  return contents
}

/** How many h1 elements the HTML holds. */
export function h1Count(html: string): number {
  return [...html.matchAll(/<h1[\s>]/gi)].length
}
