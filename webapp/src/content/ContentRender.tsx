// How the document's elements and formatted text look, for the editor and the read-only view.
// Everything is rendered as React elements and text (Slate's rendering): stored content never
// reaches the page as HTML. A link is an href only when it passes the spec's safe-scheme rule.
import { createElement, type ReactNode } from 'react'
import type { RenderElementProps, RenderLeafProps } from 'slate-react'
import { clampContentIndent } from './content-document'
import { isSafeLinkUrl } from './link-url'

/** Renders one element of the document. */
export function ContentElementView({ attributes, children: kids, element }: RenderElementProps) {
  const children = kids as ReactNode
  switch (element.type) {
    case 'heading':
      return createElement(`h${Math.min(Math.max(element.level, 1), 6)}`, attributes, children)
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>
    case 'list-item':
      return (
        <li {...attributes} style={indentStyle(element.indent)}>
          {children}
        </li>
      )
    case 'link': {
      const web = /^https?:/i.test(element.url)
      return (
        <a
          {...attributes}
          href={isSafeLinkUrl(element.url) ? element.url : undefined}
          {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {children}
        </a>
      )
    }
    default:
      return (
        <p {...attributes} style={indentStyle(element.indent)}>
          {children}
        </p>
      )
  }
}

function indentStyle(indent: number | undefined) {
  const level = clampContentIndent(indent)
  return level === 0 ? undefined : { marginInlineStart: `${level * 1.5}em` }
}

/** Renders a run of text with its formats. */
export function ContentLeafView({ attributes, children, leaf }: RenderLeafProps) {
  let content = children as ReactNode
  if (leaf.code) {
    content = <code>{content}</code>
  }
  if (leaf.underline) {
    content = <u>{content}</u>
  }
  if (leaf.italic) {
    content = <em>{content}</em>
  }
  if (leaf.bold) {
    content = <strong>{content}</strong>
  }
  return <span {...attributes}>{content}</span>
}
