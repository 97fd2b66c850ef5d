// A page's <head>: title, description, canonical URL, robots, Open Graph and Twitter tags and the
// JSON-LD (the site's WebSite, the BreadcrumbList of its breadcrumbs, the page's own objects).
// Written as HTML by the prerender and applied to the document on client navigation. The JSON-LD
// is the only HTML the site writes itself: `jsonLdText` escapes what could close the script.
import { shareImageFor } from '../images/share-image'
import type { Breadcrumb, PageMeta } from './route-types'

export const DEFAULT_TITLE = 'Inkmark: PDF & Web Highlighter + Notes & Annotations'
export const DEFAULT_DESCRIPTION =
  'Best highlighter for the web. Just like you do on books, highlight on any web page or PDF, and take notes. Organize with tags and find your research in the app.'
export const SITE_NAME = 'Inkmark'

/** One element of the head: a tag name, its attributes and (script, title) its text. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script'
  attributes: Record<string, string>
  text?: string
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can end the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Text or an attribute value as HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** An absolute URL of the site for a path ('/faq' -> 'https://inkmark.app/faq'). */
export function absoluteUrl(siteOrigin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteOrigin}${pathOrUrl}`
}

/** The schema.org BreadcrumbList of breadcrumbs (Home first), or undefined for none. */
export function breadcrumbList(
  siteOrigin: string,
  breadcrumbs: readonly Breadcrumb[] | undefined,
  path: string,
): Record<string, unknown> | undefined {
  if (breadcrumbs === undefined || breadcrumbs.length === 0) {
    return undefined
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteOrigin, crumb.path ?? path),
    })),
  }
}

/** The head tags of a page at `path`. */
export function headTags(meta: PageMeta, path: string, siteOrigin: string): HeadTag[] {
  const canonical = absoluteUrl(siteOrigin, meta.canonicalPath ?? path)
  // Unless the page names one: the build's share card of this path (dist/og/{slug}.png).
  const image = meta.image ?? shareImageFor(meta.canonicalPath ?? path, meta.title)
  const imageUrl = absoluteUrl(siteOrigin, image.url)
  const property = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { property: name, content },
  })
  const named = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { name, content },
  })
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${siteOrigin}/`,
  }
  const jsonLd = [
    website,
    breadcrumbList(siteOrigin, meta.breadcrumbs, path),
    ...(meta.structuredData ?? []),
  ].filter((entry) => entry !== undefined)
  return [
    { tag: 'title', attributes: {}, text: meta.title },
    named('description', meta.description),
    named('robots', meta.robots ?? 'index, follow'),
    { tag: 'link', attributes: { rel: 'canonical', href: canonical } },
    property('og:type', 'website'),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', canonical),
    property('og:image', imageUrl),
    property('og:image:width', String(image.width)),
    property('og:image:height', String(image.height)),
    property('og:image:type', image.type),
    property('og:image:alt', image.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', imageUrl),
    ...jsonLd.map((entry): HeadTag => ({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: jsonLdText(entry),
    })),
  ]
}

/** The tags as HTML for the prerendered page; each carries data-site-head for the client. */
export function renderHeadHtml(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')
      if (tag === 'title') {
        return `<title>${escapeHtml(text ?? '')}</title>`
      }
      if (tag === 'script') {
        // jsonLdText's output has no '<', so it cannot close the element.
        return `<script data-site-head${attrs}>${text ?? ''}</script>`
      }
      return `<${tag} data-site-head${attrs} />`
    })
    .join('\n    ')
}

/** Puts the tags into the document's head, replacing the previous page's (client navigation). */
export function applyHead(document: Document, tags: readonly HeadTag[]): void {
  for (const old of document.head.querySelectorAll('[data-site-head]')) {
    old.remove()
  }
  for (const { tag, attributes, text } of tags) {
    if (tag === 'title') {
      document.title = text ?? ''
      continue
    }
    const element = document.createElement(tag)
    element.setAttribute('data-site-head', '')
    for (const [name, value] of Object.entries(attributes)) {
      element.setAttribute(name, value)
    }
    if (text !== undefined) {
      element.textContent = text
    }
    document.head.append(element)
  }
}
