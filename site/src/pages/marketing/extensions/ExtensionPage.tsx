// /extensions/{app}: one tool of the extension: what it does, and its install and first-steps pages.
import { InstallButton } from '../../../app/InstallButton'
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { SiteImage } from '../../../images/SiteImage'
import { pageTitle, softwareApplicationData } from '../common/product-facts'
import { appOfProps } from './extension-route'
import '../common/marketing.css'

/** A tool's page. */
export default function ExtensionPage(props: PageProps) {
  const app = appOfProps(props)
  return (
    <div className="mk-page">
      <h1>{app.name}</h1>
      <p className="mk-lead">{app.summary}</p>
      <div className="mk-actions">
        <InstallButton appType={app.appType} isPrimary />
      </div>
      {app.image !== undefined && (
        <SiteImage
          name={app.image.name}
          alt={app.image.alt}
          sizes="(min-width: 1152px) 1152px, 100vw"
          className="mk-screenshot"
          priority
        />
      )}
      <h2>What it does</h2>
      <ul className="mk-prose">
        {app.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className="mk-note">
        {app.name} is part of the one Inkmark extension: installing it also gives you the other
        tools.
      </p>
      <p>
        <Link to={`/extensions/${app.path}/install`}>How to install</Link> ·{' '}
        <Link to={`/extensions/${app.path}/welcome`}>First steps</Link> ·{' '}
        <Link to="/extensions">All tools</Link>
      </p>
    </div>
  )
}

/** A tool page's metadata. */
export function meta(props: PageProps): PageMeta {
  const app = appOfProps(props)
  return {
    title: pageTitle(app.name),
    description: `${app.name} by Inkmark for Chrome, Edge and Firefox. ${app.summary}`,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Extensions', path: '/extensions' },
      { label: app.name },
    ],
    structuredData: [
      { ...softwareApplicationData(siteConfig.siteOrigin), name: `Inkmark ${app.name}` },
    ],
  }
}
