// /extensions: the three tools of the one Inkmark extension, each with its page and install page.
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { EXTENSION_APPS, pageTitle, softwareApplicationData } from '../common/product-facts'
import '../common/marketing.css'

/** The extensions overview. */
export default function ExtensionsPage(_props: PageProps) {
  return (
    <div className="mk-page">
      <h1>The Inkmark extension</h1>
      <p className="mk-lead">
        One extension for Chrome, Edge and Firefox with three tools. Install it once and all three
        are there.
      </p>
      <ul className="mk-grid">
        {EXTENSION_APPS.map((app) => (
          <li key={app.path} className="mk-card">
            <h2>{app.name}</h2>
            <p>{app.summary}</p>
            <p>
              <Link to={`/extensions/${app.path}`}>More about {app.name}</Link>
            </p>
          </li>
        ))}
      </ul>
      <div className="mk-actions">
        <InstallButton isPrimary />
        <Link to="/install">All browsers</Link>
      </div>
    </div>
  )
}

/** The overview's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Extensions'),
    description:
      'The Inkmark extension for Chrome, Edge and Firefox: the PDF & web highlighter, reader mode and the YouTube highlighter in one install.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Extensions' }],
    structuredData: [softwareApplicationData(siteConfig.siteOrigin)],
  }
}
