// The document Chromium prints: the caller's HTML cleaned of what could reach out or act (scripts,
// frames, objects, forms, links to style sheets, meta refresh, base) and of every URL that is not
// http(s), relative or an inline image, wrapped in our own print stylesheet with the title as its
// heading, under a policy that lets nothing load but inline images. The network is also blocked
// in the browser (pdf-printer.ts): the policy is a second lock, not the only one.
import createDOMPurify, { type WindowLike } from 'dompurify'
import { JSDOM } from 'jsdom'

const FORBIDDEN_TAGS = [
  'script',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'template',
]

/** http(s), mailto, relative, and data: only for images (DOMPurify's own data: rule). */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const purifier = createDOMPurify(new JSDOM('').window as unknown as WindowLike)

/** The caller's HTML with nothing active left in it. */
export function cleanPrintHtml(html: string): string {
  return purifier.sanitize(html, {
    FORBID_TAGS: FORBIDDEN_TAGS,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  })
}

/** Text made safe to put between tags or in an attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const PRINT_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'"

/** Our print stylesheet: a readable page of text, images within the margins, no remote images. */
const PRINT_CSS = `
@page { size: A4; margin: 18mm 16mm 20mm; }
html { font: 11pt/1.55 Georgia, 'Times New Roman', serif; color: #1a1a1a; background: #fff; }
body { margin: 0; }
.inkmark-print-title { font: 700 20pt/1.25 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 0 0 14pt; }
h1, h2, h3, h4 { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.3; break-after: avoid; }
p, li, blockquote { orphans: 3; widows: 3; }
img, svg, video, figure, table, pre { max-width: 100%; break-inside: avoid; }
img:not([src^="data:"]) { display: none; }
pre, code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 9.5pt; white-space: pre-wrap; }
blockquote { margin: 0 0 0 12pt; padding-left: 10pt; border-left: 3pt solid #ccc; }
a { color: inherit; }
mark { padding: 0 1pt; }
table { border-collapse: collapse; }
td, th { border: 0.5pt solid #bbb; padding: 3pt 5pt; }
`

/** The whole document to print: our head, the title, the cleaned HTML. */
export function printDocument(html: string, title: string): string {
  const safeTitle = escapeHtml(title)
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PRINT_POLICY}">`,
    `<title>${safeTitle}</title><style>${PRINT_CSS}</style></head><body>`,
    safeTitle === '' ? '' : `<h1 class="inkmark-print-title">${safeTitle}</h1>`,
    `<article>${cleanPrintHtml(html)}</article></body></html>`,
  ].join('')
}

/** The longest file name stem given (before .pdf). */
const MAX_FILE_STEM = 80

/**
 * The Content-Disposition of a PDF named after `title`: an ASCII file name with nothing a file
 * system or a header could trip on, and the full title as UTF-8 in filename* for browsers.
 */
export function pdfContentDisposition(title: string): string {
  const stem = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_FILE_STEM)
    .trim()
  const named = stem.replace(/^[.\s]+/, '') || 'Inkmark page'
  const ascii = named.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_')
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${named}.pdf`)}`
}
