// /about: what Inkmark is for and the principles it is built on (local first, your own AI
// provider, your data exportable).
import { Link } from '../../app/Link'
import type { PageMeta, PageProps } from '../../app/route-types'
import { pageTitle } from './common/product-facts'
import './common/marketing.css'

/** The about page. */
export default function AboutPage(_props: PageProps) {
  return (
    <div className="mk-page mk-prose">
      <h1>About Inkmark</h1>
      <p className="mk-lead">
        Inkmark is a highlighter and reader for people who learn from what they read: students,
        researchers, teachers and anyone who reads a lot on the web.
      </p>
      <h2>What it is</h2>
      <p>
        A browser extension for Chrome, Edge and Firefox that highlights web pages, PDFs and YouTube
        transcripts, a reader mode for distraction-free reading, and a web app where your whole
        library lives: every page, highlight, note and tag, searchable, with spaced-repetition
        learning, AI summaries and chat, import and export.
      </p>
      <h2>How it is built</h2>
      <ul>
        <li>
          <strong>Local first.</strong> Your library is stored in your browser and works offline and
          without an account. An account adds sync between devices and sharing.
        </li>
        <li>
          <strong>Your AI, your choice.</strong> Summaries and chat use your browser’s built-in AI
          or an OpenAI-compatible endpoint you configure yourself; Inkmark runs no AI of its own and
          your key never leaves your device except to that endpoint.
        </li>
        <li>
          <strong>Your data can leave.</strong> Export to Markdown, HTML, Web Annotations or Anki,
          or make a full backup file, on every plan.
        </li>
        <li>
          <strong>No tracking of what you read.</strong> The only usage data is anonymous daily
          counts of actions (such as “a highlight was made”), never pages, addresses or notes, and
          you can switch them off.
        </li>
      </ul>
      <h2>Learn more</h2>
      <p>
        <Link to="/faq">Questions and answers</Link> · <Link to="/pricing">Pricing</Link> ·{' '}
        <Link to="/legal/privacy-policy">Privacy policy</Link> ·{' '}
        <Link to="/legal/imprint">Imprint</Link>
      </p>
    </div>
  )
}

/** The about page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('About'),
    description:
      'Inkmark is a local-first highlighter and reader for web pages, PDFs and YouTube: what it is, how it is built and what it does with your data.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'About' }],
  }
}
