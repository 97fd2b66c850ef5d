import { useDialog } from './use-dialog'

/** What the dashboard shows before the library holds any page. */
export function EmptyLibrary() {
  const { openDialog } = useDialog()
  return (
    <div className="empty-state">
      <h2>Your library is empty</h2>
      <p>No pages yet. Highlight text with the extension or import your highlights.</p>
      <button type="button" className="button" onClick={() => openDialog('add-content')}>
        Add your first page or text
      </button>
    </div>
  )
}
