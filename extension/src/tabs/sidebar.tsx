// The sidebar page: framed by the content script on a page (guest/sidebar-host.ts), it shows the
// library for the page named by its `?url=` parameter and asks its parent to close it.
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import { Sidebar } from '../components/sidebar/Sidebar'
import { isFramed, postToHost } from '../pages/frame-link'
import { pageUrlFromSearch } from '../pages/sidebar-protocol'

document.documentElement.lang = 'en'
document.title = 'Inkmark sidebar'

function closeSidebar(): void {
  if (isFramed()) {
    // Over the line only our content script holds: a page cannot fake it, nor hear it.
    postToHost({ type: 'close' })
  } else {
    window.close()
  }
}

function SidebarPage() {
  return <Sidebar pageUrl={pageUrlFromSearch(location.search)} onClose={closeSidebar} />
}

export default SidebarPage
