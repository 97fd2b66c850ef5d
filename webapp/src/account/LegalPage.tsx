// /legal: where the legal texts are. They live on the product site (the site spec's
// /legal/privacy-policy, /legal/terms-of-service and /legal/imprint), so that there is one copy;
// the web app links there, in a new tab, and says in a line what the app itself keeps.
import { SITE_URL } from '../prompts/prompt-links'
import { AccountPage } from './AccountPage'

/** The site's legal pages, in the site footer's order. */
export const LEGAL_PAGES = [
  { label: 'Privacy policy', path: '/legal/privacy-policy' },
  { label: 'Terms of service', path: '/legal/terms-of-service' },
  { label: 'Imprint', path: '/legal/imprint' },
] as const

/** The /legal page. */
export function LegalPage({ siteUrl = SITE_URL }: { siteUrl?: string }) {
  return (
    <AccountPage title="Legal">
      <p>
        Your library is kept in this browser. With an account, a copy is kept on the sync server so
        that your devices can share it; deleting the account deletes that copy.
      </p>
      <ul>
        {LEGAL_PAGES.map((page) => (
          <li key={page.path}>
            <a href={`${siteUrl}${page.path}`} target="_blank" rel="noopener noreferrer">
              {page.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </AccountPage>
  )
}
