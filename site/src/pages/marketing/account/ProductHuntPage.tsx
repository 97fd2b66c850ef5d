// /redirect/product-hunt: the server redirects to the operator's Product Hunt page; this page is
// what a visitor sees without that redirect: the link when it is set, else the way home.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { productHuntUrl } from '../../../content'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The Product Hunt link page. */
export default function ProductHuntPage(_props: PageProps) {
  const url = productHuntUrl()
  return (
    <div className="mk-page mk-prose">
      <h1>Inkmark on Product Hunt</h1>
      {url === null ? (
        <p>
          Inkmark has no Product Hunt page to show here. <Link to="/">Go to the home page</Link>
        </p>
      ) : (
        <p>
          <a href={url} rel="noopener noreferrer">
            Continue to Inkmark on Product Hunt
          </a>
        </p>
      )}
    </div>
  )
}

/** The page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Product Hunt'),
    description: 'Inkmark on Product Hunt.',
    robots: 'noindex, follow',
  }
}
