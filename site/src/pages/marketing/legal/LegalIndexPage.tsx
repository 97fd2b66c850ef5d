// /legal: the legal pages.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

const LEGAL_PAGES: readonly { path: string; name: string; text: string }[] = [
  {
    path: '/legal/privacy-policy',
    name: 'Privacy policy',
    text: 'What Inkmark stores on your device, what it sends and to whom.',
  },
  {
    path: '/legal/terms-of-service',
    name: 'Terms of service',
    text: 'The terms for using the extension, the web app and the paid plans.',
  },
  { path: '/legal/imprint', name: 'Imprint', text: 'Who operates Inkmark and how to reach them.' },
]

/** The legal index. */
export default function LegalIndexPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose">
      <h1>Legal</h1>
      <ul>
        {LEGAL_PAGES.map((page) => (
          <li key={page.path}>
            <Link to={page.path}>{page.name}</Link>: {page.text}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The legal index's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Legal'),
    description: 'Inkmark’s privacy policy, terms of service and imprint.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Legal' }],
  }
}
