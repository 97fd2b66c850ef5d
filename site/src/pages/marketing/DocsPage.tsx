// /docs: the documentation index: where to start, the extension's guides, the tutorials and the
// answers (the navigation bar's "Documentation" links here).
import { Link } from '../../app/Link'
import type { PageMeta, PageProps } from '../../app/route-types'
import { siteConfig } from '../../app/site-config'
import { EXTENSION_APPS, pageTitle } from './common/product-facts'
import './common/marketing.css'

/** The documentation index. */
export default function DocsPage(_props: PageProps) {
  return (
    <div className="mk-page">
      <h1>Documentation</h1>
      <p className="mk-lead">Everything about installing and using Inkmark, in one place.</p>
      <div className="mk-grid">
        <section className="mk-card" aria-labelledby="docs-start">
          <h2 id="docs-start">Get started</h2>
          <ul>
            <li>
              <Link to="/install">Install the extension</Link>
            </li>
            <li>
              <Link to="/install/firefox">Install in Firefox, step by step</Link>
            </li>
            <li>
              <a href={siteConfig.appUrl}>Open the web app</a>
            </li>
          </ul>
        </section>
        <section className="mk-card" aria-labelledby="docs-guides">
          <h2 id="docs-guides">Extension guides</h2>
          <ul>
            {EXTENSION_APPS.map((app) => (
              <li key={app.path}>
                <Link to={`/extensions/${app.path}`}>{app.name}</Link> (
                <Link to={`/extensions/${app.path}/welcome`}>first steps</Link>)
              </li>
            ))}
          </ul>
        </section>
        <section className="mk-card" aria-labelledby="docs-tutorials">
          <h2 id="docs-tutorials">Tutorials</h2>
          <ul>
            <li>
              <Link to="/tutorials">All tutorials</Link>
            </li>
            <li>
              <Link to="/tutorials/browser">Inkmark in your browser</Link>
            </li>
            <li>
              <Link to="/tutorials/pdf-web-highlighter">Highlighting PDFs</Link>
            </li>
          </ul>
        </section>
        <section className="mk-card" aria-labelledby="docs-answers">
          <h2 id="docs-answers">Answers and policies</h2>
          <ul>
            <li>
              <Link to="/faq">Frequently asked questions</Link>
            </li>
            <li>
              <Link to="/premium">What the plans include</Link>
            </li>
            <li>
              <Link to="/legal/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  )
}

/** The documentation index's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Documentation'),
    description:
      'Inkmark documentation: installing the extension, first steps with the highlighter, reader mode and YouTube highlighter, tutorials and answers.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Documentation' }],
  }
}
