import { describe, expect, it } from 'vitest'
import { createBookmark } from '../domain/entities/bookmark'
import { createMark } from '../domain/entities/mark'
import {
  ExportPagePayloadSchema,
  MAX_EXPORT_MARKS,
  MAX_EXPORT_TEXT_LENGTH,
  exportPayloadOf,
} from './export-payload'

const now = Date.UTC(2026, 10, 26, 12)

const bookmark = createBookmark(
  {
    _id: 'b1',
    url: 'https://example.com/article',
    title: 'An article',
    description: 'What it says',
    image: 'https://example.com/cover.png',
    tags: ['reading', 'reading', ' ai '],
  },
  now,
)

function mark(id: string, fields: Partial<Parameters<typeof createMark>[0]> = {}) {
  return createMark(
    { _id: id, _bookmark: 'b1', url: bookmark.url, text: `text ${id}`, ...fields },
    now,
  )
}

describe('exportPayloadOf', () => {
  it('turns a bookmark and its marks into the payload, notes as plain text', () => {
    const marks = [
      mark('m2', { domElementOffsetTop: 200, color: '#a7e8c8', tags: ['key'] }),
      mark('m1', {
        domElementOffsetTop: 100,
        richText: [
          { insert: 'Rich ' },
          { insert: { image: 'https://x/y.png' } },
          { insert: 'note\n' },
        ],
      }),
      mark('gone', { deletedAt: now }),
    ]
    const payload = exportPayloadOf(
      bookmark,
      marks,
      'https://app.inkmark.app/page/b1',
      'notion-page',
    )
    expect(payload).toEqual({
      existingPageId: 'notion-page',
      page: {
        url: 'https://example.com/article',
        title: 'An article',
        description: 'What it says',
        image: 'https://example.com/cover.png',
        tags: ['reading', 'ai'],
        inkmarkUrl: 'https://app.inkmark.app/page/b1',
      },
      marks: [
        { text: 'text m1', color: '#fdffb4', note: 'Rich note', tags: [], createdAt: now },
        { text: 'text m2', color: '#a7e8c8', tags: ['key'], createdAt: now },
      ],
    })
    expect(ExportPagePayloadSchema.safeParse(payload).success).toBe(true)
  })

  it('prefers the plain notes over rich text and falls back to the page metadata', () => {
    const bare = createBookmark(
      {
        _id: 'b2',
        url: 'https://example.com/',
        meta: { title: 'Meta title', image: 'javascript:x' },
      },
      now,
    )
    const payload = exportPayloadOf(bare, [
      mark('m', { notes: ' Plain ', richText: [{ insert: 'rich' }] }),
    ])
    expect(payload.page).toEqual({ url: 'https://example.com/', title: 'Meta title', tags: [] })
    expect(payload.marks[0]?.note).toBe('Plain')
  })

  it('cuts texts and the number of marks to the limits, so the payload always validates', () => {
    const long = 'x'.repeat(MAX_EXPORT_TEXT_LENGTH + 10)
    const marks = Array.from({ length: MAX_EXPORT_MARKS + 5 }, (_, index) =>
      mark(`m${index}`, { text: long, notes: long }),
    )
    const payload = exportPayloadOf(bookmark, marks)
    expect(payload.marks).toHaveLength(MAX_EXPORT_MARKS)
    expect(payload.marks[0]?.text).toHaveLength(MAX_EXPORT_TEXT_LENGTH)
    expect(ExportPagePayloadSchema.safeParse(payload).success).toBe(true)
  })
})

describe('ExportPagePayloadSchema', () => {
  const valid = exportPayloadOf(bookmark, [mark('m1')])

  it('refuses a page that is not http(s), a text over the limit and unknown shapes', () => {
    expect(
      ExportPagePayloadSchema.safeParse({
        ...valid,
        page: { ...valid.page, url: 'javascript:alert(1)' },
      }).success,
    ).toBe(false)
    expect(
      ExportPagePayloadSchema.safeParse({
        ...valid,
        marks: [{ ...valid.marks[0], note: 'x'.repeat(MAX_EXPORT_TEXT_LENGTH + 1) }],
      }).success,
    ).toBe(false)
    expect(ExportPagePayloadSchema.safeParse({ page: valid.page }).success).toBe(false)
  })
})
