// The notifications-list dialog (opened by the bell, addressed as ?dialog=notifications-list).
import { useId } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { NotificationList } from './NotificationList'

/** The notifications dialog. */
export function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} className="notifications-dialog" onClose={onClose}>
      <h2 id={titleId}>Notifications</h2>
      <NotificationList />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
