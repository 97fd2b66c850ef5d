// The document model of user-written content (bookmarks of type content-text): the Slate element
// and text shapes the editor works on, with the spec's rich-text limits from
// `@inkmark/shared` (header level at most 6, indent at most 30, links only with safe schemes).
// Lists are flat, as in the spec's delta format: a list item carries its own indent.
import { MAX_HEADER_LEVEL, MAX_INDENT, MIN_HEADER_LEVEL } from '@inkmark/shared'
import type { BaseEditor, Descendant } from 'slate'
import type { HistoryEditor } from 'slate-history'
import type { ReactEditor } from 'slate-react'

/** Inline formats a piece of text can carry. */
export const TEXT_MARKS = ['bold', 'italic', 'underline', 'code'] as const
export type TextMark = (typeof TEXT_MARKS)[number]

/** Kinds of list. */
export const LIST_KINDS = ['bulleted-list', 'numbered-list'] as const
export type ListKind = (typeof LIST_KINDS)[number]

/** A run of text with its formats. */
export interface FormattedText {
  text: string
  bold?: true
  italic?: true
  underline?: true
  code?: true
}

/** A link around text; `url` has passed the safe-scheme check. */
export interface LinkElement {
  type: 'link'
  url: string
  children: FormattedText[]
}

/** What a block holds: text and links. */
export type InlineNode = FormattedText | LinkElement

/** A paragraph, optionally indented. */
export interface ParagraphElement {
  type: 'paragraph'
  indent?: number
  children: InlineNode[]
}

/** A heading of level 1 to 6. */
export interface HeadingElement {
  type: 'heading'
  level: number
  children: InlineNode[]
}

/** One item of a list, optionally indented. */
export interface ListItemElement {
  type: 'list-item'
  indent?: number
  children: InlineNode[]
}

/** A bulleted or numbered list. */
export interface ListElement {
  type: ListKind
  children: ListItemElement[]
}

/** A block at the top of the document. */
export type TopBlock = ParagraphElement | HeadingElement | ListElement
/** Every element kind. */
export type ContentElement = TopBlock | ListItemElement | LinkElement

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: ContentElement
    Text: FormattedText
  }
}

/** Heading levels the editor offers (the spec caps them at 6). */
export const HEADING_LEVELS: readonly number[] = Array.from(
  { length: MAX_HEADER_LEVEL - MIN_HEADER_LEVEL + 1 },
  (_, index) => MIN_HEADER_LEVEL + index,
)

/** Deepest indent (the spec's 30). */
export const MAX_CONTENT_INDENT = MAX_INDENT

/** A document with one empty paragraph: what a new text starts as. */
export function createEmptyDocument(): Descendant[] {
  return [{ type: 'paragraph', children: [{ text: '' }] }]
}

/** A document of plain paragraphs, one per line of `text`. */
export function documentFromPlainText(text: string): Descendant[] {
  const lines = text.split(/\r\n|\r|\n/)
  return lines.map((line) => ({ type: 'paragraph', children: [{ text: line }] }))
}

/** The text of a document, blocks separated by new lines (for previews, search and titles). */
export function documentToPlainText(nodes: readonly Descendant[]): string {
  return nodes.map(nodeText).join('\n')
}

function nodeText(node: Descendant): string {
  if ('text' in node) {
    return node.text
  }
  if (node.type === 'bulleted-list' || node.type === 'numbered-list') {
    return node.children.map(nodeText).join('\n')
  }
  return node.children.map(nodeText).join('')
}

/** Whether a document holds no text at all. */
export function isDocumentEmpty(nodes: readonly Descendant[]): boolean {
  return documentToPlainText(nodes).trim() === ''
}

/** An indent as a whole number from 0 to 30 (anything else is 0). */
export function clampContentIndent(indent: number | undefined): number {
  if (indent === undefined || !Number.isFinite(indent)) {
    return 0
  }
  return Math.min(Math.max(Math.trunc(indent), 0), MAX_CONTENT_INDENT)
}
