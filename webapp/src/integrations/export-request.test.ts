import type { Bookmark, Mark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { exportPayloadFor, inkmarkPageUrl, integrationPageOf } from './export-request'

const bookmark = {
  _id: 'b1',
  url: 'https://example.com/a',
  title: 'A page',
  tags: ['t'],
  integrationPages: { notion: { id: 'np1', createdAt: 1 } },
} as unknown as Bookmark
const marks = [
  {
    _id: 'm1',
    _bookmark: 'b1',
    text: 'Quote',
    color: '#fdffb4',
    tags: [],
    createdAt: 5,
    notes: 'Mine',
  },
] as unknown as Mark[]

describe('exportPayloadFor', () => {
  it('updates the Notion page of the last export and links back to the page', () => {
    const payload = exportPayloadFor('notion', bookmark, marks, 'https://app.test')
    expect(payload.existingPageId).toBe('np1')
    expect(payload.page.inkmarkUrl).toBe('https://app.test/page/b1')
    expect(payload.marks).toHaveLength(1)
    expect(payload.marks[0]).toMatchObject({ text: 'Quote', color: '#fdffb4' })
  })

  it('sends no existing page to Capacities or on a first export', () => {
    expect(
      exportPayloadFor('capacities', bookmark, marks, 'https://app.test').existingPageId,
    ).toBeUndefined()
    const fresh = { ...bookmark, integrationPages: undefined } as unknown as Bookmark
    expect(
      exportPayloadFor('notion', fresh, marks, 'https://app.test').existingPageId,
    ).toBeUndefined()
  })
})

describe('inkmarkPageUrl', () => {
  it('escapes the id', () => {
    expect(inkmarkPageUrl('https://app.test', 'a/b')).toBe('https://app.test/page/a%2Fb')
  })
})

describe('integrationPageOf', () => {
  it('keeps the id and url when given', () => {
    expect(integrationPageOf({ id: 'p', url: 'https://notion.so/p' }, 9)).toEqual({
      id: 'p',
      url: 'https://notion.so/p',
      createdAt: 9,
    })
    expect(integrationPageOf({}, 9)).toEqual({ createdAt: 9 })
  })
})
