/** What the dashboard shows before the library holds any page. */
export function EmptyLibrary() {
  return (
    <div className="empty-state">
      <h2>Your library is empty</h2>
      <p>No pages yet. Highlight text with the extension or import your highlights.</p>
    </div>
  )
}
