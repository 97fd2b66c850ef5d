// HTML export: one standalone document (inline styles, no script, no external resource) listing
// each bookmark with its highlights and notes. Every piece of user text is escaped, so a note such
// as `<img src=x onerror=alert(1)>` stays text; links only keep web and mail schemes. The shown URL
// is cut at 80 characters (spec section 9) while the link keeps the whole address.
import { isImageMark } from '../domain/entities/mark'
import type { Mark } from '../domain/entities/mark'
import { truncateUrlForDisplay } from '../domain/text-limits'
import type { ExportLibrary } from './export-library'
import { groupMarksByBookmark, toIsoTime } from './export-library'

/** Options of an HTML export. */
export interface HtmlExportOptions {
  /** The export time, shown in the header. */
  now: number
  /** The document title (default 'Inkmark export'). */
  title?: string
}

/** Schemes a link in an exported document may use; any other address is shown as text only. */
export const HTML_EXPORT_LINK_PROTOCOLS = ['http:', 'https:', 'ftp:', 'mailto:'] as const

const STYLE = [
  'body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#222}',
  'article{border-top:1px solid #ddd;padding:1rem 0}',
  'h2{margin:0 0 .25rem;font-size:1.2rem}',
  '.url{color:#555;font-size:.9rem;word-break:break-all}',
  'blockquote{margin:.75rem 0;padding:.25rem .75rem;border-left:4px solid var(--c,#fdffb4);white-space:pre-wrap}',
  '.note{margin:.25rem 0 0 1rem;white-space:pre-wrap;color:#444}',
  '.tags{font-size:.85rem;color:#666}',
  'img{max-width:300px}',
].join('\n')

/** Text with the five HTML-significant characters escaped, safe in content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A standalone HTML document of the library's bookmarks and their marks. */
export function toHtmlDocument(library: ExportLibrary, options: HtmlExportOptions): string {
  const title = options.title ?? 'Inkmark export'
  const articles = groupMarksByBookmark(library).map(({ bookmark, marks }) => {
    const name = bookmark.title?.trim() || bookmark.url
    const tags =
      bookmark.tags.length === 0
        ? ''
        : `<p class="tags">${escapeHtml(bookmark.tags.join(', '))}</p>`
    const description =
      bookmark.description === undefined || bookmark.description.trim() === ''
        ? ''
        : `<p>${escapeHtml(bookmark.description.trim())}</p>`
    return [
      '<article>',
      `<h2>${escapeHtml(name)}</h2>`,
      `<p class="url">${linkTo(bookmark.url, truncateUrlForDisplay(bookmark.url))}</p>`,
      description,
      tags,
      ...marks.map(markHtml),
      '</article>',
    ]
      .filter((line) => line !== '')
      .join('\n')
  })
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(toIsoTime(options.now))}</p>`,
    ...articles,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

function markHtml(mark: Mark): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(mark.color) ? ` style="--c:${mark.color}"` : ''
  const parts: string[] = []
  if (isImageMark(mark) && isLinkable(mark.imageSrc ?? '', ['https:', 'http:', 'data:'])) {
    parts.push(
      `<img src="${escapeHtml(mark.imageSrc ?? '')}" alt="${escapeHtml(mark.imageAlt ?? '')}">`,
    )
  } else if (mark.text !== undefined && mark.text.trim() !== '') {
    parts.push(`<blockquote${color}>${escapeHtml(mark.text.trim())}</blockquote>`)
  }
  if (mark.notes !== undefined && mark.notes.trim() !== '') {
    parts.push(`<p class="note">${escapeHtml(mark.notes.trim())}</p>`)
  }
  if (mark.tags.length > 0) {
    parts.push(`<p class="tags">${escapeHtml(mark.tags.join(', '))}</p>`)
  }
  return parts.join('\n')
}

function linkTo(url: string, label: string): string {
  return isLinkable(url, HTML_EXPORT_LINK_PROTOCOLS)
    ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`
    : escapeHtml(label)
}

function isLinkable(url: string, protocols: readonly string[]): boolean {
  const lower = url.trim().toLowerCase()
  return protocols.some((protocol) => lower.startsWith(protocol))
}
