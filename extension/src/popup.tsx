import { planDisplayName, resolvePlan } from '@inkmark/shared'

/** The toolbar popup: the page's highlights and the sync state will show here. */
function Popup() {
  return (
    <main style={{ minWidth: 280, padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 18, margin: 0 }}>Inkmark</h1>
      <p>Plan: {planDisplayName(resolvePlan(null, 0))}</p>
      <p>Select text on a page to highlight it.</p>
    </main>
  )
}

export default Popup
