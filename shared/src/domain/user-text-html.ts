// The HTML of a user text (ADR 081): the subset the web app's editor writes and reads back
// (content/content-html.ts, ADR 019), made from the document without Slate or a DOM, so that the
// store and the relay derive it from a merged text. The rich-text rules are applied on the way:
// headers at most 6, indents at most 30, a link only when its scheme is safe, every text escaped.
import { MAX_INDENT, UNSAFE_LINK_PREFIX, clampHeaderLevel, sanitizeLinkUrl } from './rich-text'

/** A text run of the document, with its marks. */
export interface UserTextLeaf {
  text: string
  bold?: boolean
  italic?: boolean
  underline?: boolean
  code?: boolean
  [mark: string]: unknown
}

/** An element of the document: its properties and children. */
export interface UserTextElement {
  type?: string
  level?: number
  indent?: number
  url?: string
  children: UserTextNode[]
  [property: string]: unknown
}

export type UserTextNode = UserTextLeaf | UserTextElement

// ---- the HTML derived from the text (the editor's subset, ADR 019) ----

const MARK_TAGS: [string, string][] = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['code', 'code'],
]

/** Text made safe for HTML text and double-quoted attributes. */
export function escapeUserTextHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Whether a stored link URL may be followed (it passes the safe-scheme rule unchanged). */
export function isSafeUserTextLink(url: unknown): url is string {
  if (typeof url !== 'string') {
    return false
  }
  const sanitized = sanitizeLinkUrl(url)
  return (
    !sanitized.toLowerCase().startsWith(UNSAFE_LINK_PREFIX) &&
    !url.toLowerCase().startsWith(UNSAFE_LINK_PREFIX)
  )
}

function indentOf(indent: unknown): number {
  return typeof indent === 'number' && Number.isFinite(indent)
    ? Math.min(Math.max(Math.trunc(indent), 0), MAX_INDENT)
    : 0
}

/** The HTML stored for a document (the editor's subset: ADR 019). */
export function userTextHtml(document: readonly UserTextNode[]): string {
  return document.map(blockHtml).join('')
}

/** Whether a node is a text run. */
export function isUserTextLeaf(node: UserTextNode): node is UserTextLeaf {
  return typeof (node as UserTextLeaf).text === 'string'
}

function blockHtml(node: UserTextNode): string {
  if (isUserTextLeaf(node)) {
    return `<p>${leafHtml(node)}</p>`
  }
  switch (node.type) {
    case 'heading': {
      const level = clampHeaderLevel(node.level) ?? 1
      return `<h${level}>${inlinesHtml(node.children)}</h${level}>`
    }
    case 'bulleted-list':
    case 'numbered-list': {
      const tag = node.type === 'bulleted-list' ? 'ul' : 'ol'
      return `<${tag}>${node.children.map(listItemHtml).join('')}</${tag}>`
    }
    case 'list-item':
      return `<ul>${listItemHtml(node)}</ul>`
    case 'link':
      return `<p>${inlinesHtml([node])}</p>`
    default:
      return `<p${indentAttribute(node.indent)}>${inlinesHtml(node.children)}</p>`
  }
}

function listItemHtml(item: UserTextNode): string {
  return isUserTextLeaf(item)
    ? `<li>${leafHtml(item)}</li>`
    : `<li${indentAttribute(item.indent)}>${inlinesHtml(item.children)}</li>`
}

function indentAttribute(indent: unknown): string {
  const level = indentOf(indent)
  return level === 0 ? '' : ` data-indent="${level}"`
}

function inlinesHtml(children: readonly UserTextNode[]): string {
  return children
    .map((child) => {
      if (isUserTextLeaf(child)) {
        return leafHtml(child)
      }
      if (child.type === 'link') {
        const inner = inlinesHtml(child.children)
        // A link that does not pass the rule is kept as its text, never as an href.
        return isSafeUserTextLink(child.url)
          ? `<a href="${escapeUserTextHtml(child.url)}">${inner}</a>`
          : inner
      }
      return inlinesHtml(child.children)
    })
    .join('')
}

function leafHtml(text: UserTextLeaf): string {
  let html = escapeUserTextHtml(text.text).replace(/\n/g, '<br>')
  // Innermost first, so the order is always strong > em > u > code.
  for (const [mark, tag] of [...MARK_TAGS].reverse()) {
    if (text[mark] === true) {
      html = `<${tag}>${html}</${tag}>`
    }
  }
  return html
}
