// /auth and /auth/{segment}: signing in happens in the web app, where accounts live; this page says
// so and links to its sign-in and sign-up pages.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The sign-in page of the website. */
export default function AuthPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose">
      <h1>Sign in to Inkmark</h1>
      <p className="mk-lead">
        Your account lives in the Inkmark web app. Sign in there, or create a free account.
      </p>
      <div className="mk-actions">
        <a
          className="ink-button ink-button--primary ink-button--md"
          href={`${siteConfig.appUrl}/login`}
        >
          Sign in
        </a>
        <a
          className="ink-button ink-button--secondary ink-button--md"
          href={`${siteConfig.appUrl}/sign-up`}
        >
          Create an account
        </a>
      </div>
      <p>
        You do not need an account to use Inkmark: your library is kept in your browser. An account
        adds sync between your devices and sharing. In the extension, sign in from its popup.
      </p>
      <p>
        <Link to="/faq#account">Why have an account?</Link>
      </p>
    </div>
  )
}

/** The sign-in page's metadata (not for search engines: it only points to the app). */
export function meta(props: PageProps): PageMeta {
  return {
    title: pageTitle('Sign in'),
    description: 'Sign in to Inkmark or create a free account in the web app.',
    canonicalPath: '/auth',
    robots: props.path === '/auth' ? 'index, follow' : 'noindex, follow',
  }
}
