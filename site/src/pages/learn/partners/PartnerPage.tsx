// /partners/{partnerName}: one partner's page: who they are, the offer, Inkmark's install button.
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { loadPartners, type Partner } from '../../../content/partners'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'

/** The partner with this id in this build, or undefined. */
export function partnerById(id: string | undefined): Partner | undefined {
  return loadPartners().find((partner) => partner.id === id)
}

function partnerOf(props: PageProps): Partner {
  const partner = partnerById(props.params.partnerName)
  if (partner === undefined) {
    // The route's isValid keeps unknown partners out; reaching here is a bug.
    throw new Error(`Unknown partner: ${props.path}`)
  }
  return partner
}

export function meta(props: PageProps): PageMeta {
  const partner = partnerOf(props)
  return {
    title: `Inkmark for ${partner.name}`,
    description: partner.description,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Partners', path: '/partners' },
      { label: partner.name },
    ],
  }
}

/** One partner's page. */
export default function PartnerPage(props: PageProps) {
  const partner = partnerOf(props)
  return (
    <div className="learn-page">
      <h1>
        Inkmark for {partner.name}
        {partner.isSample ? <SampleBadge /> : null}
      </h1>
      <p className="learn-lead">{partner.description}</p>
      {partner.offer === null ? null : <p className="learn-notice">{partner.offer}</p>}
      <p>
        Inkmark highlights web pages and PDFs, keeps your notes and tags, and helps you remember
        what you read.
      </p>
      <p>
        <InstallButton isPrimary />
      </p>
      <ul className="learn-links">
        {partner.websiteUrl === null ? null : (
          <li>
            <a href={partner.websiteUrl} target="_blank" rel="noopener noreferrer">
              {partner.name}&apos;s website
            </a>
          </li>
        )}
        <li>
          <Link to="/">About Inkmark</Link>
        </li>
      </ul>
    </div>
  )
}
