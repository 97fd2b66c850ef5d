// The home page (/): what Inkmark is, the install buttons, why local-first matters, and the plans
// with their default prices (#pricing, which the navigation bar links to).
import { DEFAULT_PRICES, UserPlanType, formatPrice } from '@inkmark/shared'
import { InstallButton } from '../../app/InstallButton'
import { Link } from '../../app/Link'
import type { PageMeta, PageProps } from '../../app/route-types'
import { siteConfig } from '../../app/site-config'
import { SiteImage } from '../../images/SiteImage'
import { PLAN_SUMMARIES } from './common/facts-lists'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, softwareApplicationData } from './common/product-facts'
import './common/marketing.css'
import './home.css'

const FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Highlight web pages and PDFs',
    text: 'Select text and pick a colour. Your highlights come back whenever you open the page or the PDF again.',
  },
  {
    title: 'Highlight YouTube transcripts',
    text: 'Read a video’s transcript beside it, highlight lines and jump back to that moment.',
  },
  {
    title: 'Notes and tags',
    text: 'Add a note to any highlight, tag pages and highlights, and search everything by word, tag or site.',
  },
  {
    title: 'Reader mode',
    text: 'Open any article without ads and clutter, in the font size, width and colours you like, and highlight it there.',
  },
  {
    title: 'Learn with spaced repetition',
    text: 'Turn highlights into review cards; Inkmark schedules each card so you see it again just before you would forget it.',
  },
  {
    title: 'AI summaries and chat, with your own provider',
    text: 'Summarise a page or ask it questions with your browser’s built-in AI or an OpenAI-compatible endpoint you choose. Your key stays on your device.',
  },
  {
    title: 'Share',
    text: 'Share a page with your highlights and notes by link, or make it public (Premium and Ultimate).',
  },
  {
    title: 'Import and export',
    text: 'Bring highlights from Kindle, Hypothesis, Omnivore, Pocket and more; export to Markdown, HTML, Web Annotations or Anki.',
  },
]

const premium = DEFAULT_PRICES[UserPlanType.PREMIUM]
const ultimate = DEFAULT_PRICES[UserPlanType.ULTIMATE]
const YEARLY_FROM: Readonly<Record<string, string>> = {
  Premium: `${formatPrice(premium.amount, premium.currency)} a year`,
  Ultimate: `${formatPrice(ultimate.amount, ultimate.currency)} a year`,
}

/** The home page. */
export default function HomePage(_props: PageProps) {
  return (
    <div className="mk-page mk-home">
      <section className="mk-home-hero" aria-labelledby="home-title">
        <h1 id="home-title">Highlight the web, PDFs and YouTube. Keep what you learn.</h1>
        <p className="mk-lead">{DEFAULT_DESCRIPTION}</p>
        <div className="mk-actions">
          <InstallButton isPrimary />
          <a className="ink-button ink-button--secondary ink-button--md" href={siteConfig.appUrl}>
            Open the web app
          </a>
        </div>
        <p className="mk-home-browsers">
          For Chrome, Edge and Firefox. <Link to="/install">Other browsers</Link>
        </p>
        <SiteImage
          name="library"
          alt="The Inkmark web app: a library of saved pages with their highlight counts and tags."
          sizes="(min-width: 1152px) 1152px, 100vw"
          className="mk-screenshot"
          priority
        />
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title">What Inkmark does</h2>
        <ul className="mk-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="mk-card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
        <ul className="mk-grid mk-screens">
          <li>
            <SiteImage
              name="sidebar"
              alt="The sidebar beside an article, listing its highlights and notes."
              sizes="(min-width: 768px) 33vw, 100vw"
              className="mk-screenshot"
            />
          </li>
          <li>
            <SiteImage
              name="reader"
              alt="Reader mode: an article in a clean layout with highlighted passages."
              sizes="(min-width: 768px) 33vw, 100vw"
              className="mk-screenshot"
            />
          </li>
          <li>
            <SiteImage
              name="learning"
              alt="A learning session: a card from a highlight, with its answer buttons."
              sizes="(min-width: 768px) 33vw, 100vw"
              className="mk-screenshot"
            />
          </li>
        </ul>
        <p>
          <Link to="/extensions">The extension’s tools</Link> ·{' '}
          <Link to="/docs">Documentation</Link> · <Link to="/faq">Questions and answers</Link>
        </p>
      </section>

      <section aria-labelledby="local-title">
        <h2 id="local-title">Local first: no account needed</h2>
        <div className="mk-prose">
          <p>
            Inkmark keeps your library in your browser. Everything works without an account and
            without a network connection: highlighting, notes, reader mode, learning, import, export
            and backup.
          </p>
          <p>
            Create an account when you want more: with Premium or Ultimate your library syncs
            between your browsers and the web app, and you can share pages by link. Without sync, a
            backup file moves your library to another device.
          </p>
        </div>
      </section>

      <section id="pricing" aria-labelledby="home-pricing-title">
        <h2 id="home-pricing-title">Pricing</h2>
        <ul className="mk-grid">
          {PLAN_SUMMARIES.map((plan) => {
            const from = YEARLY_FROM[plan.name]
            return (
              <li key={plan.name} className="mk-card">
                <h3>{plan.name}</h3>
                {from !== undefined && <p className="mk-home-price">{from}</p>}
                <p>{plan.text}</p>
              </li>
            )
          })}
        </ul>
        <div className="mk-actions">
          <Link to="/pricing" className="ink-button ink-button--primary ink-button--md">
            See all prices
          </Link>
          <Link to="/premium">What Premium and Ultimate add</Link>
        </div>
      </section>
    </div>
  )
}

/** The home page's metadata: the spec's default title and description. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: DEFAULT_TITLE,
    description: DEFAULT_DESCRIPTION,
    structuredData: [softwareApplicationData(siteConfig.siteOrigin)],
  }
}
