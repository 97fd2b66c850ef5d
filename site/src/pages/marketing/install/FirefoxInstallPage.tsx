// /install/firefox: installing the Firefox add-on step by step, including the site access that
// Firefox lets the person grant or withhold for Manifest V3 add-ons (ADR 050).
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The Firefox install guide. */
export default function FirefoxInstallPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose">
      <h1>Install Inkmark in Firefox</h1>
      <div className="mk-actions">
        <InstallButton browser="firefox" isPrimary />
      </div>
      <ol className="mk-steps">
        <li>
          Open Inkmark on{' '}
          <a href={siteConfig.storeUrls.firefox} target="_blank" rel="noopener noreferrer">
            Firefox Add-ons
          </a>{' '}
          (the button above) and choose <strong>Add to Firefox</strong>.
        </li>
        <li>
          Firefox lists what the add-on may do. Choose <strong>Add</strong>. Inkmark needs access to
          the websites you visit to show and save your highlights there.
        </li>
        <li>
          Pin it: open the Extensions button (the puzzle piece) in the toolbar, then the gear next
          to Inkmark, and choose <strong>Pin to Toolbar</strong>.
        </li>
        <li>
          If highlights do not appear on pages, open <strong>Add-ons and themes</strong> (
          <span className="mk-kbd">Ctrl+Shift+A</span>), choose Inkmark, open{' '}
          <strong>Permissions</strong> and turn on access to your data for all websites.
        </li>
        <li>
          Open any article, select some text and press <span className="mk-kbd">Alt+S</span> to
          highlight it.
        </li>
      </ol>
      <p>
        Next: <Link to="/extensions/pdf-web-highlighter/welcome">your first steps</Link> ·{' '}
        <Link to="/install">other browsers</Link>
      </p>
    </div>
  )
}

/** The Firefox guide's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Install in Firefox'),
    description:
      'How to install the Inkmark add-on in Firefox, pin it to the toolbar and allow it on the websites you read.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Install', path: '/install' },
      { label: 'Firefox' },
    ],
  }
}
