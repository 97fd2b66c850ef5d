// The bookmark detail page (/page/{id}): the page with its star, Share (the share dialog), Save as
// PDF (the misc server, ADR 065), Export (to Notion or Capacities, ADR 067), tags and delete, its
// AI summary (a video's from its transcript), and the tabs notebook (its highlights), reader and
// AI chat (while the relay's isAiChatEnabled flag allows it). Deleting goes through the store,
// which applies the spec's cascades; when that removes this page, the library is shown instead.
import { getSiteInfo, SiteIcon } from '@inkmark/design'
import {
  BookmarkType,
  Permission,
  countLabel,
  isShareablePage,
  type Bookmark,
} from '@inkmark/shared'
import { Link, Navigate, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { PageChatPanel } from '../ai-chat/PageChatPanel'
import { useAiChatEnabled } from '../ai-chat/use-ai-chat-enabled'
import { ConfirmButton } from '../components/ConfirmButton'
import { TagEditor } from '../components/TagEditor'
import { Tabs } from '../components/Tabs'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'
import { ExportMenu } from '../integrations/ExportMenu'
import { usePageExport } from '../integrations/use-page-export'
import { useLibraryQuery } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { formatDate } from '../lib/format-date'
import { MISC_ADDRESS } from '../misc/misc-client'
import { SavePdfButton } from '../misc/SavePdfButton'
import { isPdfBookmark } from '../pdf/pdf-bookmark'
import { ReaderTabPanel } from '../reader/ReaderTabPanel'
import { ShareButton } from '../sharing/ShareButton'
import { BookmarkError, BookmarkNotFound, StarButton } from './BookmarkPageParts'
import { Notebook } from './Notebook'
import { PageActionsMenu } from './PageActionsMenu'
import { useBookmarkPage } from './use-bookmark-page'
import { useLinkedMark } from './use-linked-mark'
import './page-detail.css'

/** The detail page of bookmark `bookmarkId`; `headingId` names its heading (for a dialog). */
export function PageDetail({ bookmarkId, headingId }: { bookmarkId: string; headingId?: string }) {
  const { bookmark, error, setError, save, remove } = useBookmarkPage(bookmarkId)
  const marks = useLibraryQuery((library) => library.getMarksForBookmark(bookmarkId), [bookmarkId])
  const [tab, setTab] = useState('notebook')
  const chatEnabled = useAiChatEnabled()
  const hash = useLocation({ select: (location) => location.hash })
  const pageExport = usePageExport(bookmark, marks)
  const onExport = MISC_ADDRESS === undefined ? undefined : pageExport.startExport

  // A link to one highlight (#mark-{id}) shows that highlight.
  useLinkedMark(hash, marks.length > 0)

  if (!bookmark) {
    return <BookmarkNotFound headingId={headingId} />
  }

  if (bookmark.type === BookmarkType.CONTENT_TEXT) {
    // Text the person wrote has its own page, with its editor (ADR 019).
    return <Navigate to="/content/$id" params={{ id: bookmarkId }} replace />
  }

  const webUrl = toWebUrl(bookmark.url)
  const title = bookmark.title || bookmark.url
  return (
    <article className="page-detail">
      <header className="page-header">
        <p className="page-site">
          <SiteIcon url={bookmark.url} />
          <span>{getSiteInfo(bookmark.url).host}</span>
        </p>
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
          <StarButton bookmark={bookmark} onToggle={(isStarred) => save({ isStarred })} />
          {isShareablePage(bookmark) && (
            <ShareButton bookmark={bookmark} marks={marks} label="Share" />
          )}
          <SavePdfButton url={bookmark.url} title={title} />
          {onExport !== undefined && <ExportMenu onExport={onExport} />}
          <PageActionsMenu
            bookmark={bookmark}
            onStar={(isStarred) => save({ isStarred })}
            {...(onExport === undefined ? {} : { onExport })}
          />
          <ConfirmButton
            label="Delete page"
            question={`Delete this page and its ${countLabel(marks.length, 'highlight')}?`}
            confirmLabel="Delete page and highlights"
            onConfirm={remove}
          />
        </div>
        <TagEditor tags={bookmark.tags} subject="page" onChange={(tags) => save({ tags })} />
        <BookmarkError error={error} />
        {pageExport.dialog}
      </header>
      <AiSummaryPanel
        bookmarkId={bookmark._id}
        url={bookmark.url}
        title={title}
        saved={bookmark.aiSummary}
        marks={marks}
      />
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
          ...(chatEnabled
            ? [
                {
                  id: 'ai-chat',
                  label: 'AI chat',
                  panel: <PageChatPanel bookmark={bookmark} marks={marks} />,
                },
              ]
            : []),
        ]}
      />
    </article>
  )
}

// The visibility in the page's meta line; Share (the share dialog) changes it.
function visibilityLabel(permission: Bookmark['permission']): string {
  return permission === Permission.PUBLIC
    ? 'Public'
    : permission === Permission.PUBLIC_LINK
      ? 'Anyone with the link'
      : 'Private'
}
