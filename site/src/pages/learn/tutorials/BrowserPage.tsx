// /tutorials/browser/{browserType}: what Inkmark is in this browser and its articles.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import '../learn.css'
import { itemListData } from '../structured-data'
import { articleAddresses } from './addresses'
import { browserArticles } from './browser-articles'
import { tutorialBrowser, type TutorialBrowser } from './browsers'
import { supportLabel } from './support-label'

function browserOf(props: PageProps): TutorialBrowser {
  const browser = tutorialBrowser(props.params.browserType)
  if (browser === undefined) {
    // The route's isValid keeps unknown browsers out; reaching here is a bug.
    throw new Error(`Unknown tutorial browser: ${props.params.browserType ?? ''}`)
  }
  return browser
}

export function meta(props: PageProps): PageMeta {
  const browser = browserOf(props)
  const articles = browserArticles(browser, articleAddresses())
  return {
    title: `Inkmark in ${browser.name}: Tutorials`,
    description: browser.summary,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Tutorials', path: '/tutorials' },
      { label: 'Browsers', path: '/tutorials/browser' },
      { label: browser.name },
    ],
    structuredData: [
      itemListData(
        `Inkmark tutorials for ${browser.name}`,
        articles.map((article) => ({
          name: article.title,
          path: `/tutorials/browser/${browser.id}/${article.slug}`,
        })),
      ),
    ],
  }
}

/** One browser's tutorials. */
export default function BrowserPage(props: PageProps) {
  const browser = browserOf(props)
  const articles = browserArticles(browser, articleAddresses())
  return (
    <div className="learn-page">
      <h1>Inkmark in {browser.name}</h1>
      <p className="learn-muted">{supportLabel(browser.support)}</p>
      <p className={browser.support === 'supported' ? 'learn-lead' : 'learn-notice'}>
        {browser.summary}
      </p>
      <h2>Tutorials</h2>
      <ul className="learn-list">
        {articles.map((article) => (
          <li key={article.slug} className="ink-card">
            <h3>
              <Link to={`/tutorials/browser/${browser.id}/${article.slug}`}>{article.title}</Link>
            </h3>
            <p>{article.description}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
