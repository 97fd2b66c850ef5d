// /partners: the partners from the operator's content (or, outside production, the marked
// sample). The site-core hides the navigation bar on /partners paths.
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import { loadPartners } from '../../../content/partners'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'
import { itemListData } from '../structured-data'

export function meta(): PageMeta {
  return {
    title: 'Inkmark Partners',
    description: 'Organisations that work with Inkmark, and what Inkmark offers their communities.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Partners' }],
    structuredData: [
      itemListData(
        'Inkmark partners',
        loadPartners().map((partner) => ({ name: partner.name, path: `/partners/${partner.id}` })),
      ),
    ],
  }
}

/** The partners index. */
export default function PartnersPage() {
  const partners = loadPartners()
  return (
    <div className="learn-page">
      <h1>Partners</h1>
      <p className="learn-lead">Organisations that work with Inkmark.</p>
      {partners.length === 0 ? (
        <div className="ink-card learn-empty">
          <h2>No partners listed yet</h2>
          <p>
            Partner pages appear here once a partnership is agreed.{' '}
            <Link to="/">Back to Inkmark</Link>
          </p>
        </div>
      ) : (
        <ul className="learn-list">
          {partners.map((partner) => (
            <li key={partner.id} className="ink-card">
              <h2>
                <Link to={`/partners/${partner.id}`}>{partner.name}</Link>
                {partner.isSample ? <SampleBadge /> : null}
              </h2>
              <p>{partner.description}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
