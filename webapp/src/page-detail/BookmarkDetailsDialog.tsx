import { Link } from '@tanstack/react-router'
import { ModalDialog } from '../components/ModalDialog'
import { PageDetail } from './PageDetail'

const TITLE_ID = 'bookmark-details-title'

/** The bookmark-details dialog: the page detail over the dashboard ("open as popup"). */
export function BookmarkDetailsDialog({
  bookmarkId,
  onClose,
}: {
  bookmarkId: string
  onClose: () => void
}) {
  return (
    <ModalDialog labelledBy={TITLE_ID} className="bookmark-details-dialog" onClose={onClose}>
      <div className="dialog-actions">
        <Link to="/page/$id" params={{ id: bookmarkId }}>
          Open as page
        </Link>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      <PageDetail key={bookmarkId} bookmarkId={bookmarkId} headingId={TITLE_ID} />
    </ModalDialog>
  )
}
