// A small markdown reader for AI answers (summaries and chat). The models answer in markdown (the
// Summarizer API's format, and what chat models write), and that text is untrusted: it is turned
// into a tree of plain values here and rendered as React elements by ./Markdown.tsx, never as HTML.
// It reads what models write (headings, bullet and numbered lists with nesting, quotes, fenced
// code, paragraphs; bold, italic, inline code, links) and leaves anything else as text. Text that
// is still streaming reads fine: an unclosed ** or ` stays literal until its end arrives.

/** A piece of text inside a block. */
export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: MarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: MarkdownInline[] }

/** One list item: its text and any list nested under it. */
export interface MarkdownListItem {
  content: MarkdownInline[]
  children: MarkdownBlock[]
}

/** A block of a markdown document. */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; content: MarkdownInline[] }
  | { kind: 'paragraph'; content: MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: MarkdownListItem[] }
  | { kind: 'quote'; children: MarkdownBlock[] }
  | { kind: 'code'; text: string }

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const LIST_ITEM = /^(\s*)([-*+•]|(\d{1,9})[.)])\s+(.*)$/
const FENCE = /^ {0,3}(```|~~~)/
const QUOTE = /^ {0,3}>\s?(.*)$/
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/

/** The blocks of `markdown`. */
export function parseMarkdown(markdown: string): MarkdownBlock[] {
  return parseBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'))
}

function indentOf(line: string): number {
  return line.replace(/\t/g, '    ').match(/^ */)![0].length
}

function parseBlocks(lines: readonly string[]): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) })
      paragraph = []
    }
  }
  let index = 0
  while (index < lines.length) {
    const line = lines[index]!
    if (line.trim() === '' || RULE.test(line)) {
      flush()
      index += 1
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      flush()
      const body: string[] = []
      index += 1
      while (index < lines.length && !lines[index]!.trimStart().startsWith(fence[1]!)) {
        body.push(lines[index]!)
        index += 1
      }
      blocks.push({ kind: 'code', text: body.join('\n') })
      index += 1
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length,
        content: parseInline(heading[2]!),
      })
      index += 1
      continue
    }
    if (QUOTE.test(line)) {
      flush()
      const quoted: string[] = []
      while (index < lines.length && QUOTE.test(lines[index]!)) {
        quoted.push(QUOTE.exec(lines[index]!)![1]!)
        index += 1
      }
      blocks.push({ kind: 'quote', children: parseBlocks(quoted) })
      continue
    }
    if (LIST_ITEM.test(line)) {
      flush()
      index = parseList(lines, index, blocks)
      continue
    }
    paragraph.push(line.trim())
    index += 1
  }
  flush()
  return blocks
}

/** Reads the list starting at `start` into `blocks`; returns the index after it. */
function parseList(lines: readonly string[], start: number, blocks: MarkdownBlock[]): number {
  const first = LIST_ITEM.exec(lines[start]!)!
  const baseIndent = indentOf(first[1]!)
  const ordered = first[3] !== undefined
  const list: Extract<MarkdownBlock, { kind: 'list' }> = {
    kind: 'list',
    ordered,
    start: ordered ? Number(first[3]) : 1,
    items: [],
  }
  let index = start
  while (index < lines.length) {
    const match = LIST_ITEM.exec(lines[index]!)
    if (!match || indentOf(match[1]!) !== baseIndent || (match[3] !== undefined) !== ordered) {
      break
    }
    const text = [match[4]!.trim()]
    const nested: string[] = []
    index += 1
    // The item's own continuation lines, then what is indented under it (a nested list).
    while (index < lines.length) {
      const next = lines[index]!
      if (next.trim() === '') {
        const following = lines[index + 1]
        if (
          following !== undefined &&
          indentOf(following) > baseIndent &&
          following.trim() !== ''
        ) {
          index += 1
          continue
        }
        break
      }
      const nextItem = LIST_ITEM.exec(next)
      if (indentOf(next) > baseIndent) {
        if (nextItem || nested.length > 0) {
          nested.push(next)
        } else {
          text.push(next.trim())
        }
        index += 1
        continue
      }
      if (nextItem || HEADING.test(next) || FENCE.test(next) || QUOTE.test(next)) {
        break
      }
      text.push(next.trim())
      index += 1
    }
    list.items.push({ content: parseInline(text.join(' ')), children: parseBlocks(nested) })
  }
  blocks.push(list)
  return index
}

const SAFE_LINK = /^(https?:\/\/|\/(?!\/)|#)/i

/** The inline pieces of `text`. */
export function parseInline(text: string): MarkdownInline[] {
  const pieces: MarkdownInline[] = []
  let plain = ''
  const pushText = () => {
    if (plain !== '') {
      pieces.push({ kind: 'text', text: plain })
      plain = ''
    }
  }
  let index = 0
  while (index < text.length) {
    const rest = text.slice(index)
    const char = text[index]!
    if (char === '\\' && index + 1 < text.length && /[\\`*_[\]()#>+\-.!]/.test(text[index + 1]!)) {
      plain += text[index + 1]
      index += 2
      continue
    }
    if (char === '`') {
      const end = text.indexOf('`', index + 1)
      if (end > index + 1) {
        pushText()
        pieces.push({ kind: 'code', text: text.slice(index + 1, end) })
        index = end + 1
        continue
      }
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest)
    if (strong) {
      pushText()
      pieces.push({ kind: 'strong', children: parseInline(strong[2]!) })
      index += strong[0].length
      continue
    }
    const em = /^(\*|_)(?=[^\s*_])([\s\S]*?[^\s\\])\1(?![*_])/.exec(rest)
    if (em && (char === '*' || !/\w/.test(text[index - 1] ?? ''))) {
      pushText()
      pieces.push({ kind: 'em', children: parseInline(em[2]!) })
      index += em[0].length
      continue
    }
    const link = /^\[([^\]]+)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(rest)
    if (link) {
      pushText()
      const children = parseInline(link[1]!)
      if (SAFE_LINK.test(link[2]!)) {
        pieces.push({ kind: 'link', href: link[2]!, children })
      } else {
        pieces.push(...children)
      }
      index += link[0].length
      continue
    }
    plain += char
    index += 1
  }
  pushText()
  return pieces
}

/** The plain text of inline pieces (for names and tests). */
export function inlineText(pieces: readonly MarkdownInline[]): string {
  return pieces
    .map((piece) =>
      piece.kind === 'text' || piece.kind === 'code' ? piece.text : inlineText(piece.children),
    )
    .join('')
}
