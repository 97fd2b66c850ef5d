// The reader page (tabs/reader.html): opened by the background for a page handed over by Alt+R,
// named by its `?key=` parameter. See components/reader/ and docs/adr/013-reader.md.
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import { ReaderPage } from '../components/reader/ReaderPage'

document.documentElement.lang = 'en'
document.title = 'Reader'

function Reader() {
  return <ReaderPage handoffKey={new URLSearchParams(location.search).get('key')} />
}

export default Reader
