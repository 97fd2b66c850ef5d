// An answer of Ask your library: its markdown (read by the app's safe parser, rendered as React
// elements and text nodes, never HTML) with every citation [n] a link to the highlight it cites
// (/page/{id}#mark-{id}, which scrolls the page detail to it), and under it the sources it cites.
// Citations are found in the answer's text pieces, so one inside bold or a list item links too;
// a citation's name says its page to screen readers ("[1] (source: How memory works)").
import { citationSegments, type LibraryPassage } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { createElement, Fragment, type ReactNode } from 'react'
import { parseMarkdown } from '../ai'
import type { MarkdownBlock, MarkdownInline } from '../ai/parse-markdown'

/** The answer `text` citing `passages`, and its list of sources. */
export function CitedAnswer({
  text,
  passages,
}: {
  text: string
  passages: readonly LibraryPassage[]
}) {
  return (
    <>
      <div className="chat-message__answer">{renderBlocks(parseMarkdown(text), passages)}</div>
      {passages.length > 0 && <SourceList passages={passages} />}
    </>
  )
}

/** A link to the highlight of `passage`. */
function PassageLink({ passage, children }: { passage: LibraryPassage; children: ReactNode }) {
  return (
    <Link to="/page/$id" params={{ id: passage.bookmarkId }} hash={`mark-${passage.markId}`}>
      {children}
    </Link>
  )
}

function SourceList({ passages }: { passages: readonly LibraryPassage[] }) {
  return (
    <section className="chat-sources" aria-label="Sources">
      <h3>Sources</h3>
      <ol>
        {passages.map((passage) => (
          <li key={passage.number} value={passage.number}>
            <PassageLink passage={passage}>{passage.text || passage.note}</PassageLink>{' '}
            <span className="chat-source__page">({passage.title})</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function renderBlocks(blocks: readonly MarkdownBlock[], passages: readonly LibraryPassage[]) {
  return blocks.map((block, index): ReactNode => {
    switch (block.kind) {
      case 'heading':
        // Under the message's own heading level (the page's h1, the chat's h2).
        return createElement(
          `h${Math.min(6, 2 + block.level)}`,
          { key: index },
          renderInline(block.content, passages),
        )
      case 'paragraph':
        return <p key={index}>{renderInline(block.content, passages)}</p>
      case 'code':
        return (
          <pre key={index}>
            <code>{block.text}</code>
          </pre>
        )
      case 'quote':
        return <blockquote key={index}>{renderBlocks(block.children, passages)}</blockquote>
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex}>
            {renderInline(item.content, passages)}
            {renderBlocks(item.children, passages)}
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

function renderInline(
  pieces: readonly MarkdownInline[],
  passages: readonly LibraryPassage[],
): ReactNode {
  return pieces.map((piece, index) => {
    switch (piece.kind) {
      case 'text':
        return <Fragment key={index}>{renderCitations(piece.text, passages)}</Fragment>
      case 'code':
        return <code key={index}>{piece.text}</code>
      case 'strong':
        return <strong key={index}>{renderInline(piece.children, passages)}</strong>
      case 'em':
        return <em key={index}>{renderInline(piece.children, passages)}</em>
      case 'link':
        // A link the model wrote: only to the web, in a new tab without a referrer; any other
        // address stays text (the answer's own links are its citations).
        return /^https?:/i.test(piece.href) ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
            {renderInline(piece.children, passages)}
          </a>
        ) : (
          <Fragment key={index}>{renderInline(piece.children, passages)}</Fragment>
        )
    }
  })
}

function renderCitations(text: string, passages: readonly LibraryPassage[]): ReactNode {
  return citationSegments(text, passages).map((segment, index) =>
    segment.kind === 'text' ? (
      <Fragment key={index}>{segment.text}</Fragment>
    ) : (
      <PassageLink key={index} passage={segment.passage}>
        [{segment.number}]
        <span className="visually-hidden"> (source: {segment.passage.title})</span>
      </PassageLink>
    ),
  )
}
