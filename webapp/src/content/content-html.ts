// User content is stored as HTML in a page content (the spec's only content type, which the
// reader, search, exports and the storage quota already understand), written from the editor's
// document (by the shared `userTextHtml`) and read back by this module. Writing escapes every text and attribute; reading
// parses with DOMParser (an inert document: nothing runs, nothing loads) and accepts only the exact
// subset written here. Anything else (an unknown tag or attribute, an unsafe link, stray text) makes
// the stored HTML invalid, and the caller shows its plain text with a notice instead.
import { clampHeaderLevel, clampIndent, userTextHtml, type UserTextNode } from '@inkmark/shared'
import type { Descendant } from 'slate'
import {
  TEXT_MARKS,
  createEmptyDocument,
  type FormattedText,
  type InlineNode,
  type ListItemElement,
  type TextMark,
  type TopBlock,
} from './content-document'
import { isSafeLinkUrl } from './link-url'

/** Reading stored HTML: the document, or the plain text of what could not be read. */
export type ContentReadResult =
  { ok: true; document: Descendant[] } | { ok: false; plainText: string; reason: string }

const TAG_MARKS: Record<string, TextMark> = {
  STRONG: 'bold',
  B: 'bold',
  EM: 'italic',
  I: 'italic',
  U: 'underline',
  CODE: 'code',
}
const HEADING_TAG = /^H([1-6])$/
const INDENT_ATTRIBUTE = 'data-indent'

// ---- writing ----

/**
 * The HTML stored for a document: written by `@inkmark/shared`'s `userTextHtml`, which the store
 * and the relay also use to derive the HTML of a merged text (ADR 081), so all write one subset.
 */
export function toContentHtml(document: readonly Descendant[]): string {
  return userTextHtml(document as readonly UserTextNode[])
}

// ---- reading ----

class InvalidContent extends Error {}

/** Reads stored HTML back into a document; HTML this module did not write gives its plain text. */
export function fromContentHtml(html: string): ContentReadResult {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  try {
    const blocks = [...body.childNodes].flatMap(readBlock)
    return { ok: true, document: blocks.length === 0 ? createEmptyDocument() : blocks }
  } catch (error) {
    if (!(error instanceof InvalidContent)) {
      throw error
    }
    return { ok: false, plainText: blockText(body).trim(), reason: error.message }
  }
}

function readBlock(node: ChildNode): TopBlock[] {
  if (isBlankText(node)) {
    return []
  }
  const element = asElement(node)
  const heading = HEADING_TAG.exec(element.tagName)
  if (heading) {
    allowAttributes(element, [])
    return [
      { type: 'heading', level: clampHeaderLevel(heading[1]) ?? 1, children: readInlines(element) },
    ]
  }
  if (element.tagName === 'P') {
    allowAttributes(element, [INDENT_ATTRIBUTE])
    const indent = readIndent(element)
    return [
      indent === 0
        ? { type: 'paragraph', children: readInlines(element) }
        : { type: 'paragraph', indent, children: readInlines(element) },
    ]
  }
  if (element.tagName === 'UL' || element.tagName === 'OL') {
    allowAttributes(element, [])
    const items = [...element.childNodes].flatMap(readListItem)
    if (items.length === 0) {
      throw new InvalidContent('An empty list')
    }
    return [{ type: element.tagName === 'UL' ? 'bulleted-list' : 'numbered-list', children: items }]
  }
  throw new InvalidContent(`A <${element.tagName.toLowerCase()}> block`)
}

function readListItem(node: ChildNode): ListItemElement[] {
  if (isBlankText(node)) {
    return []
  }
  const element = asElement(node)
  if (element.tagName !== 'LI') {
    throw new InvalidContent(`A <${element.tagName.toLowerCase()}> in a list`)
  }
  allowAttributes(element, [INDENT_ATTRIBUTE])
  const indent = readIndent(element)
  return [
    indent === 0
      ? { type: 'list-item', children: readInlines(element) }
      : { type: 'list-item', indent, children: readInlines(element) },
  ]
}

function readIndent(element: Element): number {
  const value = element.getAttribute(INDENT_ATTRIBUTE)
  return value === null ? 0 : (clampIndent(value) ?? 0)
}

function readInlines(element: Element): InlineNode[] {
  const inlines: InlineNode[] = []
  for (const child of element.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE && (child as Element).tagName === 'A') {
      const link = child as Element
      allowAttributes(link, ['href'])
      const url = link.getAttribute('href') ?? ''
      if (!isSafeLinkUrl(url)) {
        throw new InvalidContent('A link with an unsafe address')
      }
      const texts = [...link.childNodes].flatMap((text) => readTexts(text, {}))
      inlines.push({ type: 'link', url, children: withText(texts) })
    } else {
      inlines.push(...readTexts(child, {}))
    }
  }
  return normalizeInlines(inlines)
}

function readTexts(node: ChildNode, marks: Omit<FormattedText, 'text'>): FormattedText[] {
  if (node.nodeType === Node.TEXT_NODE) {
    return [{ ...marks, text: node.textContent ?? '' }]
  }
  const element = asElement(node)
  allowAttributes(element, [])
  if (element.tagName === 'BR') {
    return [{ ...marks, text: '\n' }]
  }
  // A link inside formatted text or inside a link is not something this module writes.
  const mark = TAG_MARKS[element.tagName]
  if (mark === undefined) {
    throw new InvalidContent(`A <${element.tagName.toLowerCase()}> in text`)
  }
  const inner = { ...marks, [mark]: true as const }
  return [...element.childNodes].flatMap((child) => readTexts(child, inner))
}

/** Slate's shape for a block's children: texts merged, and a text before, between and after links. */
export function normalizeInlines(inlines: readonly InlineNode[]): InlineNode[] {
  const result: InlineNode[] = []
  for (const inline of inlines) {
    const previous = result[result.length - 1]
    if ('text' in inline) {
      if (previous !== undefined && 'text' in previous && sameMarks(previous, inline)) {
        result[result.length - 1] = { ...previous, text: previous.text + inline.text }
      } else if (previous !== undefined && 'text' in previous && previous.text === '') {
        result[result.length - 1] = inline
      } else if (inline.text !== '' || previous === undefined || !('text' in previous)) {
        result.push(inline)
      }
    } else {
      if (previous === undefined || !('text' in previous)) {
        result.push({ text: '' })
      }
      result.push(inline)
    }
  }
  const last = result[result.length - 1]
  if (last === undefined || !('text' in last)) {
    result.push({ text: '' })
  }
  return result
}

function withText(texts: FormattedText[]): FormattedText[] {
  const merged = normalizeInlines(texts) as FormattedText[]
  return merged.length === 0 ? [{ text: '' }] : merged
}

function sameMarks(a: FormattedText, b: FormattedText): boolean {
  return TEXT_MARKS.every((mark) => a[mark] === b[mark])
}

function allowAttributes(element: Element, allowed: readonly string[]): void {
  for (const attribute of element.attributes) {
    if (!allowed.includes(attribute.name)) {
      throw new InvalidContent(`An attribute ${attribute.name}`)
    }
  }
}

function asElement(node: ChildNode): Element {
  if (node.nodeType !== Node.ELEMENT_NODE) {
    throw new InvalidContent('Text outside a paragraph')
  }
  return node as Element
}

function isBlankText(node: ChildNode): boolean {
  return (
    node.nodeType === Node.COMMENT_NODE ||
    (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() === '')
  )
}

// The text of what could not be read, one line per block, for the plain-text fallback.
function blockText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    return node.textContent ?? ''
  }
  if (node.nodeType !== Node.ELEMENT_NODE) {
    return ''
  }
  const element = node as Element
  if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName)) {
    return ''
  }
  const inner = [...element.childNodes].map(blockText).join('')
  return /^(P|DIV|LI|H[1-6]|BR|TR|BLOCKQUOTE|PRE)$/.test(element.tagName) ? `${inner}\n` : inner
}
