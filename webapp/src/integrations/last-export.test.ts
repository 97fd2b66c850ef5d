import type { Bookmark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { lastExportOf } from './last-export'

function bookmark(fields: Partial<Bookmark> & { _id: string }): Bookmark {
  return { url: `https://example.com/${fields._id}`, tags: [], ...fields } as Bookmark
}

describe('lastExportOf', () => {
  it('finds the newest export to the service', () => {
    const bookmarks = [
      bookmark({ _id: 'a', title: 'A', integrationPages: { notion: { id: '1', createdAt: 10 } } }),
      bookmark({
        _id: 'b',
        title: 'B',
        integrationPages: { notion: { id: '2', url: 'https://notion.so/2', createdAt: 30 } },
      }),
      bookmark({ _id: 'c', title: 'C', integrationPages: { capacities: { createdAt: 50 } } }),
    ]
    expect(lastExportOf(bookmarks, 'notion')).toEqual({
      bookmarkId: 'b',
      title: 'B',
      page: { id: '2', url: 'https://notion.so/2', createdAt: 30 },
    })
    expect(lastExportOf(bookmarks, 'capacities')?.bookmarkId).toBe('c')
  })

  it('is undefined with no export, and leaves deleted pages out', () => {
    expect(lastExportOf([bookmark({ _id: 'a' })], 'notion')).toBeUndefined()
    expect(
      lastExportOf(
        [bookmark({ _id: 'a', deletedAt: 5, integrationPages: { notion: { createdAt: 1 } } })],
        'notion',
      ),
    ).toBeUndefined()
  })

  it('names a page without a title by its address', () => {
    expect(
      lastExportOf(
        [bookmark({ _id: 'a', integrationPages: { notion: { createdAt: 1 } } })],
        'notion',
      )?.title,
    ).toBe('https://example.com/a')
  })
})
