import type { ReactNode } from 'react'
import { markdownBlocks, type InlineRun } from './markdown-blocks'

function runsOf(runs: readonly InlineRun[]): ReactNode[] {
  return runs.map((run, index) => {
    switch (run.style) {
      case 'strong':
        return <strong key={index}>{run.text}</strong>
      case 'em':
        return <em key={index}>{run.text}</em>
      case 'code':
        return <code key={index}>{run.text}</code>
      default:
        return run.text
    }
  })
}

/** An AI answer's Markdown as React elements and text nodes (never as HTML). */
export function MarkdownText({ text }: { text: string }) {
  return (
    <>
      {markdownBlocks(text).map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <p key={index} className="ai-md-heading">
              {runsOf(block.runs)}
            </p>
          )
        }
        if (block.kind === 'paragraph') {
          return <p key={index}>{runsOf(block.runs)}</p>
        }
        const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{runsOf(item)}</li>)
        return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>
      })}
    </>
  )
}
