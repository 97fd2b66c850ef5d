// /faq: questions and answers, each a <details> so the page reads with JavaScript off, plus the
// FAQPage structured data built from the same entries.
import type { PageMeta, PageProps } from '../../app/route-types'
import { pageTitle } from './common/product-facts'
import { FAQ_ENTRIES, faqStructuredData } from './faq-entries'
import './common/marketing.css'

/** The FAQ page. */
export default function FaqPage(_props: PageProps) {
  return (
    <div className="mk-page mk-faq">
      <h1>Frequently asked questions</h1>
      {FAQ_ENTRIES.map((entry) => (
        <details key={entry.id} id={entry.id}>
          <summary>
            <h2 className="mk-faq-question">{entry.question}</h2>
          </summary>
          {entry.answer.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </details>
      ))}
    </div>
  )
}

/** The FAQ page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('FAQ'),
    description:
      'Answers about Inkmark: accounts, where highlights are stored, sync, offline use, browsers, PDFs, import and export, AI, privacy and plans.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'FAQ' }],
    structuredData: [faqStructuredData()],
  }
}
