import { DEFAULT_PRICES, formatPrice } from '@inkmark/shared'

const premium = DEFAULT_PRICES.PREMIUM

/** The landing page: what Inkmark is and what it costs. */
export function HomePage() {
  return (
    <main>
      <h1>Inkmark: PDF &amp; Web Highlighter + Notes &amp; Annotations</h1>
      <p>
        Best highlighter for the web. Just like you do on books, highlight on any web page or PDF,
        and take notes. Organize with tags and find your research in the app.
      </p>
      <p>{`Premium from ${formatPrice(premium.amount, premium.currency)} a year.`}</p>
    </main>
  )
}
