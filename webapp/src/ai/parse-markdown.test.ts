import { describe, expect, it } from 'vitest'
import { inlineText, parseInline, parseMarkdown } from './parse-markdown'

describe('parseMarkdown', () => {
  it('reads a key-points summary as a bullet list', () => {
    const blocks = parseMarkdown('* First point\n* Second **bold** point\n- Third')
    expect(blocks).toHaveLength(1)
    const list = blocks[0]!
    expect(list.kind).toBe('list')
    if (list.kind !== 'list') {
      return
    }
    expect(list.ordered).toBe(false)
    expect(list.items.map((item) => inlineText(item.content))).toEqual([
      'First point',
      'Second bold point',
      'Third',
    ])
    expect(list.items[1]!.content[1]).toEqual({
      kind: 'strong',
      children: [{ kind: 'text', text: 'bold' }],
    })
  })

  it('nests an indented list under its item and keeps an ordered list start', () => {
    const [list] = parseMarkdown('3. Three\n   - under three\n4. Four')
    expect(list?.kind).toBe('list')
    if (list?.kind !== 'list') {
      return
    }
    expect(list.start).toBe(3)
    expect(list.items).toHaveLength(2)
    expect(list.items[0]!.children[0]).toMatchObject({ kind: 'list', ordered: false })
  })

  it('reads headings, paragraphs, quotes and fenced code', () => {
    const blocks = parseMarkdown(
      '## Title\n\nOne line\nsame paragraph\n\n> quoted\n\n```\n<b>x</b>\n```',
    )
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'quote', 'code'])
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      content: [{ kind: 'text', text: 'One line same paragraph' }],
    })
    expect(blocks[3]).toEqual({ kind: 'code', text: '<b>x</b>' })
  })

  it('keeps HTML as text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ])
  })
})

describe('parseInline', () => {
  it('keeps only safe links', () => {
    expect(parseInline('[ok](https://example.com/a) [bad](javascript:alert(1))')).toEqual([
      { kind: 'link', href: 'https://example.com/a', children: [{ kind: 'text', text: 'ok' }] },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: 'bad' },
      { kind: 'text', text: ')' },
    ])
    expect(parseInline('[mark](/page/b1#mark-m1)')[0]).toMatchObject({ href: '/page/b1#mark-m1' })
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }])
  })

  it('leaves an unfinished emphasis or code as text while it streams', () => {
    expect(parseInline('a **half')).toEqual([{ kind: 'text', text: 'a **half' }])
    expect(parseInline('a `code')).toEqual([{ kind: 'text', text: 'a `code' }])
  })

  it('reads italic, code and escapes, but not snake_case words', () => {
    expect(parseInline('*it* `c` \\*no\\* snake_case_word')).toEqual([
      { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' *no* snake_case_word' },
    ])
  })
})
