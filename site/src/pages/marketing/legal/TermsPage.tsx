// /legal/terms-of-service: the terms for the extension, the web app, sharing and the paid plans.
// Only what the product does is promised (plans from shared plan.ts, billing ADR 051, sharing and
// moderation ADR 057-058); the operator is the one in the imprint.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The terms of service. */
export default function TermsPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose mk-legal">
      <h1>Terms of service</h1>
      <p className="mk-lead">
        These terms apply to the Inkmark extension, the web app and this website, offered by the
        operator named in the <Link to="/legal/imprint">imprint</Link>.
      </p>
      <h2>Using Inkmark</h2>
      <p>
        You may use Inkmark without an account. What you highlight, note and save is yours; Inkmark
        claims no rights to it. Keep your password to yourself: whoever has it can use your account.
      </p>
      <h2>Your library</h2>
      <p>
        Your library is stored on your devices. Make backups: export or back up your library from
        the web app, on any plan. With sync, a copy is kept on the sync server while your plan
        includes sync and until you delete your account.
      </p>
      <h2>Sharing</h2>
      <p>
        Share only what you may share. Pages shared publicly must not break the law or the rights of
        others; anyone can report a shared page, and shared pages that break these terms may be
        taken down.
      </p>
      <h2>Plans and payment</h2>
      <ul>
        <li>
          Basic is free. Premium and Ultimate are paid monthly or yearly (renewed for the same
          period until you cancel), or once for a lifetime plan.
        </li>
        <li>
          Payments are handled by the payment provider, Paddle, whose terms also apply to the
          purchase. Prices are shown before you pay, in your currency where available.
        </li>
        <li>
          You can cancel in the web app at any time; the plan then runs to the end of the period you
          paid for and does not renew.
        </li>
      </ul>
      <h2>AI providers</h2>
      <p>
        AI summaries and chat use the provider you configure. Its terms govern what it does with the
        text you send it, and its costs are yours.
      </p>
      <h2>Availability</h2>
      <p>
        Inkmark works on your device without the servers. Sync, sharing and the server tools may be
        unavailable at times, for maintenance or faults.
      </p>
      <h2>Changes</h2>
      <p>
        When these terms change, the new version is published on this page. Questions: contact the
        operator named in the imprint.
      </p>
    </div>
  )
}

/** The terms' metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Terms of service'),
    description:
      'The terms for using Inkmark: your library, sharing, plans and payment, AI providers and availability.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Legal', path: '/legal' },
      { label: 'Terms of service' },
    ],
  }
}
