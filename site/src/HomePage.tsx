// The site's landing page, drawn with the design system (ADR 034): the same tokens, light and dark,
// and the same cards the library shows, so the page shows the product as it is.
import { EmptyState, HighlightCard, PageCard, TagChip, TagChipList } from '@inkmark/design'
import { DEFAULT_PRICES, formatPrice } from '@inkmark/shared'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './app/head'
import type { PageMeta } from './app/route-types'

const premium = DEFAULT_PRICES.PREMIUM

const FEATURES = [
  {
    title: 'Highlight anything',
    text: 'Web pages, PDFs and YouTube transcripts, in four colours, with notes and tags.',
  },
  {
    title: 'Find it again',
    text: 'Search every highlight and note by word, tag or site, in the app or the sidebar.',
  },
  {
    title: 'Yours, offline first',
    text: 'Your library lives in your browser and syncs when you sign in. No account needed.',
  },
] as const

/** The home page's head: the spec's default title and description. */
export function meta(): PageMeta {
  return { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION }
}

/** The landing page: what Inkmark is and what it costs. */
export default function HomePage() {
  return (
    <>
      <section className="site-hero" aria-labelledby="site-title">
        <h1 id="site-title">Inkmark: PDF &amp; Web Highlighter + Notes &amp; Annotations</h1>
        <p className="site-lead">
          Best highlighter for the web. Just like you do on books, highlight on any web page or PDF,
          and take notes. Organize with tags and find your research in the app.
        </p>
      </section>
      <section className="site-showcase" aria-label="What your library looks like">
        <PageCard
          url="https://inkmark.app/guides/memory"
          iconUrl={null}
          siteName="Learning guides"
          title="How memory works"
          excerpt="Sleep, spacing and retrieval: what the research says about remembering."
          highlightCount={3}
          noteCount={1}
          headingLevel={3}
          tags={
            <TagChipList label="Tags">
              <li>
                <TagChip tag="research" />
              </li>
              <li>
                <TagChip tag="learning" />
              </li>
            </TagChipList>
          }
        />
        <HighlightCard
          text="Memories are rebuilt each time they are recalled."
          color="#fdffb4"
          colorName="Yellow"
          note="Review this before the exam."
          pageTitle="How memory works"
          headingLevel={3}
        />
      </section>
      <section className="site-features" aria-labelledby="features-title">
        <h2 id="features-title">Why Inkmark</h2>
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature.title} className="ink-card site-feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="pricing" aria-labelledby="pricing-title">
        <EmptyState title="Free to start" icon="✎" headingLevel={2}>
          <p id="pricing-title">{`Premium from ${formatPrice(premium.amount, premium.currency)} a year.`}</p>
        </EmptyState>
      </section>
    </>
  )
}
