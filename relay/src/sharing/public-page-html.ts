// The server-rendered public page of a shared bookmark (docs/adr/059-public-page-html.md): a
// complete HTML document that reads well without JavaScript and gives chat apps and search engines
// a rich preview (title, description, share image, canonical link, Open Graph, Twitter card,
// JSON-LD). Pure: a PublicPage and the addresses in, the document and its Content-Security-Policy
// out. Every value the owner wrote is escaped; only http(s) URLs become links; a highlight colour
// reaches the stylesheet only as normalized hex; the one inline <style> is allowed by its hash.
import { createHash } from 'node:crypto'
import { DEFAULT_HIGHLIGHT_COLOR, countLabel, toHexColor, type PublicPage } from '@inkmark/shared'
import { escapeHtml, jsonForScript, safeHttpUrl } from './html-escape'
import { PUBLIC_PAGE_CSS, SAFE_HEX_COLOR, highlightColorRules } from './public-page-style'

/** Where a rendered page points. */
export interface PublicPageLinks {
  /** The page's own address (`publicPageUrl(relay, shareId)`): canonical link and og:url. */
  canonicalUrl: string
  /** The web app or site the call to action links to. */
  appUrl: string
}

/** A rendered document and the CSP that must be sent with it (its inline style's hash). */
export interface RenderedHtml {
  html: string
  contentSecurityPolicy: string
}

/** Longest meta description (search engines and chat previews cut around here). */
export const DESCRIPTION_MAX_CHARS = 200
const SITE_NAME = 'Inkmark'
const CTA_TEXT = 'Highlight your own pages with Inkmark'
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** The CSP of a page whose only inline content is the style with this text. */
export function contentSecurityPolicyFor(styleText: string): string {
  const hash = createHash('sha256').update(styleText).digest('base64')
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/** The highlight colour as normalized hex, or the default when it is not a colour. */
function safeColor(color: string): string {
  const hex = toHexColor(color)
  return hex !== null && SAFE_HEX_COLOR.test(hex) ? hex : DEFAULT_HIGHLIGHT_COLOR
}

function metaDescription(page: PublicPage): string {
  const description = page.description?.trim()
  if (description) {
    return truncate(description, DESCRIPTION_MAX_CHARS)
  }
  const [first] = page.marks
  const highlights = countLabel(page.marks.length, 'highlight')
  return first
    ? truncate(`${highlights} from ${page.origin}: “${first.text}”`, DESCRIPTION_MAX_CHARS)
    : `Highlights from ${page.origin}, shared with Inkmark`
}

function documentTitle(page: PublicPage): string {
  return `${page.title.trim() || page.origin} · ${SITE_NAME}`
}

function structuredData(page: PublicPage, links: PublicPageLinks, description: string): unknown {
  const source = safeHttpUrl(page.url)
  const image = safeHttpUrl(page.image)
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.title,
    description,
    url: links.canonicalUrl,
    datePublished: new Date(page.sharedAt).toISOString(),
    dateModified: new Date(page.updatedAt).toISOString(),
    ...(source ? { isBasedOn: source } : {}),
    ...(image ? { image } : {}),
    ...(page.tags.length > 0 ? { keywords: page.tags.join(', ') } : {}),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: page.likes,
    },
    hasPart: page.marks.map((mark) => ({
      '@type': 'Quotation',
      text: mark.text,
      ...(mark.note ? { comment: { '@type': 'Comment', text: mark.note } } : {}),
    })),
  }
}

function metaTags(page: PublicPage, links: PublicPageLinks, description: string): string {
  const title = page.title.trim() || page.origin
  const image = safeHttpUrl(page.image)
  const property = (name: string, content: string): string =>
    `<meta property="${name}" content="${escapeHtml(content)}">`
  const named = (name: string, content: string): string =>
    `<meta name="${name}" content="${escapeHtml(content)}">`
  return [
    named('description', description),
    // A link-only page is for whoever holds the link, not for search engines.
    ...(page.permission === 'PUBLIC_LINK' ? [named('robots', 'noindex, nofollow')] : []),
    `<link rel="canonical" href="${escapeHtml(links.canonicalUrl)}">`,
    property('og:type', 'article'),
    property('og:site_name', SITE_NAME),
    property('og:title', title),
    property('og:description', description),
    property('og:url', links.canonicalUrl),
    ...(image ? [property('og:image', image)] : []),
    named('twitter:card', image ? 'summary_large_image' : 'summary'),
    named('twitter:title', title),
    named('twitter:description', description),
    ...(image ? [named('twitter:image', image)] : []),
  ].join('\n')
}

function sourceLine(page: PublicPage): string {
  const href = safeHttpUrl(page.url)
  const origin = escapeHtml(page.origin)
  if (href === undefined) {
    return `<p class="source">From ${origin}</p>`
  }
  return `<p class="source">From <a href="${escapeHtml(href)}" rel="nofollow noopener ugc noreferrer">${origin}</a></p>`
}

function marksList(page: PublicPage, colorIndex: ReadonlyMap<string, number>): string {
  if (page.marks.length === 0) {
    return '<p class="empty">No highlights are shown on this page.</p>'
  }
  const items = page.marks.map((mark) => {
    const index = colorIndex.get(safeColor(mark.color)) ?? 0
    const note = mark.note
      ? `<p class="note"><span class="note-label">Note:</span> ${escapeHtml(mark.note)}</p>`
      : ''
    return `<li class="mark"><blockquote class="hl-${index}">${escapeHtml(mark.text)}</blockquote>${note}</li>`
  })
  return `<h2 class="visually-hidden">Highlights</h2>\n<ol class="marks">\n${items.join('\n')}\n</ol>`
}

function tagList(tags: readonly string[]): string {
  if (tags.length === 0) {
    return ''
  }
  const items = tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('')
  return `<ul class="tags" aria-label="Tags">${items}</ul>`
}

function documentShell(options: {
  title: string
  head: string
  body: string
  style: string
  lang?: string
}): RenderedHtml {
  const html = [
    '<!doctype html>',
    `<html lang="${options.lang ?? 'en'}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(options.title)}</title>`,
    options.head,
    `<style>${options.style}</style>`,
    '</head>',
    '<body>',
    options.body,
    '</body>',
    '</html>',
  ].join('\n')
  return { html, contentSecurityPolicy: contentSecurityPolicyFor(options.style) }
}

function callToAction(appUrl: string): string {
  const href = safeHttpUrl(appUrl)
  const link = href ? `<a href="${escapeHtml(href)}">${CTA_TEXT}</a>` : CTA_TEXT
  return `<aside class="cta" aria-label="Inkmark"><p>Keep what matters from what you read: highlights, notes and reviews in one library.</p>${link}</aside>`
}

/** The public page of a shared bookmark as a complete HTML document. */
export function renderPublicPageHtml(page: PublicPage, links: PublicPageLinks): RenderedHtml {
  const description = metaDescription(page)
  const colors = [...new Set(page.marks.map((mark) => safeColor(mark.color)))]
  const colorIndex = new Map(colors.map((color, index) => [color, index]))
  const title = page.title.trim() || page.origin
  const head = [
    metaTags(page, links, description),
    `<script type="application/ld+json">${jsonForScript(structuredData(page, links, description))}</script>`,
  ].join('\n')
  const body = [
    '<main class="page">',
    `<a class="brand" href="${escapeHtml(safeHttpUrl(links.appUrl) ?? '#')}">Inkmark</a>`,
    '<article>',
    `<h1>${escapeHtml(title)}</h1>`,
    sourceLine(page),
    `<p class="meta"><span>${escapeHtml(countLabel(page.marks.length, 'highlight'))}</span><span>${escapeHtml(countLabel(page.likes, 'like'))}</span><span>Shared <time datetime="${new Date(page.sharedAt).toISOString()}">${DATE_FORMAT.format(page.sharedAt)}</time></span></p>`,
    tagList(page.tags),
    marksList(page, colorIndex),
    '</article>',
    callToAction(links.appUrl),
    '</main>',
  ].join('\n')
  return documentShell({
    title: documentTitle(page),
    head,
    body,
    style: `${PUBLIC_PAGE_CSS}\n${highlightColorRules(colors)}`,
  })
}

/**
 * The one page for a share id that shows nothing: unknown, private, link reset, unshared, hidden
 * by the operator or its owner's plan ended all look the same (no enumeration oracle).
 */
export function renderNotFoundHtml(links: Pick<PublicPageLinks, 'appUrl'>): RenderedHtml {
  const body = [
    '<main class="page">',
    `<a class="brand" href="${escapeHtml(safeHttpUrl(links.appUrl) ?? '#')}">Inkmark</a>`,
    '<h1>This page is not shared</h1>',
    '<p>The link may be mistyped, or its owner stopped sharing the page.</p>',
    callToAction(links.appUrl),
    '</main>',
  ].join('\n')
  return documentShell({
    title: `Page not found · ${SITE_NAME}`,
    head: '<meta name="robots" content="noindex, nofollow">',
    body,
    style: PUBLIC_PAGE_CSS,
  })
}
