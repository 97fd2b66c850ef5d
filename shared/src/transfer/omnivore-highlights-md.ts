// The highlights/<slug>.md files of Omnivore's export zip. Omnivore's export job
// (omnivore-app/omnivore packages/api/src/jobs/export.ts, `highlightToMarkdown` in
// packages/api/src/utils/parser.ts) writes each highlight as `> quote ` (empty lines of the quote
// written as `> `, later lines of a paragraph unmarked), then its labels as `#name` words and its
// note, each after an empty line, and joins highlights with an empty line; a note without a quote
// (a page note) is its text alone. Templates of Omnivore's plugins add ` [⤴️](omnivore link)` after
// the quote; that link names Omnivore's highlight, not a place on the page, and is dropped. The
// file carries no prefix, suffix or position: a highlight keeps its quote only, which our
// anchoring finds on the live page. docs/adr/068-moving-in-with-anchors.md.

/** One highlight (quote set) or page note (no quote) of an Omnivore highlights file. */
export interface OmnivoreMarkdownHighlight {
  quote?: string
  labels: string[]
  note?: string
}

const QUOTE_LINE = /^>\s?/
const HIGHLIGHT_LINK = /\s*\[⤴️?\]\([^)]*\)\s*$/u
const LABEL_LINE = /^#[^\s#]/

function quoteOfBlock(block: string): string {
  const lines = block.split('\n').map((line) => line.replace(QUOTE_LINE, ''))
  return lines.join('\n').replace(HIGHLIGHT_LINK, '').trim()
}

function labelsOfLine(line: string): string[] {
  const labels = line
    .split(/\s+(?=#)/)
    .map((label) => label.replace(/^#/, '').trim().replace(/\s+/g, ' '))
    .filter((label) => label !== '')
  return [...new Set(labels)]
}

/**
 * The highlights of an Omnivore highlights file, in file order. Text after a quote is that
 * highlight's note (a page note written after a highlight reads the same, so it joins that note);
 * text before the first quote is a page note.
 */
export function parseOmnivoreHighlights(markdown: string): OmnivoreMarkdownHighlight[] {
  const blocks = markdown
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ''))
    .filter((block) => block.trim() !== '')
  const highlights: OmnivoreMarkdownHighlight[] = []
  let current: (OmnivoreMarkdownHighlight & { noteBlocks: string[] }) | null = null
  const close = () => {
    if (current !== null) {
      const note = current.noteBlocks.join('\n\n').trim()
      highlights.push({
        ...(current.quote === undefined ? {} : { quote: current.quote }),
        labels: current.labels,
        ...(note === '' ? {} : { note }),
      })
    }
  }
  for (const block of blocks) {
    if (QUOTE_LINE.test(block)) {
      close()
      current = { quote: quoteOfBlock(block), labels: [], noteBlocks: [] }
    } else if (
      current?.quote !== undefined &&
      current.labels.length === 0 &&
      current.noteBlocks.length === 0 &&
      !block.includes('\n') &&
      LABEL_LINE.test(block)
    ) {
      current.labels = labelsOfLine(block)
    } else if (current === null) {
      current = { labels: [], noteBlocks: [block] }
    } else {
      current.noteBlocks.push(block)
    }
  }
  close()
  return highlights.filter((highlight) => highlight.quote !== '' || highlight.note !== undefined)
}
