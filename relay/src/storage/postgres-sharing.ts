// The PostgreSQL half of sharing-records.ts. Replacing an owner's projection locks the owner's
// users row, so two relays projecting one owner at once take turns; a share id is claimed by one
// upsert, so two bookmarks can never both publish it.
import type { Pool, PoolClient } from 'pg'
import type {
  OwnerOriginCount,
  OwnerTagCount,
  SharingStorage,
  StoredPageReport,
  StoredPublicPage,
} from './sharing-records'

/** The tables (appended to the PostgreSQL schema). */
export const POSTGRES_SHARING_SCHEMA = `
-- Sharing (docs/adr/057, 058)
-- A claim outlives its account (owner_id becomes NULL): a deleted owner's share id is never
-- published again, by anyone. The DO block upgrades a table of the first release (CASCADE).
CREATE TABLE IF NOT EXISTS share_ids (
  share_id TEXT PRIMARY KEY,
  owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  bookmark_id TEXT NOT NULL
);
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'share_ids'::regclass AND contype = 'f' AND confdeltype = 'c') THEN
    ALTER TABLE share_ids ALTER COLUMN owner_id DROP NOT NULL;
    ALTER TABLE share_ids DROP CONSTRAINT share_ids_owner_id_fkey;
    ALTER TABLE share_ids ADD CONSTRAINT share_ids_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE SET NULL;
  END IF;
END $$;
CREATE INDEX IF NOT EXISTS share_ids_by_owner ON share_ids (owner_id);
CREATE TABLE IF NOT EXISTS public_pages (
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL UNIQUE,
  permission TEXT NOT NULL,
  origin TEXT NOT NULL,
  shared_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  page_json TEXT NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, bookmark_id)
);
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'public_pages' AND column_name = 'likes' AND table_schema = current_schema()) THEN
    ALTER TABLE public_pages ADD COLUMN likes INTEGER NOT NULL DEFAULT 0;
    UPDATE public_pages p SET likes = (SELECT COUNT(*) FROM page_likes l WHERE l.owner_id = p.owner_id AND l.bookmark_id = p.bookmark_id);
  END IF;
END $$;
DROP INDEX IF EXISTS public_pages_listed;
CREATE INDEX IF NOT EXISTS public_pages_newest ON public_pages (permission, shared_at DESC, share_id);
CREATE INDEX IF NOT EXISTS public_pages_most_liked ON public_pages (permission, likes DESC, shared_at DESC, share_id);
CREATE TABLE IF NOT EXISTS public_page_tags (
  owner_id TEXT NOT NULL,
  bookmark_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  PRIMARY KEY (owner_id, bookmark_id, tag),
  FOREIGN KEY (owner_id, bookmark_id) REFERENCES public_pages (owner_id, bookmark_id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS public_page_tags_by_tag ON public_page_tags (tag);
CREATE TABLE IF NOT EXISTS page_likes (
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (owner_id, bookmark_id, user_id)
);
-- public_pages.likes follows page_likes (a like, an unlike, a liker's account deleted).
CREATE OR REPLACE FUNCTION page_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE public_pages SET likes = likes + 1 WHERE owner_id = NEW.owner_id AND bookmark_id = NEW.bookmark_id;
  ELSE
    UPDATE public_pages SET likes = likes - 1 WHERE owner_id = OLD.owner_id AND bookmark_id = OLD.bookmark_id;
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER page_likes_count AFTER INSERT OR DELETE ON page_likes
  FOR EACH ROW EXECUTE FUNCTION page_likes_count();
CREATE TABLE IF NOT EXISTS hidden_pages (
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL,
  hidden_at BIGINT NOT NULL,
  PRIMARY KEY (owner_id, bookmark_id)
);
CREATE TABLE IF NOT EXISTS page_reports (
  id BIGSERIAL PRIMARY KEY,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL,
  reporter_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
`

interface PageRow {
  owner_id: string
  bookmark_id: string
  share_id: string
  permission: 'PUBLIC' | 'PUBLIC_LINK'
  origin: string
  shared_at: string
  updated_at: string
  page_json: string
  tags: string[] | null
  likes: number
  liked_by_me: boolean
  hidden: boolean
}

// public_pages.likes is kept equal to the page's page_likes rows (counted on insert, then a trigger).
const COUNT_LIKES = 'SELECT COUNT(*) FROM page_likes WHERE owner_id = $1 AND bookmark_id = $2'
const HIDDEN = `EXISTS (SELECT 1 FROM hidden_pages h WHERE h.owner_id = p.owner_id AND h.bookmark_id = p.bookmark_id)`
const TAGS = `ARRAY(SELECT t.tag FROM public_page_tags t WHERE t.owner_id = p.owner_id AND t.bookmark_id = p.bookmark_id ORDER BY t.tag)`
const PAGE_COLUMNS = `p.*, ${TAGS} AS tags, ${HIDDEN} AS hidden`

function toPage(row: PageRow): StoredPublicPage {
  return {
    shareId: row.share_id,
    ownerId: row.owner_id,
    bookmarkId: row.bookmark_id,
    permission: row.permission,
    origin: row.origin,
    tags: row.tags ?? [],
    sharedAt: Number(row.shared_at),
    updatedAt: Number(row.updated_at),
    pageJson: row.page_json,
    likes: Number(row.likes),
    likedByMe: row.liked_by_me,
    hidden: row.hidden,
  }
}

type InTransaction = <T>(pool: Pool, work: (client: PoolClient) => Promise<T>) => Promise<T>

/** The sharing methods over `pool`. */
export function postgresSharing(pool: Pool, inTransaction: InTransaction): SharingStorage {
  return {
    async replacePublicPages(ownerId, pages) {
      await inTransaction(pool, async (client) => {
        const owner = await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ownerId])
        await client.query('DELETE FROM public_pages WHERE owner_id = $1', [ownerId])
        if (owner.rowCount === 0) {
          // A write that raced the account's deletion: nothing of a deleted account is published.
          return
        }
        for (const page of pages) {
          await client.query(
            'INSERT INTO share_ids (share_id, owner_id, bookmark_id) VALUES ($1, $2, $3) ON CONFLICT (share_id) DO NOTHING',
            [page.shareId, ownerId, page.bookmarkId],
          )
          const claim = await client.query<{ owner_id: string | null; bookmark_id: string }>(
            'SELECT owner_id, bookmark_id FROM share_ids WHERE share_id = $1',
            [page.shareId],
          )
          const owner = claim.rows[0]
          if (owner?.owner_id !== ownerId || owner.bookmark_id !== page.bookmarkId) {
            continue
          }
          await client.query(
            `INSERT INTO public_pages (owner_id, bookmark_id, share_id, permission, origin, shared_at, updated_at, page_json, likes)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (${COUNT_LIKES}))`,
            [
              ownerId,
              page.bookmarkId,
              page.shareId,
              page.permission,
              page.origin,
              page.sharedAt,
              page.updatedAt,
              page.pageJson,
            ],
          )
          if (page.tags.length > 0) {
            await client.query(
              `INSERT INTO public_page_tags (owner_id, bookmark_id, tag)
               SELECT $1, $2, tag FROM unnest($3::text[]) AS tag ON CONFLICT DO NOTHING`,
              [ownerId, page.bookmarkId, page.tags],
            )
          }
        }
      })
    },
    async findPublicPage(shareId, viewerId) {
      const result = await pool.query<PageRow>(
        `SELECT ${PAGE_COLUMNS}, EXISTS (SELECT 1 FROM page_likes l WHERE l.owner_id = p.owner_id AND l.bookmark_id = p.bookmark_id AND l.user_id = $1) AS liked_by_me
         FROM public_pages p WHERE p.share_id = $2`,
        [viewerId ?? '', shareId],
      )
      const row = result.rows[0]
      return row ? toPage(row) : undefined
    },
    async listOwnerPublicPages(ownerId) {
      const result = await pool.query<PageRow>(
        `SELECT ${PAGE_COLUMNS}, FALSE AS liked_by_me FROM public_pages p WHERE p.owner_id = $1
         ORDER BY p.shared_at DESC, p.share_id`,
        [ownerId],
      )
      return result.rows.map(toPage)
    },
    async listDiscoverPages(query) {
      const order =
        query.order === 'most-liked'
          ? 'likes DESC, p.shared_at DESC, p.share_id'
          : 'p.shared_at DESC, p.share_id'
      const params: unknown[] = [query.limit, query.offset]
      let tagged = ''
      if (query.tag !== undefined) {
        params.push(query.tag)
        tagged =
          'AND EXISTS (SELECT 1 FROM public_page_tags t WHERE t.owner_id = p.owner_id AND t.bookmark_id = p.bookmark_id AND t.tag = $3)'
      }
      const result = await pool.query<PageRow>(
        `SELECT ${PAGE_COLUMNS}, FALSE AS liked_by_me FROM public_pages p
         WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN} ${tagged}
         ORDER BY ${order} LIMIT $1 OFFSET $2`,
        params,
      )
      return result.rows.map(toPage)
    },
    async listPublicTagCounts() {
      const result = await pool.query<{ tag: string; owner_id: string; count: string }>(
        `SELECT t.tag, p.owner_id, COUNT(*) AS count FROM public_page_tags t
         JOIN public_pages p ON p.owner_id = t.owner_id AND p.bookmark_id = t.bookmark_id
         WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN} GROUP BY t.tag, p.owner_id`,
      )
      return result.rows.map((row): OwnerTagCount => ({
        tag: row.tag,
        ownerId: row.owner_id,
        count: Number(row.count),
      }))
    },
    async listPublicOriginCounts() {
      const result = await pool.query<{
        origin: string
        owner_id: string
        pages: string
        likes: string
      }>(
        `SELECT p.origin, p.owner_id, COUNT(*) AS pages, SUM(p.likes) AS likes FROM public_pages p
         WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN} GROUP BY p.origin, p.owner_id`,
      )
      return result.rows.map((row): OwnerOriginCount => ({
        origin: row.origin,
        ownerId: row.owner_id,
        pages: Number(row.pages),
        likes: Number(row.likes),
      }))
    },
    async setPageLike(ownerId, bookmarkId, userId, liked, now) {
      return inTransaction(pool, async (client) => {
        if (liked) {
          await client.query(
            'INSERT INTO page_likes (owner_id, bookmark_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
            [ownerId, bookmarkId, userId, now],
          )
        } else {
          await client.query(
            'DELETE FROM page_likes WHERE owner_id = $1 AND bookmark_id = $2 AND user_id = $3',
            [ownerId, bookmarkId, userId],
          )
        }
        const count = await client.query<{ n: string }>(`SELECT (${COUNT_LIKES}) AS n`, [
          ownerId,
          bookmarkId,
        ])
        return Number(count.rows[0]?.n ?? 0)
      })
    },
    async addPageReport(report) {
      await pool.query(
        `INSERT INTO page_reports (owner_id, bookmark_id, share_id, reporter_id, reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          report.ownerId,
          report.bookmarkId,
          report.shareId,
          report.reporterId,
          report.reason,
          report.createdAt,
        ],
      )
    },
    async listPageReports(limit) {
      const result = await pool.query<{
        id: string
        owner_id: string
        bookmark_id: string
        share_id: string
        reporter_id: string | null
        reason: string
        created_at: string
      }>('SELECT * FROM page_reports ORDER BY created_at DESC, id DESC LIMIT $1', [limit])
      return result.rows.map((row): StoredPageReport => ({
        id: Number(row.id),
        shareId: row.share_id,
        ownerId: row.owner_id,
        bookmarkId: row.bookmark_id,
        reporterId: row.reporter_id,
        reason: row.reason,
        createdAt: Number(row.created_at),
      }))
    },
    async hidePage(ownerId, bookmarkId, shareId, now) {
      await pool.query(
        `INSERT INTO hidden_pages (owner_id, bookmark_id, share_id, hidden_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (owner_id, bookmark_id) DO UPDATE SET share_id = excluded.share_id`,
        [ownerId, bookmarkId, shareId, now],
      )
    },
    async unhidePage(shareId) {
      const result = await pool.query(
        `DELETE FROM hidden_pages WHERE share_id = $1
         OR (owner_id, bookmark_id) IN (SELECT owner_id, bookmark_id FROM share_ids WHERE share_id = $1)`,
        [shareId],
      )
      return (result.rowCount ?? 0) > 0
    },
    async findShareClaim(shareId) {
      const result = await pool.query<{ owner_id: string | null; bookmark_id: string }>(
        'SELECT owner_id, bookmark_id FROM share_ids WHERE share_id = $1',
        [shareId],
      )
      const claimed = result.rows[0]
      return claimed?.owner_id == null
        ? undefined
        : { ownerId: claimed.owner_id, bookmarkId: claimed.bookmark_id }
    },
  }
}
