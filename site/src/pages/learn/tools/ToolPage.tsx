// /tools/{toolName}: one free tool: what it does, what it needs, and its form.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import '../learn.css'
import { siteUrl } from '../structured-data'
import { ToolForm } from './ToolForm'
import { toolBySlug, type ToolDefinition } from './tools'

function toolOf(props: PageProps): ToolDefinition {
  const tool = toolBySlug(props.params.toolName)
  if (tool === undefined) {
    // The route's isValid keeps unknown tools out; reaching here is a bug.
    throw new Error(`Unknown tool: ${props.path}`)
  }
  return tool
}

export function meta(props: PageProps): PageMeta {
  const tool = toolOf(props)
  return {
    title: tool.title,
    description: tool.description,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Free tools', path: '/tools' },
      { label: tool.name },
    ],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: tool.name,
        description: tool.description,
        url: siteUrl(props.path),
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: 'Any (web browser)',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  }
}

/** One tool page. */
export default function ToolPage(props: PageProps) {
  const tool = toolOf(props)
  return (
    <div className="learn-page">
      <h1>{tool.name}</h1>
      <p className="learn-lead">{tool.description}</p>
      <ToolForm tool={tool} />
      <h2>How it works</h2>
      {tool.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <h2>What it needs</h2>
      {tool.needs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <Link to="/tools">All free tools</Link>
      </p>
    </div>
  )
}
