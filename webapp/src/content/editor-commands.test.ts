import { createEditor, Editor, Transforms, type Descendant } from 'slate'
import { describe, expect, it } from 'vitest'
import {
  changeIndent,
  currentBlockKind,
  currentListKind,
  insertLink,
  isMarkActive,
  removeLink,
  setBlockKind,
  toggleList,
  toggleMark,
  withContentRules,
} from './editor-commands'

function editorWith(children: Descendant[]): Editor {
  const editor = withContentRules(createEditor())
  editor.children = children
  Transforms.select(editor, Editor.start(editor, []))
  return editor
}

const paragraphs = (...texts: string[]): Descendant[] =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }))

describe('editor commands', () => {
  it('toggles a mark on the selected text', () => {
    const editor = editorWith(paragraphs('hello world'))
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [0, 0], offset: 5 },
    })
    toggleMark(editor, 'bold')
    expect(isMarkActive(editor, 'bold')).toBe(true)
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'hello', bold: true }, { text: ' world' }] },
    ])
    toggleMark(editor, 'bold')
    expect(editor.children).toEqual(paragraphs('hello world'))
  })

  it('makes a heading of levels 1 to 6 and back a paragraph', () => {
    const editor = editorWith(paragraphs('Title'))
    setBlockKind(editor, 'heading-6')
    expect(editor.children).toEqual([{ type: 'heading', level: 6, children: [{ text: 'Title' }] }])
    expect(currentBlockKind(editor)).toBe('heading-6')
    setBlockKind(editor, 'heading-9')
    expect(editor.children).toEqual([{ type: 'heading', level: 6, children: [{ text: 'Title' }] }])
    setBlockKind(editor, 'paragraph')
    expect(editor.children).toEqual(paragraphs('Title'))
  })

  it('puts paragraphs in one list and takes them out again', () => {
    const editor = editorWith(paragraphs('one', 'two'))
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) })
    toggleList(editor, 'bulleted-list')
    expect(editor.children).toEqual([
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'one' }] },
          { type: 'list-item', children: [{ text: 'two' }] },
        ],
      },
    ])
    expect(currentListKind(editor)).toBe('bulleted-list')
    toggleList(editor, 'numbered-list')
    expect(currentListKind(editor)).toBe('numbered-list')
    toggleList(editor, 'numbered-list')
    expect(editor.children).toEqual(paragraphs('one', 'two'))
  })

  it('joins a new list item to the list above it', () => {
    const editor = editorWith([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one' }] }] },
      ...paragraphs('two'),
    ])
    Transforms.select(editor, Editor.start(editor, [1]))
    toggleList(editor, 'bulleted-list')
    expect(editor.children).toEqual([
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'one' }] },
          { type: 'list-item', children: [{ text: 'two' }] },
        ],
      },
    ])
  })

  it('ends a list on Enter in an empty item and starts a paragraph after a heading', () => {
    const editor = editorWith([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one' }] }] },
    ])
    Transforms.select(editor, Editor.end(editor, []))
    editor.insertBreak()
    editor.insertBreak()
    expect(editor.children).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one' }] }] },
      { type: 'paragraph', children: [{ text: '' }] },
    ])

    const headed = editorWith([{ type: 'heading', level: 1, children: [{ text: 'Title' }] }])
    Transforms.select(headed, Editor.end(headed, []))
    headed.insertBreak()
    expect(headed.children[1]).toEqual({ type: 'paragraph', children: [{ text: '' }] })
  })

  it('indents up to the spec limit of 30 and outdents to none', () => {
    const editor = editorWith(paragraphs('deep'))
    for (let step = 0; step < 35; step += 1) {
      changeIndent(editor, 1)
    }
    expect(editor.children).toEqual([
      { type: 'paragraph', indent: 30, children: [{ text: 'deep' }] },
    ])
    for (let step = 0; step < 35; step += 1) {
      changeIndent(editor, -1)
    }
    expect(editor.children).toEqual(paragraphs('deep'))
  })

  it('links the selection to a safe address only, and removes a link', () => {
    const editor = editorWith(paragraphs('see docs'))
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 4 },
      focus: { path: [0, 0], offset: 8 },
    })
    insertLink(editor, 'javascript:alert(1)')
    expect(editor.children).toEqual(paragraphs('see docs'))
    insertLink(editor, 'https://example.com/docs')
    expect(editor.children).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'see ' },
          { type: 'link', url: 'https://example.com/docs', children: [{ text: 'docs' }] },
          { text: '' },
        ],
      },
    ])
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 })
    removeLink(editor)
    expect(editor.children).toEqual(paragraphs('see docs'))
  })

  it('keeps pasted content inside the model', () => {
    const editor = editorWith(paragraphs(''))
    Transforms.insertFragment(editor, [
      { type: 'heading', level: 42, children: [{ text: 'Big' }] },
      { type: 'blockquote', children: [{ text: 'quoted' }] } as unknown as Descendant,
      { type: 'list-item', indent: 99, children: [{ text: 'stray item' }] },
      {
        type: 'paragraph',
        children: [
          { text: '' },
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'bad' }] },
          { text: '' },
        ],
      },
    ])
    Editor.normalize(editor, { force: true })
    expect(editor.children).toEqual([
      { type: 'heading', level: 6, children: [{ text: 'Big' }] },
      { type: 'paragraph', children: [{ text: 'quoted' }] },
      {
        type: 'bulleted-list',
        children: [{ type: 'list-item', indent: 30, children: [{ text: 'stray item' }] }],
      },
      { type: 'paragraph', children: [{ text: 'bad' }] },
    ])
  })
})
