// The editor's binding to the mergeable text (@slate-yjs/core, ADR 081): two editors on two devices'
// docs type at once, exchange updates and end with the same document holding both edits; the
// content rules normalize what arrives through Yjs; the store's Slate-free reading and HTML agree
// with the binding's and with the editor's own HTML.
import {
  seedUserText,
  userTextBlocks,
  userTextDocHtml,
  userTextElement,
  userTextOf,
} from '@inkmark/shared'
import { YjsEditor, slateNodesToInsertDelta, withYjs, yTextToSlateElement } from '@slate-yjs/core'
import { createEditor, Transforms, type Descendant } from 'slate'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { toContentHtml } from './content-html'
import { withContentRules } from './editor-commands'

const SEED: Descendant[] = [
  { type: 'heading', level: 2, children: [{ text: 'Plan' }] },
  { type: 'paragraph', children: [{ text: 'Hello world', bold: true }] },
]
const SEED_HTML = toContentHtml(SEED)

function boundEditor(doc: Y.Doc) {
  const editor = withYjs(createEditor(), userTextOf(doc))
  // The plugin changes the editor it is given (and returns it).
  withContentRules(editor)
  YjsEditor.connect(editor)
  return editor
}

/** Slate hands local operations to Yjs in its onChange, a microtask after the change. */
const flushed = () => new Promise((resolve) => setTimeout(resolve, 0))

function exchange(a: Y.Doc, b: Y.Doc) {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b))
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a))
  Y.applyUpdate(b, toB, 'remote')
  Y.applyUpdate(a, toA, 'remote')
}

describe('editor bound to the mergeable text', () => {
  it('merges two devices typing at once, offline from each other, keeping both edits', async () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    // Both devices migrate the same old HTML: the seed is taken once.
    seedUserText(a, SEED_HTML, slateNodesToInsertDelta(SEED), 'seed')
    seedUserText(b, SEED_HTML, slateNodesToInsertDelta(SEED), 'seed')
    const editorA = boundEditor(a)
    const editorB = boundEditor(b)
    Transforms.insertText(editorA, ' from A', { at: { path: [1, 0], offset: 11 } })
    Transforms.insertText(editorB, 'B says: ', { at: { path: [1, 0], offset: 0 } })
    Transforms.insertNodes(
      editorB,
      { type: 'paragraph', children: [{ text: 'New line by B' }] },
      { at: [2] },
    )
    await flushed()
    exchange(a, b)
    expect(editorA.children).toEqual(editorB.children)
    expect(toContentHtml(editorA.children)).toBe(
      '<h2>Plan</h2><p><strong>B says: Hello world from A</strong></p><p>New line by B</p>',
    )
    // The store derives the same HTML from the doc, without Slate.
    expect(userTextDocHtml(a)).toBe(toContentHtml(editorA.children))
    expect(userTextDocHtml(b)).toBe(userTextDocHtml(a))
    YjsEditor.disconnect(editorA)
    YjsEditor.disconnect(editorB)
  })

  it('reads the doc as the binding does', () => {
    const doc = new Y.Doc()
    seedUserText(doc, SEED_HTML, slateNodesToInsertDelta(SEED), 'seed')
    expect(userTextElement(userTextOf(doc))).toEqual(yTextToSlateElement(userTextOf(doc)))
    expect(userTextBlocks(doc)).toEqual(SEED)
  })

  it('normalizes with the content rules what arrives through Yjs, and merges the fix back', async () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    seedUserText(a, SEED_HTML, slateNodesToInsertDelta(SEED), 'seed')
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    const editorA = boundEditor(a)
    // Another client writes a heading of level 9 and an indent of 99 straight into the doc.
    const blocks = userTextOf(b).toDelta() as { insert: Y.XmlText }[]
    const heading = blocks[0]!.insert
    heading.setAttribute('level', 9)
    const paragraph = blocks[1]!.insert
    paragraph.setAttribute('indent', 99)
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)), 'remote')
    expect(editorA.children[0]).toMatchObject({ type: 'heading', level: 6 })
    expect(editorA.children[1]).toMatchObject({ type: 'paragraph', indent: 30 })
    // The fix is in A's doc too, and reaches B.
    await flushed()
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), 'remote')
    expect(userTextBlocks(b)[0]).toMatchObject({ level: 6 })
    YjsEditor.disconnect(editorA)
  })
})
