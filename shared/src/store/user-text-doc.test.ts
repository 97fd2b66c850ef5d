// The mergeable user text without Slate: two docs edited at once converge with both edits, the
// deterministic seed of a migration is taken once however many devices write it, and the HTML
// derived from the text keeps the rich-text rules.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { userTextHtml } from '../domain/user-text-html'
import {
  encodeUserTextState,
  mergeUserTextState,
  seedUserText,
  userTextBlocks,
  userTextDocHtml,
  userTextOf,
} from './user-text-doc'

/** The insert delta of paragraphs, as slate-yjs writes them. */
function paragraphs(...texts: string[]) {
  return texts.map((text) => {
    const element = new Y.XmlText()
    element.setAttribute('type', 'paragraph')
    element.insert(0, text)
    return { insert: element }
  })
}

/** The text of top-level block `index`. */
function block(doc: Y.Doc, index: number): Y.XmlText {
  return (userTextOf(doc).toDelta() as { insert: Y.XmlText }[])[index]!.insert
}

function exchange(a: Y.Doc, b: Y.Doc) {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b))
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a))
  Y.applyUpdate(b, toB)
  Y.applyUpdate(a, toA)
}

const SEED_HTML = '<p>Hello world</p>'

describe('user text', () => {
  it('merges two devices typing into the same paragraph at once, keeping both edits', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    seedUserText(a, SEED_HTML, paragraphs('Hello world'), 'seed')
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    block(a, 0).insert(5, ' there')
    block(b, 0).insert(11, '!')
    block(b, 0).delete(0, 1)
    block(b, 0).insert(0, 'J')
    exchange(a, b)
    expect(userTextDocHtml(a)).toBe('<p>Jello there world!</p>')
    expect(userTextDocHtml(b)).toBe(userTextDocHtml(a))
  })

  it('takes one seed of the same old HTML however many devices migrate it at once', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    expect(seedUserText(a, SEED_HTML, paragraphs('Hello world'), 'seed')).toBe(true)
    expect(seedUserText(b, SEED_HTML, paragraphs('Hello world'), 'seed')).toBe(true)
    block(b, 0).insert(0, '> ')
    exchange(a, b)
    expect(userTextDocHtml(a)).toBe('<p>&gt; Hello world</p>')
    expect(userTextDocHtml(b)).toBe(userTextDocHtml(a))
    // A text already seeded is not seeded again.
    expect(seedUserText(a, SEED_HTML, paragraphs('Hello world'), 'seed')).toBe(false)
  })

  it('keeps both texts when two devices migrate different old HTML (nothing lost)', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    seedUserText(a, '<p>one</p>', paragraphs('one'), 'seed')
    seedUserText(b, '<p>two</p>', paragraphs('two'), 'seed')
    exchange(a, b)
    expect(userTextBlocks(a)).toHaveLength(2)
    expect(userTextDocHtml(a)).toMatch(/<p>one<\/p>|<p>two<\/p>/)
    expect(userTextDocHtml(a)).toContain('one')
    expect(userTextDocHtml(a)).toContain('two')
    expect(userTextDocHtml(b)).toBe(userTextDocHtml(a))
  })

  it('merges a state from the wire and says whether this doc holds more than it', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    seedUserText(a, SEED_HTML, paragraphs('Hello world'), 'seed')
    const state = encodeUserTextState(a)!
    expect(mergeUserTextState(b, state, 'remote')).toBe(false)
    block(b, 0).insert(0, 'Oh. ')
    expect(mergeUserTextState(b, state, 'remote')).toBe(true)
    // A deletion alone counts too.
    const c = new Y.Doc()
    mergeUserTextState(c, state, 'remote')
    block(c, 0).delete(0, 6)
    expect(mergeUserTextState(c, state, 'remote')).toBe(true)
    expect(encodeUserTextState(new Y.Doc())).toBeUndefined()
  })

  it('derives HTML with the rich-text rules: safe links only, heading 6 and indent 30 at most', () => {
    expect(
      userTextHtml([
        { type: 'heading', level: 9, children: [{ text: 'Big' }] },
        { type: 'paragraph', indent: 99, children: [{ text: '<b>', bold: true }] },
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'bad' }] },
            { type: 'link', url: 'https://example.com/?a="b"', children: [{ text: 'ok' }] },
          ],
        },
        {
          type: 'bulleted-list',
          children: [{ type: 'list-item', indent: 2, children: [{ text: 'item' }] }],
        },
      ]),
    ).toBe(
      '<h6>Big</h6><p data-indent="30"><strong>&lt;b&gt;</strong></p>' +
        '<p>bad<a href="https://example.com/?a=&quot;b&quot;">ok</a></p>' +
        '<ul><li data-indent="2">item</li></ul>',
    )
  })
})
