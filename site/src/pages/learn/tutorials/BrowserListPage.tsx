// /tutorials/browser: every tutorial browser and how far Inkmark goes in it.
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import '../learn.css'
import { itemListData } from '../structured-data'
import { TUTORIAL_BROWSERS } from './browsers'
import { supportLabel } from './support-label'

export function meta(): PageMeta {
  return {
    title: 'Inkmark Tutorials by Browser: Chrome, Firefox, Edge and More',
    description:
      'Inkmark runs in Chrome, Edge and Firefox. See the tutorials for your browser, and what to use in Safari, Opera, Brave, DuckDuckGo and Vivaldi.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Tutorials', path: '/tutorials' },
      { label: 'Browsers' },
    ],
    structuredData: [
      itemListData(
        'Inkmark tutorials by browser',
        TUTORIAL_BROWSERS.map((browser) => ({
          name: `Inkmark in ${browser.name}`,
          path: `/tutorials/browser/${browser.id}`,
        })),
      ),
    ],
  }
}

/** The list of tutorial browsers. */
export default function BrowserListPage() {
  return (
    <div className="learn-page">
      <h1>Tutorials by browser</h1>
      <p className="learn-lead">
        Inkmark&apos;s extension is made for Chrome, Edge and Firefox. Pick your browser.
      </p>
      <ul className="learn-list">
        {TUTORIAL_BROWSERS.map((browser) => (
          <li key={browser.id} className="ink-card">
            <h2>
              <Link to={`/tutorials/browser/${browser.id}`}>{browser.name}</Link>
            </h2>
            <p className="learn-muted">{supportLabel(browser.support)}</p>
            <p>{browser.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
