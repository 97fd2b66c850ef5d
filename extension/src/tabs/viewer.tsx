// The PDF viewer page (tabs/viewer.html?file=<address>): PDFs from the web and local files open
// here instead of the browser's viewer (service/pdf-intercept.ts), to be highlighted. See
// components/pdf/ and docs/adr/014-pdf.md.
import '@inkmark/design/tokens.css'
import { PdfViewerPage } from '../components/pdf/PdfViewerPage'

document.documentElement.lang = 'en'
document.title = 'PDF'

function Viewer() {
  return <PdfViewerPage pageUrl={location.href} />
}

export default Viewer
