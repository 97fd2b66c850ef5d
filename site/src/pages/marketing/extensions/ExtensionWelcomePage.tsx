// /extensions/{app}/welcome: first steps after installing: the shortcuts, the popup, the sidebar
// and the web app (the keys are the manifest's commands, ADR 028; the popup's parts, ADR 039).
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { SiteImage } from '../../../images/SiteImage'
import { pageTitle } from '../common/product-facts'
import { appOfProps } from './extension-route'
import '../common/marketing.css'

const FIRST_STEP: Readonly<Record<string, string>> = {
  'pdf-web-highlighter':
    'Open an article or a PDF, select a sentence and press Alt+S (or pick a colour in the small marker that appears). Alt+A uses the last colour again.',
  'reader-mode':
    'Open an article and press Alt+R, or choose “Open in reader” in the popup. Highlight in the reader as on any page.',
  'youtube-highlighter':
    'Open a YouTube video: the transcript panel appears beside it. Select lines and choose “Highlight selection”; a click on a highlight plays that moment.',
}

/** A tool's welcome page. */
export default function ExtensionWelcomePage(props: PageProps) {
  const app = appOfProps(props)
  return (
    <div className="mk-page mk-prose">
      <h1>Welcome to {app.name}</h1>
      <p className="mk-lead">Inkmark is installed. Here is how to get going.</p>
      <h2>1. Try it</h2>
      <p>{FIRST_STEP[app.path]}</p>
      <h2>2. The shortcuts</h2>
      <ul>
        <li>
          <span className="mk-kbd">Alt+S</span> highlight the selection
        </li>
        <li>
          <span className="mk-kbd">Alt+A</span> highlight with the last colour
        </li>
        <li>
          <span className="mk-kbd">Alt+W</span> open or close the sidebar
        </li>
        <li>
          <span className="mk-kbd">Alt+B</span> save the page
        </li>
        <li>
          <span className="mk-kbd">Alt+R</span> open the page in the reader
        </li>
      </ul>
      <p>
        Change them in your browser’s extension shortcut settings; the popup shows the keys in use.
      </p>
      <h2>3. The popup</h2>
      <p>
        Click Inkmark’s icon in the toolbar: it shows this page’s highlights, saves the page, opens
        the sidebar or the reader, shows whether your library is synced, and signs you in.
      </p>
      <SiteImage
        name="popup"
        alt="The Inkmark popup: this page’s highlights, Save page, Open sidebar, Open in reader, the sync state and the keyboard shortcuts."
        sizes="(min-width: 768px) 360px, 100vw"
        className="mk-screenshot mk-screenshot--narrow"
      />
      <h2>4. The sidebar</h2>
      <p>
        The sidebar (<span className="mk-kbd">Alt+W</span>) lists the page’s highlights with their
        notes and tags; work on your highlights there.
      </p>
      <h2>5. Your library</h2>
      <p>
        Every page and highlight is in the web app: search, filter by tag, learn with review cards,
        import and export. <a href={siteConfig.appUrl}>Open the web app</a>
      </p>
      <p>
        More: <Link to={`/extensions/${app.path}`}>{app.name}</Link> ·{' '}
        <Link to="/docs">Documentation</Link> · <Link to="/faq">FAQ</Link>
      </p>
    </div>
  )
}

/** The welcome page's metadata. */
export function meta(props: PageProps): PageMeta {
  const app = appOfProps(props)
  return {
    title: pageTitle(`Welcome to ${app.name}`),
    description: `First steps with Inkmark ${app.name}: the keyboard shortcuts, the popup, the sidebar and your library in the web app.`,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Extensions', path: '/extensions' },
      { label: app.name, path: `/extensions/${app.path}` },
      { label: 'Welcome' },
    ],
  }
}
