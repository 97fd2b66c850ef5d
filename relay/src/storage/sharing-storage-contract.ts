// The sharing part of the storage contract (sharing-records.ts): run by the SQLite and PostgreSQL
// storage tests, so both replace an owner's projection whole, give a share id to one bookmark
// only, count one like per account (concurrent likes included), hide pages across link resets
// and drop everything of a deleted account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RelayStorage } from './relay-storage'
import type { PublicPageRow } from './sharing-records'

function row(
  ownerId: string,
  bookmarkId: string,
  shareId: string,
  extra: Partial<PublicPageRow> = {},
) {
  return {
    shareId,
    ownerId,
    bookmarkId,
    permission: 'PUBLIC' as const,
    origin: 'example.com',
    tags: ['reading'],
    sharedAt: 1,
    updatedAt: 1,
    pageJson: JSON.stringify({ shareId }),
    ...extra,
  }
}

const A = 'AAAAAAAAAAAAAAAAAAAAAA'
const B = 'BBBBBBBBBBBBBBBBBBBBBB'

/** Registers the sharing storage contract for a storage opened fresh by `open`. */
export function describeSharingStorageContract(
  name: string,
  open: () => Promise<RelayStorage>,
): void {
  describe(`${name} relay storage: sharing`, () => {
    let storage: RelayStorage

    beforeEach(async () => {
      storage = await open()
      for (const id of ['u1', 'u2', 'u3']) {
        await storage.createUser({
          id,
          email: `${id}@example.com`,
          passwordHash: 'h',
          createdAt: 1,
        })
      }
    })
    afterEach(async () => {
      await storage.close()
    })

    it("replaces an owner's projection whole and lists only PUBLIC, unhidden pages", async () => {
      await storage.replacePublicPages('u1', [
        row('u1', 'b1', A),
        row('u1', 'b2', B, { permission: 'PUBLIC_LINK' }),
      ])
      const listed = await storage.listDiscoverPages({ order: 'newest', offset: 0, limit: 20 })
      expect(listed.map((page) => page.shareId)).toEqual([A])
      expect((await storage.findPublicPage(B))?.permission).toBe('PUBLIC_LINK')
      expect(await storage.listPublicTagCounts()).toEqual([
        { tag: 'reading', ownerId: 'u1', count: 1 },
      ])
      await storage.replacePublicPages('u1', [row('u1', 'b2', B)])
      expect(await storage.findPublicPage(A)).toBeUndefined()
      expect((await storage.listOwnerPublicPages('u1')).map((page) => page.shareId)).toEqual([B])
    })

    it('gives a share id to the first bookmark that published it, for good', async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await storage.replacePublicPages('u2', [row('u2', 'x1', A)])
      expect((await storage.findPublicPage(A))?.ownerId).toBe('u1')
      await storage.replacePublicPages('u1', [])
      await storage.replacePublicPages('u2', [row('u2', 'x1', A)])
      expect(await storage.findPublicPage(A)).toBeUndefined()
    })

    it("never publishes a deleted owner's share id for anyone else (claims are kept for good)", async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await storage.deleteUser('u1')
      expect(await storage.findShareClaim(A)).toBeUndefined()
      await storage.replacePublicPages('u2', [row('u2', 'x1', A)])
      expect(await storage.findPublicPage(A)).toBeUndefined()
      expect(await storage.listDiscoverPages({ order: 'newest', offset: 0, limit: 5 })).toEqual([])
      // An account made again with the same id does not get the link back either.
      await storage.createUser({
        id: 'u1',
        email: 'u1b@example.com',
        passwordHash: 'h',
        createdAt: 2,
      })
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      expect(await storage.findPublicPage(A)).toBeUndefined()
    })

    it('resolves a claimed share id after the page was unshared', async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await storage.replacePublicPages('u1', [])
      expect(await storage.findShareClaim(A)).toEqual({ ownerId: 'u1', bookmarkId: 'b1' })
      expect(await storage.findShareClaim(B)).toBeUndefined()
      await storage.hidePage('u1', 'b1', A, 1)
      await storage.replacePublicPages('u1', [row('u1', 'b1', B)])
      expect((await storage.findPublicPage(B))?.hidden).toBe(true)
      expect(await storage.unhidePage(A)).toBe(true)
    })

    it('keeps the stored like count in step across likes and re-projections', async () => {
      await storage.replacePublicPages('u1', [
        row('u1', 'b1', A),
        row('u1', 'b2', B, { sharedAt: 2 }),
      ])
      await storage.setPageLike('u1', 'b1', 'u2', true, 1)
      await storage.setPageLike('u1', 'b1', 'u3', true, 1)
      await storage.replacePublicPages('u1', [
        row('u1', 'b1', A),
        row('u1', 'b2', B, { sharedAt: 2 }),
      ])
      const mostLiked = await storage.listDiscoverPages({
        order: 'most-liked',
        offset: 0,
        limit: 5,
      })
      expect(mostLiked.map((page) => [page.shareId, page.likes])).toEqual([
        [A, 2],
        [B, 0],
      ])
      const newest = await storage.listDiscoverPages({ order: 'newest', offset: 0, limit: 5 })
      expect(newest.map((page) => page.shareId)).toEqual([B, A])
      expect(await storage.listPublicOriginCounts()).toEqual([
        { origin: 'example.com', ownerId: 'u1', pages: 2, likes: 2 },
      ])
    })

    it('counts one like per account, concurrent likes included', async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await Promise.all(
        Array.from({ length: 5 }, () => storage.setPageLike('u1', 'b1', 'u2', true, 1)),
      )
      expect(await storage.setPageLike('u1', 'b1', 'u3', true, 1)).toBe(2)
      expect((await storage.findPublicPage(A, 'u2'))?.likedByMe).toBe(true)
      expect(await storage.setPageLike('u1', 'b1', 'u2', false, 1)).toBe(1)
      const mostLiked = await storage.listDiscoverPages({
        order: 'most-liked',
        offset: 0,
        limit: 5,
      })
      expect(mostLiked.map((page) => page.likes)).toEqual([1])
    })

    it('keeps a page hidden across a link reset until shown again', async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await storage.hidePage('u1', 'b1', A, 1)
      await storage.replacePublicPages('u1', [row('u1', 'b1', B)])
      expect((await storage.findPublicPage(B))?.hidden).toBe(true)
      expect(await storage.listDiscoverPages({ order: 'newest', offset: 0, limit: 5 })).toEqual([])
      expect(await storage.unhidePage(B)).toBe(true)
      expect((await storage.findPublicPage(B))?.hidden).toBe(false)
      expect(await storage.unhidePage(B)).toBe(false)
    })

    it('drops the pages, likes and reports of a deleted account', async () => {
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      await storage.replacePublicPages('u2', [row('u2', 'x1', B)])
      await storage.setPageLike('u2', 'x1', 'u1', true, 1)
      await storage.addPageReport({
        shareId: A,
        ownerId: 'u1',
        bookmarkId: 'b1',
        reporterId: 'u2',
        reason: 'Spam',
        createdAt: 1,
      })
      await storage.deleteUser('u1')
      expect(await storage.findPublicPage(A)).toBeUndefined()
      expect((await storage.findPublicPage(B))?.likes).toBe(0)
      expect(await storage.listPageReports(10)).toEqual([])
      // A projection racing the deletion publishes nothing.
      await storage.replacePublicPages('u1', [row('u1', 'b1', A)])
      expect(await storage.findPublicPage(A)).toBeUndefined()
    })
  })
}
