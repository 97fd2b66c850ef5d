// The little Markdown an AI summary or answer is written in (the Summarizer API's format is
// markdown), cut into blocks and inline runs so that React renders them as elements and text
// nodes: headings, bullet and numbered lists, paragraphs, **bold**, *italic* and `code`. Nothing
// is ever inserted as HTML, and links stay text: the words came from a model fed a hostile page.

/** A run of inline text. */
export interface InlineRun {
  text: string
  style?: 'strong' | 'em' | 'code'
}

/** A block of the answer. */
export type MarkdownBlock =
  | { kind: 'heading'; runs: InlineRun[] }
  | { kind: 'list'; ordered: boolean; items: InlineRun[][] }
  | { kind: 'paragraph'; runs: InlineRun[] }

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g

/** The inline runs of one line of Markdown. */
export function inlineRuns(line: string): InlineRun[] {
  const runs: InlineRun[] = []
  let last = 0
  for (const match of line.matchAll(INLINE)) {
    const token = match[0]
    const at = match.index
    if (at > last) {
      runs.push({ text: line.slice(last, at) })
    }
    if (token.startsWith('**') || token.startsWith('__')) {
      runs.push({ text: token.slice(2, -2), style: 'strong' })
    } else if (token.startsWith('`')) {
      runs.push({ text: token.slice(1, -1), style: 'code' })
    } else {
      runs.push({ text: token.slice(1, -1), style: 'em' })
    }
    last = at + token.length
  }
  if (last < line.length) {
    runs.push({ text: line.slice(last) })
  }
  return runs
}

const BULLET = /^\s*[-*+•]\s+(.*)$/
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/
const HEADING = /^\s*#{1,6}\s+(.*)$/

/** The blocks of a Markdown text (a text still streaming in gives the blocks so far). */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = []
  let paragraph: string[] = []
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', runs: inlineRuns(paragraph.join(' ')) })
      paragraph = []
    }
  }
  for (const line of markdown.split(/\r?\n/)) {
    const bullet = BULLET.exec(line)
    const numbered = bullet ? null : NUMBERED.exec(line)
    const heading = HEADING.exec(line)
    if (bullet || numbered) {
      endParagraph()
      const ordered = numbered !== null
      const item = inlineRuns((bullet ?? numbered)![1]!.trim())
      const previous = blocks.at(-1)
      if (previous?.kind === 'list' && previous.ordered === ordered) {
        previous.items.push(item)
      } else {
        blocks.push({ kind: 'list', ordered, items: [item] })
      }
    } else if (heading) {
      endParagraph()
      blocks.push({ kind: 'heading', runs: inlineRuns(heading[1]!.trim()) })
    } else if (line.trim() === '') {
      endParagraph()
    } else {
      paragraph.push(line.trim())
    }
  }
  endParagraph()
  return blocks
}
