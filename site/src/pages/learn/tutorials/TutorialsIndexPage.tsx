// /tutorials: the two kinds of tutorial, by browser and for PDFs.
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import '../learn.css'
import { itemListData } from '../structured-data'
import { TUTORIAL_BROWSERS } from './browsers'

const SECTIONS = [
  {
    name: 'Tutorials by browser',
    path: '/tutorials/browser',
    text: 'Install Inkmark, highlight pages and PDFs, use the sidebar and the shortcuts, in your browser.',
  },
  {
    name: 'PDF highlighter tutorials',
    path: '/tutorials/pdf-web-highlighter',
    text: 'Highlight PDFs from the web and from your computer, in the extension or the web app.',
  },
] as const

export function meta(): PageMeta {
  return {
    title: 'Inkmark Tutorials: Highlight Web Pages and PDFs',
    description:
      'Step-by-step tutorials for Inkmark: install it in your browser, highlight web pages and PDFs, use the sidebar and the keyboard shortcuts.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Tutorials' }],
    structuredData: [itemListData('Inkmark tutorials', SECTIONS)],
  }
}

/** The tutorials index. */
export default function TutorialsIndexPage() {
  return (
    <div className="learn-page">
      <h1>Tutorials</h1>
      <p className="learn-lead">How to get the most out of Inkmark, step by step.</p>
      <ul className="learn-list">
        {SECTIONS.map((section) => (
          <li key={section.path} className="ink-card">
            <h2>
              <Link to={section.path}>{section.name}</Link>
            </h2>
            <p>{section.text}</p>
          </li>
        ))}
      </ul>
      <h2>Pick your browser</h2>
      <ul className="learn-links">
        {TUTORIAL_BROWSERS.map((browser) => (
          <li key={browser.id}>
            <Link to={`/tutorials/browser/${browser.id}`}>{browser.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
