// /extensions/{app}/install: installing the extension for one tool, per supported browser.
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { SUPPORTED_BROWSERS, pageTitle } from '../common/product-facts'
import { appOfProps } from './extension-route'
import '../common/marketing.css'

/** A tool's install page. */
export default function ExtensionInstallPage(props: PageProps) {
  const app = appOfProps(props)
  return (
    <div className="mk-page mk-prose">
      <h1>Install {app.name}</h1>
      <p className="mk-lead">{app.name} comes with the Inkmark extension. Pick your browser:</p>
      <ul className="mk-actions mk-plain-list">
        {SUPPORTED_BROWSERS.map((browser) => (
          <li key={browser.id}>
            <InstallButton browser={browser.id} appType={app.appType} />
          </li>
        ))}
      </ul>
      <ol className="mk-steps">
        <li>Choose your browser’s button; the browser’s add-on store opens.</li>
        <li>Add the extension and confirm what it may access.</li>
        <li>Pin Inkmark to the toolbar so its popup is one click away.</li>
      </ol>
      <p>
        Then: <Link to={`/extensions/${app.path}/welcome`}>first steps</Link>. Using Firefox? See{' '}
        <Link to="/install/firefox">the Firefox guide</Link>. Safari, Opera, Brave, Vivaldi or
        DuckDuckGo? <Link to="/install">What works there</Link>.
      </p>
    </div>
  )
}

/** The install page's metadata. */
export function meta(props: PageProps): PageMeta {
  const app = appOfProps(props)
  return {
    title: pageTitle(`Install ${app.name}`),
    description: `Install Inkmark ${app.name} for Chrome, Edge or Firefox, free, with no account needed.`,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Extensions', path: '/extensions' },
      { label: app.name, path: `/extensions/${app.path}` },
      { label: 'Install' },
    ],
  }
}
