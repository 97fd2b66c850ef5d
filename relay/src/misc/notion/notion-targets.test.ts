import { describe, expect, it } from 'vitest'
import { plainText, targetOf } from './notion-targets'

describe('targetOf', () => {
  it("reads a page's title from its title property and its icon", () => {
    expect(
      targetOf({
        object: 'page',
        id: 'p1',
        url: 'https://www.notion.so/p1',
        icon: { type: 'external', external: { url: 'https://x.test/i.png' } },
        parent: { type: 'workspace' },
        properties: {
          Whatever: { type: 'title', title: [{ plain_text: 'My ' }, { plain_text: 'page' }] },
        },
      }),
    ).toEqual({
      id: 'p1',
      title: 'My page',
      kind: 'page',
      url: 'https://www.notion.so/p1',
      icon: 'https://x.test/i.png',
    })
  })

  it("reads a database's title, and names an untitled one", () => {
    expect(
      targetOf({ object: 'database', id: 'd1', title: [], icon: { type: 'emoji', emoji: '📚' } }),
    ).toEqual({
      id: 'd1',
      title: 'Untitled',
      kind: 'database',
      icon: '📚',
    })
  })

  it('leaves out archived objects and rows of databases', () => {
    expect(targetOf({ object: 'page', id: 'p', archived: true })).toBeUndefined()
    expect(targetOf({ object: 'page', id: 'p', in_trash: true })).toBeUndefined()
    expect(targetOf({ object: 'page', id: 'p', parent: { type: 'database_id' } })).toBeUndefined()
    expect(targetOf({ object: 'user', id: 'u' })).toBeUndefined()
  })

  it('joins rich text, reading text.content when plain_text is missing', () => {
    expect(plainText([{ text: { content: 'a' } }, { plain_text: 'b' }])).toBe('ab')
  })
})
