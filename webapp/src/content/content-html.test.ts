// @vitest-environment jsdom
import type { Descendant } from 'slate'
import { describe, expect, it } from 'vitest'
import type { FormattedText } from './content-document'
import { fromContentHtml, normalizeInlines, toContentHtml } from './content-html'

const SAMPLE: Descendant[] = [
  { type: 'heading', level: 2, children: [{ text: 'Reading notes' }] },
  {
    type: 'paragraph',
    children: [
      { text: 'Plain, ' },
      { text: 'bold', bold: true },
      { text: ' and ' },
      { text: 'all', bold: true, italic: true, underline: true, code: true },
      { text: ' then ' },
      { type: 'link', url: 'https://example.com/?a=1&b="2"', children: [{ text: 'a link' }] },
      { text: '.' },
    ],
  },
  { type: 'paragraph', indent: 3, children: [{ text: 'Indented <b>not bold</b> & escaped' }] },
  {
    type: 'numbered-list',
    children: [
      { type: 'list-item', children: [{ text: 'First' }] },
      { type: 'list-item', indent: 1, children: [{ text: 'Nested' }] },
    ],
  },
  { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Dot' }] }] },
  { type: 'paragraph', children: [{ text: '' }] },
]

describe('toContentHtml and fromContentHtml', () => {
  it('write the model as HTML and read it back unchanged', () => {
    const html = toContentHtml(SAMPLE)
    expect(html).toContain('<h2>Reading notes</h2>')
    expect(html).toContain('<strong><em><u><code>all</code></u></em></strong>')
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=&quot;2&quot;">a link</a>')
    expect(html).toContain(
      '<p data-indent="3">Indented &lt;b&gt;not bold&lt;/b&gt; &amp; escaped</p>',
    )
    expect(html).toContain('<ol><li>First</li><li data-indent="1">Nested</li></ol>')
    expect(fromContentHtml(html)).toEqual({ ok: true, document: SAMPLE })
  })

  it('round-trips seeded random documents', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const words = ['a', 'b c', '<x>', '&amp;', ' ', 'émoji 🎉', '"q"']
    const text = () => {
      const node: { text: string; bold?: true; italic?: true; underline?: true; code?: true } = {
        text: words[Math.floor(random() * words.length)] ?? 'a',
      }
      if (random() < 0.3) {
        node.bold = true
      }
      if (random() < 0.3) {
        node.italic = true
      }
      if (random() < 0.2) {
        node.code = true
      }
      return node
    }
    for (let round = 0; round < 200; round += 1) {
      const document: Descendant[] = []
      const blocks = 1 + Math.floor(random() * 4)
      for (let index = 0; index < blocks; index += 1) {
        const roll = random()
        const children = normalizeInlines([text(), text()]) as FormattedText[]
        if (roll < 0.3) {
          document.push({ type: 'heading', level: 1 + Math.floor(random() * 6), children })
        } else if (roll < 0.6) {
          document.push({
            type: 'bulleted-list',
            children: [{ type: 'list-item', indent: 1 + Math.floor(random() * 30), children }],
          })
        } else {
          document.push({ type: 'paragraph', children })
        }
      }
      const written = toContentHtml(document)
      const read = fromContentHtml(written)
      expect(read.ok && read.document).toEqual(document)
    }
  })

  it('reads empty content as one empty paragraph', () => {
    expect(fromContentHtml('')).toEqual({
      ok: true,
      document: [{ type: 'paragraph', children: [{ text: '' }] }],
    })
  })

  it('clamps stored header levels and indents to the spec limits', () => {
    const read = fromContentHtml(
      '<p data-indent="99">deep</p><ul><li data-indent="0">flat</li></ul>',
    )
    expect(read).toEqual({
      ok: true,
      document: [
        { type: 'paragraph', indent: 30, children: [{ text: 'deep' }] },
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'flat' }] }] },
      ],
    })
  })

  it('never writes an unsafe link as an href', () => {
    const html = toContentHtml([
      {
        type: 'paragraph',
        children: [
          { text: '' },
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'click' }] },
          { text: '' },
        ],
      },
    ])
    expect(html).toBe('<p>click</p>')
  })

  it('gives the plain text of HTML it did not write, with the reason', () => {
    for (const [html, text] of [
      ['<p>ok</p><script>alert(1)</script><p>after</p>', 'ok\nafter'],
      ['<p><img src=x onerror="alert(1)">text</p>', 'text'],
      ['<p onclick="alert(1)">text</p>', 'text'],
      ['<p><a href="javascript:alert(1)">link</a></p>', 'link'],
      ['<div>a block</div>', 'a block'],
      ['loose text', 'loose text'],
      ['<p><strong><a href="https://a.example">nested</a></strong></p>', 'nested'],
    ] as const) {
      const read = fromContentHtml(html)
      expect(read.ok).toBe(false)
      if (!read.ok) {
        expect(read.plainText).toBe(text)
        expect(read.reason).not.toBe('')
      }
    }
  })
})
