// The bookmark detail page (/page/{id}): the page with its star, tags and delete, and the tabs
// notebook (its highlights), reader and AI chat. Deleting goes through the store, which applies
// the spec's cascades; when that removes this page, the library is shown instead.
import { BookmarkType, Message, ObjectStore, Permission, type Bookmark } from '@inkmark/shared'
import { Link, Navigate, useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ConfirmButton } from '../components/ConfirmButton'
import { TagEditor } from '../components/TagEditor'
import { Tabs } from '../components/Tabs'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { formatDate } from '../lib/format-date'
import { isPdfBookmark } from '../pdf/pdf-bookmark'
import { ReaderTabPanel } from '../reader/ReaderTabPanel'
import { Notebook } from './Notebook'
import './page-detail.css'

/** The detail page of bookmark `bookmarkId`; `headingId` names its heading (for a dialog). */
export function PageDetail({ bookmarkId, headingId }: { bookmarkId: string; headingId?: string }) {
  const store = useLocalStore()
  const navigate = useNavigate()
  const bookmark = useLibraryQuery((library) => library.getBookmark(bookmarkId), [bookmarkId])
  const marks = useLibraryQuery((library) => library.getMarksForBookmark(bookmarkId), [bookmarkId])
  const [tab, setTab] = useState('notebook')
  const [error, setError] = useState('')
  const wasShown = useRef(false)
  const hash = useLocation({ select: (location) => location.hash })

  useEffect(() => {
    if (bookmark) {
      wasShown.current = true
    } else if (wasShown.current) {
      // This page was removed while open (deleted here, or by sync): back to the library.
      void navigate({ to: '/' })
    }
  }, [bookmark, navigate])

  // A link to one highlight (#mark-{id}, from search or the highlights list) shows that highlight.
  const hasMarks = marks.length > 0
  useEffect(() => {
    if (hash !== '' && hasMarks) {
      document.getElementById(hash)?.scrollIntoView({ block: 'center' })
    }
  }, [hash, hasMarks])

  if (!bookmark) {
    return (
      <div className="notice" role="alert">
        <h1 id={headingId}>Page not found</h1>
        <p>{Message.PAGE_NOT_FOUND_IN_APP}</p>
        <p>
          <Link to="/">Back to your library</Link>
        </p>
      </div>
    )
  }

  if (bookmark.type === BookmarkType.CONTENT_TEXT) {
    // Text the person wrote has its own page, with its editor (ADR 019).
    return <Navigate to="/content/$id" params={{ id: bookmarkId }} replace />
  }

  function save(changes: Partial<Bookmark>) {
    if (!bookmark) {
      return
    }
    setError('')
    store
      .createOrUpdateEntities([{ ...bookmark, ...changes, _objectStore: ObjectStore.BOOKMARKS }])
      .then(({ rejected }) => setError(rejected[0]?.message ?? ''))
      .catch(() => setError(Message.GENERIC_ERROR))
  }

  function deletePage() {
    store
      .markEntitiesAsDeleted([{ _id: bookmarkId, _objectStore: ObjectStore.BOOKMARKS }])
      .catch(() => setError(Message.GENERIC_ERROR))
  }

  const webUrl = toWebUrl(bookmark.url)
  const title = bookmark.title || bookmark.url
  return (
    <article className="page-detail">
      <header className="page-header">
        <h1 id={headingId}>{title}</h1>
        <p className="page-url">
          {webUrl ? (
            <a href={webUrl} target="_blank" rel="noopener noreferrer">
              {bookmark.url}
            </a>
          ) : (
            bookmark.url
          )}
        </p>
        {isPdfBookmark(bookmark) && (
          <p>
            <Link to="/pdf/$id" params={{ id: bookmark._id }}>
              Open the PDF
            </Link>
          </p>
        )}
        <p className="page-meta">
          Saved {formatDate(bookmark.createdAt)}
          {bookmark.updatedAt !== undefined && ` · updated ${formatDate(bookmark.updatedAt)}`}
          {` · ${visibilityLabel(bookmark.permission)}`}
        </p>
        <div className="page-actions">
          <button
            type="button"
            className="button"
            aria-pressed={bookmark.isStarred}
            onClick={() => save({ isStarred: !bookmark.isStarred })}
          >
            <span aria-hidden="true">{bookmark.isStarred ? '★' : '☆'}</span> Star
          </button>
          <ConfirmButton
            label="Delete page"
            question={`Delete this page and its ${marks.length} ${marks.length === 1 ? 'highlight' : 'highlights'}?`}
            confirmLabel="Delete page and highlights"
            onConfirm={deletePage}
          />
        </div>
        <TagEditor tags={bookmark.tags} subject="page" onChange={(tags) => save({ tags })} />
        {error !== '' && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </header>
      <Tabs
        label="Page views"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'notebook',
            label: `Notebook (${marks.length})`,
            panel: <Notebook bookmark={bookmark} marks={marks} onError={setError} />,
          },
          { id: 'reader', label: 'Reader', panel: <ReaderTabPanel url={bookmark.url} /> },
          { id: 'ai-chat', label: 'AI chat', panel: <NotAvailableYet feature="AI chat" /> },
        ]}
      />
    </article>
  )
}

// Sharing (changing the visibility) needs an account and a plan that allows it: shown, not edited.
function visibilityLabel(permission: Bookmark['permission']): string {
  return permission === Permission.PUBLIC
    ? 'Public'
    : permission === Permission.PUBLIC_LINK
      ? 'Shared by link'
      : 'Private'
}

function NotAvailableYet({ feature }: { feature: string }) {
  return (
    <div className="notice-inline">
      <h2>Not available yet</h2>
      <p>{feature} is not available in the web app yet. Your highlights are in the notebook.</p>
    </div>
  )
}
