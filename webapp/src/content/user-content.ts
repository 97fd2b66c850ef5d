// Saving user-written content: a bookmark of type content-text whose url is the web app's own
// /content/{id} address, and a page content at that url holding the document as HTML
// (content-html.ts). Both are written in one call, so a refused page content (over the storage
// quota, say) leaves no bookmark without its text. See docs/adr/019-user-content.md.
import {
  BookmarkType,
  Message,
  ObjectStore,
  PageContentType,
  createBookmark,
  createPageContent,
  truncateDescription,
  truncateTitle,
  type Bookmark,
  type LocalStore,
  type PageContent,
} from '@inkmark/shared'
import type { Descendant } from 'slate'
import { documentToPlainText } from './content-document'
import { toContentHtml } from './content-html'

/** What a person wrote: a title (may be empty) and the document. */
export interface UserContentDraft {
  title: string
  document: Descendant[]
}

/** The title shown when a person gave none and the text has no first line either. */
export const UNTITLED = 'Untitled'

/** The url of user content `id` on the web app at `appOrigin`. */
export function getUserContentUrl(appOrigin: string, id: string): string {
  return `${appOrigin}/content/${encodeURIComponent(id)}`
}

/** Whether a bookmark is user-written content. */
export function isUserContent(bookmark: Pick<Bookmark, 'type'>): boolean {
  return bookmark.type === BookmarkType.CONTENT_TEXT
}

/** The title to store: the typed one, else the first line of the text cut to 55 characters. */
export function titleOf(draft: UserContentDraft): string {
  const typed = draft.title.trim()
  if (typed !== '') {
    return typed
  }
  const firstLine = documentToPlainText(draft.document)
    .split('\n')
    .find((line) => line.trim() !== '')
  return firstLine === undefined ? UNTITLED : truncateTitle(firstLine.trim())
}

/** A preview of the text for cards and search: its lines joined, cut to 145 characters. */
export function descriptionOf(document: readonly Descendant[]): string {
  return truncateDescription(documentToPlainText(document).replace(/\s+/g, ' ').trim())
}

/** Creates user content; resolves with its bookmark id, or rejects with the reason shown. */
export async function createUserContent(
  store: LocalStore,
  draft: UserContentDraft,
  appOrigin: string,
): Promise<string> {
  const id = store.createId()
  const url = getUserContentUrl(appOrigin, id)
  const now = store.now()
  const title = titleOf(draft)
  const description = descriptionOf(draft.document)
  const bookmark = createBookmark(
    {
      _id: id,
      _objectStore: ObjectStore.BOOKMARKS,
      url,
      title,
      description,
      type: BookmarkType.CONTENT_TEXT,
    },
    now,
  )
  const content = createPageContent(
    {
      _id: store.createId(),
      _objectStore: ObjectStore.PAGE_CONTENTS,
      url,
      type: PageContentType.HTML,
      content: toContentHtml(draft.document),
      title,
      description,
    },
    now,
  )
  // One batch; if the page content is refused (the quota), the bookmark was still written, so it
  // is deleted again rather than left without its text.
  const { rejected } = await store.createOrUpdateEntities([bookmark, content])
  if (rejected.length > 0) {
    if (rejected.every((entry) => entry._id !== id)) {
      await store.markEntitiesAsDeleted([{ _id: id, _objectStore: ObjectStore.BOOKMARKS }])
    }
    throw new Error(rejected[0]?.message ?? Message.GENERIC_ERROR)
  }
  return id
}

/** Saves an edited draft over user content `bookmark` (and its page content, when there is one). */
export async function updateUserContent(
  store: LocalStore,
  bookmark: Bookmark,
  stored: PageContent | undefined,
  draft: UserContentDraft,
  /** The text is bound to its mergeable Yjs doc (ADR 081); the HTML saved is derived from it. */
  mergeable = false,
): Promise<void> {
  const title = titleOf(draft)
  const description = descriptionOf(draft.document)
  const content = toContentHtml(draft.document)
  const pageContent: PageContent =
    stored === undefined
      ? createPageContent(
          {
            _id: store.createId(),
            url: bookmark.url,
            type: PageContentType.HTML,
          },
          store.now(),
        )
      : stored
  const { rejected } = await store.createOrUpdateEntities([
    {
      ...pageContent,
      _objectStore: ObjectStore.PAGE_CONTENTS,
      content,
      title,
      description,
      ...(mergeable ? { mergeableText: true } : {}),
    },
    { ...bookmark, _objectStore: ObjectStore.BOOKMARKS, title, description },
  ])
  if (rejected.length > 0) {
    throw new Error(rejected[0]?.message ?? Message.GENERIC_ERROR)
  }
}
