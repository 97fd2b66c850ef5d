// How the extension's pages show what comes from the library: links only to pages a browser may
// open safely, and history order. (A note as plain text is the shared markNoteText.)
import type { Bookmark } from '@inkmark/shared'

/** `url` when it is an http(s) or file address, else undefined (never a javascript: link). */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) {
    return undefined
  }
  try {
    const parsed = new URL(url)
    return ['http:', 'https:', 'file:'].includes(parsed.protocol) ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** When a bookmark was last touched: opened, modified, updated or created, whichever is latest. */
export function lastActivity(
  bookmark: Pick<Bookmark, 'openedAt' | 'modifiedAt' | 'updatedAt' | 'createdAt'>,
): number {
  return Math.max(
    bookmark.openedAt ?? 0,
    bookmark.modifiedAt ?? 0,
    bookmark.updatedAt ?? 0,
    bookmark.createdAt ?? 0,
  )
}

/** The bookmarks, most recent first (a new array). */
export function byMostRecent<T extends Parameters<typeof lastActivity>[0]>(
  bookmarks: readonly T[],
): T[] {
  return [...bookmarks].sort((a, b) => lastActivity(b) - lastActivity(a))
}

/** A page's title for lists: its title, else its address. */
export function bookmarkTitle(bookmark: Pick<Bookmark, 'title' | 'url'>): string {
  return bookmark.title?.trim() || bookmark.url
}
