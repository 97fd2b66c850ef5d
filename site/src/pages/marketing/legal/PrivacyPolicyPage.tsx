// /legal/privacy-policy: what Inkmark stores on the device and what it sends where, as the code
// does it: the local stores (ADR 008, 035), the relay (accounts, sync, learning reports, sharing,
// billing: ADR 009, 029, 043, 051, 057), anonymous counts (ADR 053), the AI provider the person
// configures (ADR 046, 048), the misc server (ADR 065, 066) and the request log (relay/src/logging.ts).
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { pageTitle } from '../common/product-facts'
import '../common/marketing.css'

/** The privacy policy. */
export default function PrivacyPolicyPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose mk-legal">
      <h1>Privacy policy</h1>
      <p className="mk-lead">
        Inkmark is local first: your library lives on your device. This page lists everything that
        is stored, and everything that is sent, and to whom. The operator responsible is named in
        the <Link to="/legal/imprint">imprint</Link>.
      </p>

      <h2 id="device">On your device</h2>
      <p>
        The extension and the web app each keep your library in your browser’s storage (IndexedDB):
        pages you saved, highlights, notes, tags, saved page contents, AI chats, learning progress
        and your settings. If you sign in, your login token is kept there too. Your AI settings
        (provider, endpoint address, model and key) are kept on the device only and are never
        synced. Nothing here is sent anywhere unless you use one of the features below.
      </p>

      <h2 id="account">Your account and sync</h2>
      <p>When you create an account, Inkmark’s sync server stores:</p>
      <ul>
        <li>
          your email address, a hash of your password (never the password itself), your plan and
          when the account was created;
        </li>
        <li>your email settings (all emails or none, learning reminders on or off);</li>
        <li>for confirmation and password-reset links, only a hash of each link.</li>
      </ul>
      <p>
        With sync on (Premium, Ultimate or the Ultimate trial), your library is stored on the sync
        server as well, so your other devices receive it. If learning reminders are on, the apps
        report how many review cards are due and your time zone so that a reminder email can be sent
        at a sensible hour; every reminder has an unsubscribe link.
      </p>
      <p>
        Deleting your account (in the web app’s settings, with your password) deletes it and its
        library from the server; the data on your devices stays until you remove it.
      </p>

      <h2 id="sharing">Pages you share</h2>
      <p>
        When you share a page, the page’s title, address and the content, highlights and notes you
        chose to share are stored on the server and shown to anyone with the link, or to everyone if
        you make it public. You can stop sharing at any time. Reports about a shared page are stored
        for moderation.
      </p>

      <h2 id="ai">AI summaries and chat</h2>
      <p>
        Inkmark runs no AI service. With your browser’s built-in AI, the text stays on your device.
        With an OpenAI-compatible endpoint you configure, the page text you summarise or chat about,
        your questions and your key are sent to that endpoint, and its own privacy terms apply.
      </p>

      <h2 id="misc">Web page fetching, PDFs and integrations</h2>
      <p>
        Some features use Inkmark’s helper server: saving a page by its address, the free tools on
        this site that open a web page or a YouTube transcript, and opening a saved page whose text
        is not on your device in the web app’s reader (the server fetches that address), saving a
        page as PDF (the server receives the page’s HTML and returns the PDF), and sending pages to
        Notion or Capacities (your access token is passed through to that service with each request
        and is not stored). The server keeps nothing of a fetched page, a PDF or an export.
      </p>

      <h2 id="payments">Payments</h2>
      <p>
        Purchases go through a card payment provider (Paddle). You enter your payment details with
        the provider, not with Inkmark. The server receives and keeps the subscription’s state, its
        plan and period, and each payment’s amount, currency and date, to give you your plan and
        show your invoices.
      </p>

      <h2 id="usage-counts">Anonymous usage counts</h2>
      <p>
        The apps send anonymous counts of actions, such as “a highlight was made” or “an export was
        completed”, added up per day. No page, address, note, account or device is attached, and the
        server stores only the daily total per action. Switch them off in the web app under
        Settings, Privacy (and in the extension’s options).
      </p>

      <h2 id="logs">Server logs</h2>
      <p>
        Inkmark’s servers log each request’s method, path (without the values of its query), and the
        address it came from, to run and protect the service. Login tokens and passwords are never
        logged. Addresses are also held briefly in memory to limit how many requests one address can
        make.
      </p>

      <h2 id="website">This website</h2>
      <p>
        This site sets no tracking cookies and runs no analytics. The pricing page asks the sync
        server for prices in your country, which it takes from your browser’s language setting. If
        you sign in through the site, your login token is kept in this browser’s local storage. For
        this tab only, the site notes when it last reloaded a page whose files had changed, so that
        it never reloads in a loop.
      </p>

      <h2 id="rights">Your choices</h2>
      <ul>
        <li>Use Inkmark without an account: nothing about you is stored on a server.</li>
        <li>Export or back up your library at any time, on every plan.</li>
        <li>Delete your account in the web app’s settings.</li>
        <li>For anything else, contact the operator named in the imprint.</li>
      </ul>
    </div>
  )
}

/** The privacy policy's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Privacy policy'),
    description:
      'What Inkmark stores on your device and what it sends to its servers, your AI provider and the payment provider: the full list.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Legal', path: '/legal' },
      { label: 'Privacy policy' },
    ],
  }
}
