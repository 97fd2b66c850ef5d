// /premium: what Premium and Ultimate add to the free Basic plan (the rules of shared plan.ts:
// canSync, canShare, hasUnlimitedFeatures; the limits of shared ai/daily-limits.ts,
// youtube/daily-limit.ts and storage-quota.ts).
import { Link } from '../../app/Link'
import type { PageMeta, PageProps } from '../../app/route-types'
import { pageTitle } from './common/product-facts'
import './common/marketing.css'

const ROWS: readonly { feature: string; basic: string; premium: string; ultimate: string }[] = [
  {
    feature: 'Highlights, notes, tags, PDFs, reader mode',
    basic: 'Yes',
    premium: 'Yes',
    ultimate: 'Yes',
  },
  {
    feature: 'Learning, import, export and backup',
    basic: 'Yes',
    premium: 'Yes',
    ultimate: 'Yes',
  },
  { feature: 'Sync between devices', basic: 'No', premium: 'Yes', ultimate: 'Yes' },
  { feature: 'Share pages by link', basic: 'No', premium: 'Yes', ultimate: 'Yes' },
  { feature: 'AI summaries', basic: '1 a day', premium: '1 a day', ultimate: 'Unlimited' },
  { feature: 'AI chats', basic: '1 a day', premium: '1 a day', ultimate: 'Unlimited' },
  {
    feature: 'YouTube videos highlighted',
    basic: '1 a day',
    premium: '1 a day',
    ultimate: 'Unlimited',
  },
  { feature: 'Image highlighting', basic: 'No', premium: 'No', ultimate: 'Yes' },
  { feature: 'Saved page contents', basic: '10 MB', premium: '100 MB', ultimate: '1 GB' },
]

/** The Premium page. */
export default function PremiumPage(_props: PageProps) {
  return (
    <div className="mk-page">
      <h1>Premium and Ultimate</h1>
      <p className="mk-lead">
        Basic is free and complete on one device. Premium adds sync and sharing; Ultimate adds
        unlimited AI, unlimited YouTube videos and image highlighting.
      </p>
      <div className="mk-table-wrap" role="region" aria-label="Plan comparison" tabIndex={0}>
        <table className="mk-table">
          <caption>What each plan includes</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Basic</th>
              <th scope="col">Premium</th>
              <th scope="col">Ultimate</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>{row.basic}</td>
                <td>{row.premium}</td>
                <td>{row.ultimate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Good to know</h2>
      <ul className="mk-prose">
        <li>
          AI summaries and chat run on the provider you choose (your browser’s built-in AI or your
          own endpoint); the plan sets how many you can start a day.
        </li>
        <li>The Ultimate trial includes everything Ultimate has while it lasts.</li>
        <li>
          Premium and Ultimate are sold monthly, yearly or once for a lifetime. Cancel any time in
          the web app; the plan runs to the end of the paid period.
        </li>
      </ul>
      <div className="mk-actions">
        <Link to="/pricing" className="ink-button ink-button--primary ink-button--md">
          See prices
        </Link>
        <Link to="/faq">Questions and answers</Link>
      </div>
    </div>
  )
}

/** The Premium page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Premium and Ultimate'),
    description:
      'What Inkmark Premium and Ultimate add to the free plan: sync, sharing, unlimited AI summaries and chat, unlimited YouTube videos and image highlighting.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Premium' }],
  }
}
