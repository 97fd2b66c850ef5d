// /successfully-logged-in: where a sign-in that started on the website ends: what to do next.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The signed-in page. */
export default function SignedInPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose">
      <h1>You are signed in</h1>
      <p className="mk-lead">Your account is ready. What next?</p>
      <ul>
        <li>
          <a href={siteConfig.appUrl}>Open your library in the web app</a>
        </li>
        <li>
          Sign in with the same account in the extension’s popup to sync your highlights (Premium,
          Ultimate or the Ultimate trial).
        </li>
        <li>
          <Link to="/install">Install the extension</Link> if you have not yet.
        </li>
        <li>
          <Link to="/pricing">See the plans</Link>
        </li>
      </ul>
    </div>
  )
}

/** The signed-in page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('You are signed in'),
    description:
      'You are signed in to Inkmark: open your library, install the extension or choose a plan.',
    robots: 'noindex, follow',
  }
}
