// The page of user-written content (/content/{id}): the text shown read-only through Slate's
// rendering, with its star, tags and delete like the page detail, and Edit to change it. A stored
// text that is not the HTML this app writes is shown as plain text with a notice, never as HTML.
// A bookmark that is not user content opens its page detail instead.
import { Navigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { Descendant } from 'slate'
import { ConfirmButton } from '../components/ConfirmButton'
import { TagEditor } from '../components/TagEditor'
import { formatDate } from '../lib/format-date'
import { BookmarkError, BookmarkNotFound, StarButton } from '../page-detail/BookmarkPageParts'
import { useBookmarkPage } from '../page-detail/use-bookmark-page'
import { ContentEditorPanel } from './ContentEditorPanel'
import { RichTextEditor } from './RichTextEditor'
import { documentFromPlainText } from './content-document'
import { fromContentHtml } from './content-html'
import { useStoredContent } from './use-stored-content'
import { isUserContent } from './user-content'
import './content.css'

/** The notice shown above stored text that could not be read as formatted text. */
export const UNREADABLE_CONTENT_NOTICE =
  'This text could not be read with its formatting, so it is shown as plain text. Editing it saves it as plain text.'

/** Shown while a text's record is here but its words are not (they come with the next sync). */
export const TEXT_NOT_HERE_YET =
  'This text has not reached this device yet. It appears here, ready to edit, once this device syncs.'

/** The page of user content `bookmarkId`. */
export function ContentDetail({ bookmarkId }: { bookmarkId: string }) {
  const { bookmark, error, save, remove } = useBookmarkPage(bookmarkId)
  const userContent = bookmark !== undefined && isUserContent(bookmark)
  const stored = useStoredContent(userContent ? bookmark.url : undefined)
  // The document the editor started from, while editing (autosaves must not reset the editor).
  const [editing, setEditing] = useState<Descendant[] | null>(null)

  const read = useMemo(
    () => (stored.html === undefined ? undefined : fromContentHtml(stored.html)),
    [stored.html],
  )

  if (!bookmark) {
    return <BookmarkNotFound />
  }
  if (!userContent) {
    return <Navigate to="/page/$id" params={{ id: bookmarkId }} replace />
  }

  const document =
    read === undefined ? undefined : read.ok ? read.document : documentFromPlainText(read.plainText)

  return (
    <article className="content-page">
      <header>
        <h1 className="content-title">{bookmark.title || 'Untitled'}</h1>
        <p className="content-meta">
          Written {formatDate(bookmark.createdAt)}
          {bookmark.updatedAt !== undefined && ` · updated ${formatDate(bookmark.updatedAt)}`}
        </p>
        {editing === null && (
          <div className="content-actions">
            <button
              type="button"
              className="button primary"
              disabled={document === undefined}
              onClick={() => setEditing(document ?? null)}
            >
              Edit
            </button>
            <StarButton bookmark={bookmark} onToggle={(isStarred) => save({ isStarred })} />
            <ConfirmButton
              label="Delete text"
              question="Delete this text and its highlights? This cannot be undone."
              confirmLabel="Delete text"
              onConfirm={remove}
            />
          </div>
        )}
        <TagEditor tags={bookmark.tags} subject="text" onChange={(tags) => save({ tags })} />
        <BookmarkError error={error} />
      </header>
      {read !== undefined && !read.ok && (
        <div className="content-notice" role="note">
          <p>{UNREADABLE_CONTENT_NOTICE}</p>
        </div>
      )}
      <section className="content-body" aria-label="Text">
        {editing !== null ? (
          <ContentEditorPanel
            bookmark={bookmark}
            pageContent={stored.metadata}
            initialDocument={editing}
            seedHtml={stored.html ?? ''}
            onDone={() => setEditing(null)}
          />
        ) : stored.bodyMissing ? (
          <p role="status">{TEXT_NOT_HERE_YET}</p>
        ) : document === undefined ? (
          <p role="status">Opening the text…</p>
        ) : (
          <RichTextEditor key={stored.html} initialValue={document} readOnly />
        )}
      </section>
    </article>
  )
}
