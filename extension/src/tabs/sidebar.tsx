// The sidebar page: framed by the content script on a page (guest/sidebar-host.ts), it shows the
// library for the page named by its `?url=` parameter and asks its parent to close it.
import { Sidebar } from '../components/sidebar/Sidebar'
import { SIDEBAR_CLOSE_CHANNEL, pageUrlFromSearch } from '../pages/sidebar-protocol'

document.documentElement.lang = 'en'
document.title = 'Inkmark sidebar'

function closeSidebar(): void {
  if (window.parent !== window) {
    // Nothing secret in a request to close; the host checks it comes from its own frame.
    window.parent.postMessage({ channel: SIDEBAR_CLOSE_CHANNEL }, '*')
  } else {
    window.close()
  }
}

function SidebarPage() {
  return <Sidebar pageUrl={pageUrlFromSearch(location.search)} onClose={closeSidebar} />
}

export default SidebarPage
