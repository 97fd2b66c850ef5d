// /tutorials/pdf-web-highlighter: the PDF tutorials.
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import '../learn.css'
import { itemListData } from '../structured-data'
import { articleAddresses } from './addresses'
import { pdfArticles } from './pdf-articles'

export function meta(): PageMeta {
  return {
    title: 'PDF Highlighter Tutorials | Inkmark',
    description:
      'Highlight PDFs with Inkmark: PDFs on the web and on your computer in the extension, and uploaded PDFs in the web app.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Tutorials', path: '/tutorials' },
      { label: 'PDF highlighter' },
    ],
    structuredData: [
      itemListData(
        'Inkmark PDF tutorials',
        pdfArticles(articleAddresses()).map((article) => ({
          name: article.title,
          path: `/tutorials/pdf-web-highlighter/${article.slug}`,
        })),
      ),
    ],
  }
}

/** The list of PDF tutorials. */
export default function PdfTutorialsPage() {
  return (
    <div className="learn-page">
      <h1>PDF highlighter tutorials</h1>
      <p className="learn-lead">
        Inkmark highlights PDFs in its own viewer: in the extension for PDFs you open in your
        browser, and in the web app for PDFs you upload.
      </p>
      <ul className="learn-list">
        {pdfArticles(articleAddresses()).map((article) => (
          <li key={article.slug} className="ink-card">
            <h2>
              <Link to={`/tutorials/pdf-web-highlighter/${article.slug}`}>{article.title}</Link>
            </h2>
            <p>{article.description}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
