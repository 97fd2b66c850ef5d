// An export as Capacities' save-weblink fields (its documented limits: a title of at most 500
// characters, a description of at most 1,000, at most 30 tags, markdown of at most 200,000): the
// highlights as markdown quotes, each with its note and tags below it, and a link back to Inkmark.
// Every text is escaped for markdown, so a highlight's words never turn into links, images or HTML.
import type { ExportMark, ExportPagePayload } from '@inkmark/shared'
import { countLabel } from '@inkmark/shared'

export const CAPACITIES_MAX_TITLE_LENGTH = 500
export const CAPACITIES_MAX_DESCRIPTION_LENGTH = 1_000
export const CAPACITIES_MAX_TAGS = 30
export const CAPACITIES_MAX_MD_LENGTH = 200_000

/** The body of POST /save-weblink. */
export interface SaveWeblinkBody {
  spaceId: string
  url: string
  titleOverwrite?: string
  descriptionOverwrite?: string
  tags?: string[]
  mdText?: string
}

/** `text` with markdown's special characters escaped, and `<`/`>` so nothing reads as HTML. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|~>]/g, (character) => `\\${character}`)
    .replace(/</g, '&lt;')
}

/** Each line of `text` escaped and prefixed (a quote keeps every line of a long highlight). */
function linesOf(text: string, prefix: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `${prefix}${escapeMarkdown(line)}`)
    .join('\n')
}

function tagsText(tags: readonly string[]): string {
  return tags.map((tag) => `#${escapeMarkdown(tag.replace(/\s+/g, '-'))}`).join(' ')
}

/** One highlight as markdown: the quote, then its note and tags. */
export function highlightMarkdown(mark: ExportMark): string {
  const parts: string[] = []
  if (mark.imageSrc !== undefined) {
    parts.push(`> [Image](<${mark.imageSrc.replace(/[<>]/g, encodeURIComponent)}>)`)
  }
  if (mark.text.trim() !== '') {
    parts.push(linesOf(mark.text, '> '))
  }
  if (mark.note) {
    parts.push(`**Note:** ${linesOf(mark.note, '').replace(/\n/g, '  \n')}`)
  }
  if (mark.tags.length > 0) {
    parts.push(`Tags: ${tagsText(mark.tags)}`)
  }
  return parts.join('\n\n')
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** The markdown of every highlight that fits, with a line saying how many did not. */
export function exportMarkdown(payload: ExportPagePayload): string {
  const header = payload.page.inkmarkUrl
    ? `[Open in Inkmark](<${payload.page.inkmarkUrl.replace(/[<>]/g, encodeURIComponent)}>)\n\n`
    : ''
  const heading = payload.marks.length > 0 ? '## Highlights\n\n' : ''
  let text = `${header}${heading}`
  const reserve = 100
  for (const [index, mark] of payload.marks.entries()) {
    const next = `${highlightMarkdown(mark)}\n\n`
    if (text.length + next.length > CAPACITIES_MAX_MD_LENGTH - reserve) {
      const left = payload.marks.length - index
      return `${text}_${countLabel(left, 'more highlight')} did not fit in Capacities' size limit._\n`
    }
    text += next
  }
  return text.trimEnd()
}

/** The save-weblink body of an export into `spaceId`. */
export function saveWeblinkBody(spaceId: string, payload: ExportPagePayload): SaveWeblinkBody {
  const { page } = payload
  const tags = [...new Set(page.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))]
  const md = exportMarkdown(payload)
  return {
    spaceId,
    url: page.url,
    ...(page.title.trim() !== ''
      ? { titleOverwrite: cut(page.title, CAPACITIES_MAX_TITLE_LENGTH) }
      : {}),
    ...(page.description
      ? { descriptionOverwrite: cut(page.description, CAPACITIES_MAX_DESCRIPTION_LENGTH) }
      : {}),
    ...(tags.length > 0 ? { tags: tags.slice(0, CAPACITIES_MAX_TAGS) } : {}),
    ...(md !== '' ? { mdText: md } : {}),
  }
}
