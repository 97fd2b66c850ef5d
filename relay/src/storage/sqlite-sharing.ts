// The SQLite half of sharing-records.ts. One connection runs one transaction at a time, so the
// projection of an owner is replaced atomically and a share id is claimed once.
import type Database from 'better-sqlite3'
import type {
  DiscoverQuery,
  OwnerOriginCount,
  OwnerTagCount,
  PublicPageRow,
  SharingStorage,
  StoredPageReport,
  StoredPublicPage,
} from './sharing-records'

/** The tables (appended to the SQLite schema). */
export const SQLITE_SHARING_SCHEMA = `
-- Sharing (docs/adr/057, 058)
-- A claim outlives its account (owner_id becomes NULL): a deleted owner's share id is never
-- published again, by anyone.
CREATE TABLE IF NOT EXISTS share_ids (
  share_id TEXT PRIMARY KEY,
  owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  bookmark_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS public_pages (
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL UNIQUE,
  permission TEXT NOT NULL,
  origin TEXT NOT NULL,
  shared_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  page_json TEXT NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, bookmark_id)
);

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
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner_id, bookmark_id, user_id)
);
-- public_pages.likes follows page_likes (a like, an unlike, a liker's account deleted).
CREATE TRIGGER IF NOT EXISTS page_likes_added AFTER INSERT ON page_likes BEGIN
  UPDATE public_pages SET likes = likes + 1 WHERE owner_id = NEW.owner_id AND bookmark_id = NEW.bookmark_id;
END;
CREATE TRIGGER IF NOT EXISTS page_likes_removed AFTER DELETE ON page_likes BEGIN
  UPDATE public_pages SET likes = likes - 1 WHERE owner_id = OLD.owner_id AND bookmark_id = OLD.bookmark_id;
END;
CREATE TABLE IF NOT EXISTS hidden_pages (
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL,
  hidden_at INTEGER NOT NULL,
  PRIMARY KEY (owner_id, bookmark_id)
);
CREATE TABLE IF NOT EXISTS page_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bookmark_id TEXT NOT NULL,
  share_id TEXT NOT NULL,
  reporter_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
`

/**
 * Brings a database made by the first sharing release up to date: claims that outlive their
 * account (they were deleted with it), the stored like count and the listing indexes.
 */
function upgradeSharingTables(db: Database.Database): void {
  const claimKeys = db.pragma('foreign_key_list(share_ids)') as { on_delete: string }[]
  if (claimKeys.some((key) => key.on_delete === 'CASCADE')) {
    db.exec(`BEGIN;
      CREATE TABLE share_ids_kept (
        share_id TEXT PRIMARY KEY,
        owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        bookmark_id TEXT NOT NULL
      );
      INSERT INTO share_ids_kept SELECT share_id, owner_id, bookmark_id FROM share_ids;
      DROP TABLE share_ids;
      ALTER TABLE share_ids_kept RENAME TO share_ids;
      COMMIT;`)
  }
  const columns = db.pragma('table_info(public_pages)') as { name: string }[]
  if (!columns.some((column) => column.name === 'likes')) {
    db.exec(`ALTER TABLE public_pages ADD COLUMN likes INTEGER NOT NULL DEFAULT 0;
      UPDATE public_pages SET likes = (SELECT COUNT(*) FROM page_likes l
        WHERE l.owner_id = public_pages.owner_id AND l.bookmark_id = public_pages.bookmark_id);`)
  }
  db.exec(`DROP INDEX IF EXISTS public_pages_listed;
    CREATE INDEX IF NOT EXISTS share_ids_by_owner ON share_ids (owner_id);
    CREATE INDEX IF NOT EXISTS public_pages_newest ON public_pages (permission, shared_at DESC, share_id);
    CREATE INDEX IF NOT EXISTS public_pages_most_liked ON public_pages (permission, likes DESC, shared_at DESC, share_id);`)
}

interface PageRow {
  owner_id: string
  bookmark_id: string
  share_id: string
  permission: 'PUBLIC' | 'PUBLIC_LINK'
  origin: string
  shared_at: number
  updated_at: number
  page_json: string
  tags: string | null
  likes: number
  liked_by_me: number
  hidden: number
}

// public_pages.likes is kept equal to the page's page_likes rows (counted on insert, then triggers).
const COUNT_LIKES = 'SELECT COUNT(*) FROM page_likes WHERE owner_id = ? AND bookmark_id = ?'
const HIDDEN = `EXISTS (SELECT 1 FROM hidden_pages h WHERE h.owner_id = p.owner_id AND h.bookmark_id = p.bookmark_id)`
const TAGS = `(SELECT json_group_array(t.tag) FROM public_page_tags t WHERE t.owner_id = p.owner_id AND t.bookmark_id = p.bookmark_id)`
const PAGE_COLUMNS = `p.*, ${TAGS} AS tags, ${HIDDEN} AS hidden`

function toPage(row: PageRow): StoredPublicPage {
  return {
    shareId: row.share_id,
    ownerId: row.owner_id,
    bookmarkId: row.bookmark_id,
    permission: row.permission,
    origin: row.origin,
    tags: row.tags === null ? [] : (JSON.parse(row.tags) as string[]),
    sharedAt: row.shared_at,
    updatedAt: row.updated_at,
    pageJson: row.page_json,
    likes: row.likes,
    likedByMe: row.liked_by_me === 1,
    hidden: row.hidden === 1,
  }
}

/** The sharing methods over `db`. */
export function sqliteSharing(db: Database.Database): SharingStorage {
  upgradeSharingTables(db)
  const claim = db.prepare(
    'INSERT INTO share_ids (share_id, owner_id, bookmark_id) VALUES (?, ?, ?) ON CONFLICT (share_id) DO NOTHING',
  )
  const claimOf = db.prepare<[string], { owner_id: string | null; bookmark_id: string }>(
    'SELECT owner_id, bookmark_id FROM share_ids WHERE share_id = ?',
  )
  const deleteOwnerPages = db.prepare('DELETE FROM public_pages WHERE owner_id = ?')
  const ownerExists = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM users WHERE id = ?',
  )
  const insertPage = db.prepare(
    `INSERT INTO public_pages (owner_id, bookmark_id, share_id, permission, origin, shared_at, updated_at, page_json, likes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, (${COUNT_LIKES}))`,
  )

  const insertTag = db.prepare(
    'INSERT OR IGNORE INTO public_page_tags (owner_id, bookmark_id, tag) VALUES (?, ?, ?)',
  )
  const pageByShareId = db.prepare<[string, string], PageRow>(
    `SELECT ${PAGE_COLUMNS}, EXISTS (SELECT 1 FROM page_likes l WHERE l.owner_id = p.owner_id AND l.bookmark_id = p.bookmark_id AND l.user_id = ?) AS liked_by_me
     FROM public_pages p WHERE p.share_id = ?`,
  )
  const ownerPages = db.prepare<[string], PageRow>(
    `SELECT ${PAGE_COLUMNS}, 0 AS liked_by_me FROM public_pages p WHERE p.owner_id = ? ORDER BY p.shared_at DESC, p.share_id`,
  )
  const listed = (order: string, tagged: boolean) =>
    db.prepare<unknown[], PageRow>(
      `SELECT ${PAGE_COLUMNS}, 0 AS liked_by_me FROM public_pages p
       WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN}
       ${tagged ? 'AND EXISTS (SELECT 1 FROM public_page_tags t WHERE t.owner_id = p.owner_id AND t.bookmark_id = p.bookmark_id AND t.tag = ?)' : ''}
       ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
  const NEWEST = 'p.shared_at DESC, p.share_id'
  const MOST_LIKED = 'likes DESC, p.shared_at DESC, p.share_id'
  const discover = {
    newest: listed(NEWEST, false),
    newestTagged: listed(NEWEST, true),
    mostLiked: listed(MOST_LIKED, false),
    mostLikedTagged: listed(MOST_LIKED, true),
  }
  const tagCounts = db.prepare<[], { tag: string; owner_id: string; count: number }>(
    `SELECT t.tag, p.owner_id, COUNT(*) AS count FROM public_page_tags t
     JOIN public_pages p ON p.owner_id = t.owner_id AND p.bookmark_id = t.bookmark_id
     WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN} GROUP BY t.tag, p.owner_id`,
  )
  const originCounts = db.prepare<
    [],
    { origin: string; owner_id: string; pages: number; likes: number }
  >(
    `SELECT p.origin, p.owner_id, COUNT(*) AS pages, SUM(p.likes) AS likes FROM public_pages p
     WHERE p.permission = 'PUBLIC' AND NOT ${HIDDEN} GROUP BY p.origin, p.owner_id`,
  )
  const like = db.prepare(
    'INSERT INTO page_likes (owner_id, bookmark_id, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const unlike = db.prepare(
    'DELETE FROM page_likes WHERE owner_id = ? AND bookmark_id = ? AND user_id = ?',
  )
  const likeCount = db.prepare<[string, string], { n: number }>(
    `${COUNT_LIKES.replace('COUNT(*)', 'COUNT(*) AS n')}`,
  )
  const addReport = db.prepare(
    `INSERT INTO page_reports (owner_id, bookmark_id, share_id, reporter_id, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const reports = db.prepare<
    [number],
    {
      id: number
      owner_id: string
      bookmark_id: string
      share_id: string
      reporter_id: string | null
      reason: string
      created_at: number
    }
  >('SELECT * FROM page_reports ORDER BY created_at DESC, id DESC LIMIT ?')
  const hide = db.prepare(
    `INSERT INTO hidden_pages (owner_id, bookmark_id, share_id, hidden_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (owner_id, bookmark_id) DO UPDATE SET share_id = excluded.share_id`,
  )
  const unhide = db.prepare(
    `DELETE FROM hidden_pages WHERE share_id = ?
     OR (owner_id, bookmark_id) IN (SELECT owner_id, bookmark_id FROM share_ids WHERE share_id = ?)`,
  )

  const replace = db.transaction((ownerId: string, pages: readonly PublicPageRow[]) => {
    deleteOwnerPages.run(ownerId)
    if (!ownerExists.get(ownerId)) {
      // A write that raced the account's deletion: nothing of a deleted account is published.
      return
    }
    for (const page of pages) {
      claim.run(page.shareId, ownerId, page.bookmarkId)
      const owner = claimOf.get(page.shareId)
      if (owner?.owner_id !== ownerId || owner.bookmark_id !== page.bookmarkId) {
        continue
      }
      insertPage.run(
        ownerId,
        page.bookmarkId,
        page.shareId,
        page.permission,
        page.origin,
        page.sharedAt,
        page.updatedAt,
        page.pageJson,
        ownerId,
        page.bookmarkId,
      )
      for (const tag of page.tags) {
        insertTag.run(ownerId, page.bookmarkId, tag)
      }
    }
  })
  const setLike = db.transaction(
    (ownerId: string, bookmarkId: string, userId: string, liked: boolean, now: number) => {
      if (liked) {
        like.run(ownerId, bookmarkId, userId, now)
      } else {
        unlike.run(ownerId, bookmarkId, userId)
      }
      return likeCount.get(ownerId, bookmarkId)?.n ?? 0
    },
  )

  return {
    replacePublicPages: (ownerId, pages) => {
      replace(ownerId, pages)
      return Promise.resolve()
    },
    findPublicPage: (shareId, viewerId) => {
      const row = pageByShareId.get(viewerId ?? '', shareId)
      return Promise.resolve(row ? toPage(row) : undefined)
    },
    listOwnerPublicPages: (ownerId) => Promise.resolve(ownerPages.all(ownerId).map(toPage)),
    listDiscoverPages: (query: DiscoverQuery) => {
      const liked = query.order === 'most-liked'
      const statement =
        query.tag === undefined
          ? liked
            ? discover.mostLiked
            : discover.newest
          : liked
            ? discover.mostLikedTagged
            : discover.newestTagged
      const params =
        query.tag === undefined
          ? [query.limit, query.offset]
          : [query.tag, query.limit, query.offset]
      return Promise.resolve(statement.all(...params).map(toPage))
    },
    listPublicTagCounts: () =>
      Promise.resolve(
        tagCounts
          .all()
          .map((row): OwnerTagCount => ({ tag: row.tag, ownerId: row.owner_id, count: row.count })),
      ),
    listPublicOriginCounts: () =>
      Promise.resolve(
        originCounts.all().map((row): OwnerOriginCount => ({
          origin: row.origin,
          ownerId: row.owner_id,
          pages: row.pages,
          likes: row.likes,
        })),
      ),
    setPageLike: (ownerId, bookmarkId, userId, liked, now) =>
      Promise.resolve(setLike(ownerId, bookmarkId, userId, liked, now)),
    addPageReport: (report) => {
      addReport.run(
        report.ownerId,
        report.bookmarkId,
        report.shareId,
        report.reporterId,
        report.reason,
        report.createdAt,
      )
      return Promise.resolve()
    },
    listPageReports: (limit) =>
      Promise.resolve(
        reports.all(limit).map((row): StoredPageReport => ({
          id: row.id,
          shareId: row.share_id,
          ownerId: row.owner_id,
          bookmarkId: row.bookmark_id,
          reporterId: row.reporter_id,
          reason: row.reason,
          createdAt: row.created_at,
        })),
      ),
    hidePage: (ownerId, bookmarkId, shareId, now) => {
      hide.run(ownerId, bookmarkId, shareId, now)
      return Promise.resolve()
    },
    unhidePage: (shareId) => Promise.resolve(unhide.run(shareId, shareId).changes > 0),
    findShareClaim: (shareId) => {
      const claimed = claimOf.get(shareId)
      return Promise.resolve(
        claimed?.owner_id == null
          ? undefined
          : { ownerId: claimed.owner_id, bookmarkId: claimed.bookmark_id },
      )
    },
  }
}
