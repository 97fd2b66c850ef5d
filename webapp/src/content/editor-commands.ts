// What the toolbar buttons and shortcuts do to the document (marks, heading levels, lists, indent,
// links), and the editor plugin that keeps every document inside the model of content-document.ts
// whatever arrives by typing or pasting: unknown blocks become paragraphs, levels and indents are
// clamped to the spec's limits, links without a safe scheme lose their link.
import { Editor, Element, Node, Range, Transforms, type Path } from 'slate'
import {
  LIST_KINDS,
  clampContentIndent,
  type ContentElement,
  type LinkElement,
  type ListItemElement,
  type ListKind,
  type TextMark,
} from './content-document'
import { isSafeLinkUrl } from './link-url'
import { clampHeaderLevel } from '@inkmark/shared'

/** A block kind chosen in the toolbar: a paragraph or a heading level. */
export type BlockKind = 'paragraph' | `heading-${number}`

const CONTENT_TYPES: readonly string[] = [
  'paragraph',
  'heading',
  'list-item',
  'link',
  ...LIST_KINDS,
]

function isList(node: unknown): node is Element & { type: ListKind } {
  return Element.isElement(node) && (LIST_KINDS as readonly string[]).includes(node.type)
}

function isTextBlock(node: unknown): node is Element {
  return (
    Element.isElement(node) &&
    (node.type === 'paragraph' || node.type === 'heading' || node.type === 'list-item')
  )
}

/** Whether the selection's text carries `mark`. */
export function isMarkActive(editor: Editor, mark: TextMark): boolean {
  return Editor.marks(editor)?.[mark] === true
}

/** Adds `mark` to the selection, or removes it when the selection has it. */
export function toggleMark(editor: Editor, mark: TextMark): void {
  if (isMarkActive(editor, mark)) {
    Editor.removeMark(editor, mark)
  } else {
    Editor.addMark(editor, mark, true)
  }
}

function selectedTextBlocks(editor: Editor): Array<[Element, Path]> {
  if (!editor.selection) {
    return []
  }
  return [...Editor.nodes(editor, { match: isTextBlock, mode: 'lowest' })] as Array<[Element, Path]>
}

/** The kind of the block at the selection's start (a list item counts as a paragraph). */
export function currentBlockKind(editor: Editor): BlockKind {
  const [first] = selectedTextBlocks(editor)
  return first?.[0].type === 'heading' ? `heading-${first[0].level}` : 'paragraph'
}

/** The kind of list the selection is in, if any. */
export function currentListKind(editor: Editor): ListKind | undefined {
  if (!editor.selection) {
    return undefined
  }
  const [entry] = Editor.nodes(editor, { match: isList, mode: 'lowest' })
  return entry?.[0].type
}

/** Makes the selected blocks paragraphs or headings (taking them out of lists). */
export function setBlockKind(editor: Editor, kind: BlockKind): void {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true })
    if (kind === 'paragraph') {
      Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock, mode: 'lowest' })
      Transforms.unsetNodes(editor, 'level', { match: isTextBlock, mode: 'lowest' })
    } else {
      const level = clampHeaderLevel(kind.slice('heading-'.length)) ?? 1
      Transforms.unsetNodes(editor, 'indent', { match: isTextBlock, mode: 'lowest' })
      Transforms.setNodes(
        editor,
        { type: 'heading', level },
        { match: isTextBlock, mode: 'lowest' },
      )
    }
  })
}

/** Puts the selected blocks in a list of `kind`, or takes them out when they already are. */
export function toggleList(editor: Editor, kind: ListKind): void {
  const active = currentListKind(editor) === kind
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true })
    if (active) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock, mode: 'lowest' })
      return
    }
    Transforms.unsetNodes(editor, 'level', { match: isTextBlock, mode: 'lowest' })
    Transforms.setNodes(editor, { type: 'list-item' }, { match: isTextBlock, mode: 'lowest' })
    Transforms.wrapNodes(
      editor,
      { type: kind, children: [] },
      {
        match: (node) => Element.isElement(node) && node.type === 'list-item',
      },
    )
  })
}

/** The indent of the block at the selection's start. */
export function currentIndent(editor: Editor): number {
  const [first] = selectedTextBlocks(editor)
  const node = first?.[0]
  return node && node.type !== 'heading' && 'indent' in node ? clampContentIndent(node.indent) : 0
}

/** Indents (`+1`) or outdents (`-1`) the selected paragraphs and list items, within 0 to 30. */
export function changeIndent(editor: Editor, step: 1 | -1): void {
  Editor.withoutNormalizing(editor, () => {
    for (const [node, path] of selectedTextBlocks(editor)) {
      if (node.type === 'heading') {
        continue
      }
      const indent = clampContentIndent(('indent' in node ? (node.indent ?? 0) : 0) + step)
      if (indent === 0) {
        Transforms.unsetNodes(editor, 'indent', { at: path })
      } else {
        Transforms.setNodes(editor, { indent }, { at: path })
      }
    }
  })
}

/** The link the selection is in, if any. */
export function currentLink(editor: Editor): LinkElement | undefined {
  if (!editor.selection) {
    return undefined
  }
  const [entry] = Editor.nodes(editor, {
    match: (node) => Element.isElement(node) && node.type === 'link',
  })
  return entry?.[0]
}

/** Removes the link around the selection, keeping its text. */
export function removeLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, {
    match: (node) => Element.isElement(node) && node.type === 'link',
  })
}

/**
 * Links the selected text to `url` (already checked with `checkLinkUrl`); with nothing selected,
 * inserts the address itself as a link.
 */
export function insertLink(editor: Editor, url: string): void {
  if (!isSafeLinkUrl(url) || !editor.selection) {
    return
  }
  if (currentLink(editor)) {
    removeLink(editor)
  }
  if (Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: 'link', url, children: [{ text: url }] })
    Transforms.move(editor, { unit: 'offset' })
  } else {
    Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true })
    Transforms.collapse(editor, { edge: 'end' })
  }
}

/** The editor with the content rules: links are inline, and every document stays in the model. */
export function withContentRules(editor: Editor): Editor {
  const { isInline, normalizeNode, insertBreak } = editor

  editor.isInline = (element) => element.type === 'link' || isInline(element)

  editor.insertBreak = () => {
    const [entry] = selectedTextBlocks(editor)
    if (entry && editor.selection && Range.isCollapsed(editor.selection)) {
      const [block, path] = entry
      // Enter in an empty list item ends the list; Enter after a heading starts a paragraph.
      if (block.type === 'list-item' && Node.string(block) === '') {
        toggleList(editor, currentListKind(editor) ?? 'bulleted-list')
        return
      }
      if (block.type === 'heading' && Editor.isEnd(editor, editor.selection.anchor, path)) {
        Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] })
        return
      }
    }
    insertBreak()
  }

  editor.normalizeNode = (entry) => {
    const [node, path] = entry
    if (Element.isElement(node) && normalizeElement(editor, node, path)) {
      return
    }
    normalizeNode(entry)
  }
  return editor
}

// Fixes one thing about `node` and says so; Slate normalizes again until nothing is fixed.
function normalizeElement(editor: Editor, node: ContentElement, path: Path): boolean {
  const type: string = node.type
  if (!CONTENT_TYPES.includes(type)) {
    Transforms.setNodes(editor, { type: 'paragraph' }, { at: path })
    return true
  }
  const parent = path.length > 0 ? Node.parent(editor, path) : undefined
  if (node.type === 'list-item' && !isList(parent)) {
    Transforms.wrapNodes(editor, { type: 'bulleted-list', children: [] }, { at: path })
    return true
  }
  if (isList(node)) {
    for (const [child, childPath] of Node.children(editor, path)) {
      if (!Element.isElement(child) || child.type !== 'list-item') {
        Transforms.setNodes<ListItemElement>(editor, { type: 'list-item' }, { at: childPath })
        return true
      }
    }
    // Two lists of one kind next to each other are one list.
    const previousPath =
      path[path.length - 1] === 0
        ? undefined
        : [...path.slice(0, -1), (path[path.length - 1] ?? 1) - 1]
    const previous = previousPath ? Node.get(editor, previousPath) : undefined
    if (previousPath && isList(previous) && previous.type === node.type) {
      Transforms.mergeNodes(editor, { at: path })
      return true
    }
  }
  if (node.type === 'heading') {
    const level = clampHeaderLevel(node.level) ?? 1
    if (level !== node.level) {
      Transforms.setNodes(editor, { level }, { at: path })
      return true
    }
  }
  if ((node.type === 'paragraph' || node.type === 'list-item') && node.indent !== undefined) {
    const indent = clampContentIndent(node.indent)
    if (indent !== node.indent) {
      if (indent === 0) {
        Transforms.unsetNodes(editor, 'indent', { at: path })
      } else {
        Transforms.setNodes(editor, { indent }, { at: path })
      }
      return true
    }
  }
  if (node.type === 'link' && !isSafeLinkUrl(node.url)) {
    Transforms.unwrapNodes(editor, { at: path })
    return true
  }
  return false
}
