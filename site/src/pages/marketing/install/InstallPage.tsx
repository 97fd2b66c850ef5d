// /install: the install button for the visitor's browser (the InstallButton picks it after
// hydration; Chrome in the HTML), a button per supported browser, and what is true for the others.
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { OTHER_BROWSERS, SUPPORTED_BROWSERS, pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The install page. */
export default function InstallPage(_props: PageProps) {
  return (
    <div className="mk-page">
      <h1>Install Inkmark</h1>
      <p className="mk-lead">
        One free extension with the web and PDF highlighter, reader mode and the YouTube
        highlighter. No account needed.
      </p>
      <section aria-labelledby="install-yours">
        <h2 id="install-yours">For this browser</h2>
        <div className="mk-actions">
          <InstallButton isPrimary />
        </div>
      </section>
      <section aria-labelledby="install-all">
        <h2 id="install-all">Every supported browser</h2>
        <ul className="mk-grid">
          {SUPPORTED_BROWSERS.map((browser) => (
            <li key={browser.id} className="mk-card">
              <h3>{browser.name}</h3>
              <InstallButton browser={browser.id} />
              {browser.id === 'firefox' && (
                <p>
                  <Link to="/install/firefox">Step-by-step Firefox guide</Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="install-other">
        <h2 id="install-other">Other browsers</h2>
        <dl className="mk-prose">
          {OTHER_BROWSERS.map((browser) => (
            <div key={browser.name}>
              <dt>
                <strong>{browser.name}</strong>
              </dt>
              <dd>{browser.answer}</dd>
            </div>
          ))}
        </dl>
        <p>
          On a phone or tablet there is no extension; <Link to="/faq#browsers">the web app</Link>{' '}
          works in the browser there.
        </p>
      </section>
    </div>
  )
}

/** The install page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Install the extension'),
    description:
      'Install Inkmark for Chrome, Edge or Firefox: the free web and PDF highlighter with reader mode and the YouTube highlighter.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Install' }],
  }
}
