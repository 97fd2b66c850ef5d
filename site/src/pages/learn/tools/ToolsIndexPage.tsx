// /tools: the free online tools.
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import '../learn.css'
import { itemListData } from '../structured-data'
import { TOOLS } from './tools'

export function meta(): PageMeta {
  return {
    title:
      'Free Online Tools: Highlighter, Reader Mode, YouTube Transcripts and AI Summaries | Inkmark',
    description:
      'Free tools from Inkmark: highlight any website, read it in reader mode, read and download YouTube transcripts, and summarize pages and videos with AI.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Free tools' }],
    structuredData: [
      itemListData(
        'Inkmark free online tools',
        TOOLS.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
      ),
    ],
  }
}

/** The list of tools. */
export default function ToolsIndexPage() {
  return (
    <div className="learn-page">
      <h1>Free online tools</h1>
      <p className="learn-lead">
        Each tool opens in the Inkmark web app, in your browser. No install, no account needed.
      </p>
      <ul className="learn-list">
        {TOOLS.map((tool) => (
          <li key={tool.slug} className="ink-card">
            <h2>
              <Link to={`/tools/${tool.slug}`}>{tool.name}</Link>
            </h2>
            <p>{tool.description}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
