// Renders an AI answer's markdown (./parse-markdown.ts) as React elements: text goes into text
// nodes, so nothing the model wrote can become HTML, a script or an event handler. Links keep only
// http(s) addresses and the app's own paths; a web link opens in a new tab without a referrer.
// Headings start at `headingLevel` so that the answer sits under the heading of its panel.
import { createElement, Fragment, type ReactNode } from 'react'
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from './parse-markdown'

/** Props of Markdown. */
export interface MarkdownProps {
  text: string
  /** The level of the answer's top headings (default 3: under a panel's h2). */
  headingLevel?: number
  className?: string
}

/** `text` (markdown) as React elements. */
export function Markdown({ text, headingLevel = 3, className }: MarkdownProps) {
  return <div className={className}>{renderBlocks(parseMarkdown(text), headingLevel)}</div>
}

function renderBlocks(blocks: readonly MarkdownBlock[], headingLevel: number): ReactNode {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading':
        return createElement(
          `h${Math.min(6, headingLevel + block.level - 1)}`,
          { key: index },
          renderInline(block.content),
        )
      case 'paragraph':
        return <p key={index}>{renderInline(block.content)}</p>
      case 'code':
        return (
          <pre key={index}>
            <code>{block.text}</code>
          </pre>
        )
      case 'quote':
        return <blockquote key={index}>{renderBlocks(block.children, headingLevel)}</blockquote>
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex}>
            {renderInline(item.content)}
            {renderBlocks(item.children, headingLevel)}
          </li>
        ))
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        )
      }
    }
  })
}

function renderInline(pieces: readonly MarkdownInline[]): ReactNode {
  return pieces.map((piece, index) => {
    switch (piece.kind) {
      case 'text':
        return <Fragment key={index}>{piece.text}</Fragment>
      case 'code':
        return <code key={index}>{piece.text}</code>
      case 'strong':
        return <strong key={index}>{renderInline(piece.children)}</strong>
      case 'em':
        return <em key={index}>{renderInline(piece.children)}</em>
      case 'link':
        return /^https?:/i.test(piece.href) ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
            {renderInline(piece.children)}
          </a>
        ) : (
          <a key={index} href={piece.href}>
            {renderInline(piece.children)}
          </a>
        )
    }
  })
}
