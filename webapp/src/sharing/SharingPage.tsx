// /sharing: the pages this library shares (bookmarks that are PUBLIC or PUBLIC_LINK in the local
// store), each with its visibility, its link (copy), its likes when the relay answers GET /sharing,
// and Manage (the share dialog). Local first: the list is there offline and signed out; the relay's
// answer only adds what the relay alone knows (likes, whether it publishes the page now, whether its
// operator hid it, whether the plan allows sharing at all). Manage always opens the dialog here:
// every page listed is shared, and stopping is always allowed.
import { Button, EmptyState } from '@inkmark/design'
import { Permission, countLabel, isSharedPermission, type Bookmark } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useLibraryQuery } from '../library/LibraryProvider'
import { formatDate } from '../lib/format-date'
import { ShareDialog, useCopyShareLink } from './ShareDialog'
import { useShareGate } from './ShareButton'
import type { ShareBlocker } from './share-dialog-model'
import { shareLinkOf } from './share-link'
import { fetchPublishedPages, type PublishedPage } from './sharing-api'
import './sharing.css'

/** What the relay said about the caller's published pages. */
type RelayView =
  | { kind: 'loading' }
  | { kind: 'answered'; pages: Map<string, PublishedPage>; shareAllowed: boolean }
  | { kind: 'unavailable' }

/** The relay's view of the caller's published pages (unavailable signed out or offline). */
function usePublishedPages(token: string | undefined, sharedCount: number): RelayView {
  const [view, setView] = useState<RelayView>({ kind: 'loading' })
  useEffect(() => {
    if (token === undefined) {
      setView({ kind: 'unavailable' })
      return
    }
    let current = true
    fetchPublishedPages(token).then(
      ({ pages, shareAllowed }) =>
        current &&
        setView({
          kind: 'answered',
          pages: new Map(pages.map((page) => [page.shareId, page])),
          shareAllowed,
        }),
      () => current && setView({ kind: 'unavailable' }),
    )
    return () => {
      current = false
    }
    // Asked again when the number of shared pages changes (shared or unshared from the dialog).
  }, [token, sharedCount])
  return view
}

/** What the relay says of one listed page, after its visibility and date ('' when unknown). */
function relayStateOf(
  page: PublishedPage | undefined,
  shareAllowed: boolean,
): { text: string; live: boolean } {
  if (page?.hidden === true) {
    return { text: ' · Hidden by the server’s operator', live: false }
  }
  if (!shareAllowed) {
    return { text: ' · not public now', live: false }
  }
  if (page === undefined || !page.live) {
    return { text: ' · not live yet (waiting for sync)', live: false }
  }
  return { text: ` · ${countLabel(page.likes, 'like')}`, live: true }
}

function visibilityOf(bookmark: Bookmark): string {
  return bookmark.permission === Permission.PUBLIC ? 'Public' : 'Anyone with the link'
}

/** The /sharing screen. */
export function SharingPage() {
  const { session } = useSession()
  const shared = useLibraryQuery(
    (library) =>
      library
        .getAllBookmarks()
        .filter((bookmark) => isSharedPermission(bookmark.permission))
        .sort((a, b) => (b.sharedAt ?? b.createdAt) - (a.sharedAt ?? a.createdAt)),
    [],
  )
  const relay = usePublishedPages(session?.token, shared.length)
  const gate = useShareGate()
  // Held here, not in the list item: stopping sharing removes the item, and the dialog stays open
  // to say that it worked.
  const [managedId, setManagedId] = useState<string>()
  return (
    <div className="sharing-page">
      <h1>Sharing</h1>
      {shared.length === 0 ? (
        <EmptyState
          icon="🔗"
          title="You are not sharing any pages"
          action={
            <Link to="/" className="ink-button ink-button--primary ink-button--md">
              Go to your library
            </Link>
          }
        >
          <p>
            Open a page from your library and choose Share: anyone with the link can read the
            highlights you pick, or make it public to list it in explore and the discover feed. Your
            notes stay private unless you show them.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="sharing-summary">
            You share {countLabel(shared.length, 'page')}.
            {relay.kind === 'unavailable' &&
              (session === null
                ? ' Sign in to see their likes and publish changes.'
                : ' The relay cannot be reached: likes are not shown.')}
            {relay.kind === 'answered' &&
              !relay.shareAllowed &&
              ' Your plan does not include sharing: these pages are not public now.'}
          </p>
          <ul className="sharing-list">
            {shared.map((bookmark) => (
              <SharedPageItem
                key={bookmark._id}
                bookmark={bookmark}
                relay={relay}
                onManage={() => gate.open(bookmark, () => setManagedId(bookmark._id))}
              />
            ))}
          </ul>
        </>
      )}
      {managedId !== undefined && (
        <ManagedShareDialog
          bookmarkId={managedId}
          relay={relay}
          blocker={gate.blocker}
          onClose={() => setManagedId(undefined)}
        />
      )}
    </div>
  )
}

/** Whether GET /sharing listed `bookmark`'s share id as live. */
function isListedLive(relay: RelayView, bookmark: Bookmark): boolean {
  if (relay.kind !== 'answered' || bookmark.shareId === undefined) {
    return false
  }
  return relayStateOf(relay.pages.get(bookmark.shareId), relay.shareAllowed).live
}

function ManagedShareDialog({
  bookmarkId,
  relay,
  blocker,
  onClose,
}: {
  bookmarkId: string
  relay: RelayView
  blocker: ShareBlocker | undefined
  onClose: () => void
}) {
  const bookmark = useLibraryQuery((library) => library.getBookmark(bookmarkId), [bookmarkId])
  const marks = useLibraryQuery((library) => library.getMarksForBookmark(bookmarkId), [bookmarkId])
  if (bookmark === undefined) {
    return null
  }
  return (
    <ShareDialog
      bookmark={bookmark}
      marks={marks}
      blocker={blocker}
      knownLive={isListedLive(relay, bookmark)}
      isOpen
      onClose={onClose}
    />
  )
}

function SharedPageItem({
  bookmark,
  relay,
  onManage,
}: {
  bookmark: Bookmark
  relay: RelayView
  onManage: () => void
}) {
  const copyLink = useCopyShareLink()
  const title = bookmark.title || bookmark.url
  const shareId = bookmark.shareId
  const state =
    relay.kind === 'answered'
      ? relayStateOf(
          shareId === undefined ? undefined : relay.pages.get(shareId),
          relay.shareAllowed,
        )
      : undefined
  return (
    <li className="sharing-item" data-bookmark-id={bookmark._id}>
      <h2 className="sharing-item__title">
        <Link to="/page/$id" params={{ id: bookmark._id }}>
          {title}
        </Link>
      </h2>
      <p className="sharing-item__meta">
        <span data-testid="sharing-visibility">{visibilityOf(bookmark)}</span>
        {bookmark.sharedAt !== undefined && ` · shared ${formatDate(bookmark.sharedAt)}`}
        {state?.text}
      </p>
      {shareId !== undefined && (
        <p className="sharing-item__link">
          {/* A link only once the relay listed it live; otherwise the address as text. */}
          {state?.live === true ? (
            <a href={shareLinkOf(shareId)} target="_blank" rel="noopener noreferrer">
              {shareLinkOf(shareId)}
            </a>
          ) : (
            shareLinkOf(shareId)
          )}
        </p>
      )}
      <div className="sharing-item__actions">
        {shareId !== undefined && (
          <Button
            variant="secondary"
            aria-label={`Copy link: ${title}`}
            onPress={() => copyLink(shareId)}
          >
            Copy link
          </Button>
        )}
        <Button variant="secondary" aria-label={`Manage sharing: ${title}`} onPress={onManage}>
          Manage
        </Button>
      </div>
    </li>
  )
}
