// Markdown export, one note per bookmark, shaped for Obsidian: YAML front matter (title, url,
// author, tags, dates) that Obsidian reads as properties, tags spelled with hyphens for spaces
// (spec section 5; an Obsidian tag cannot hold a space), the cover image at width 300 (spec
// section 9) in Obsidian's `![alt|300](url)` form, then each highlight as a quote with its note.
import type { Bookmark } from '../domain/entities/bookmark'
import { BookmarkType } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import { MediaType, isImageMark } from '../domain/entities/mark'
import { toMarkdownTag } from '../domain/tags'
import type { BookmarkWithMarks } from './export-library'
import { toIsoTime } from './export-library'

/** Width of the cover image in a Markdown export. */
export const MARKDOWN_COVER_IMAGE_WIDTH = 300

/** Characters a file name may not hold on Windows, macOS or Linux, or in an Obsidian link. */
// Control characters are what this pattern is about.
// eslint-disable-next-line no-control-regex
const FILE_NAME_FORBIDDEN = /[\\/:*?"<>|#^[\]\u0000-\u001f]/g
/** Longest file name stem written. */
export const MARKDOWN_FILE_NAME_MAX_LENGTH = 100

/** The Markdown document of one bookmark and its marks. */
export function toMarkdown({ bookmark, marks }: BookmarkWithMarks): string {
  const title = bookmark.title?.trim() || bookmark.url
  const lines = [...frontMatter(bookmark), '', `# ${escapeMarkdownText(title)}`, '']
  const cover = bookmark.coverImageUrl ?? bookmark.image
  if (cover !== undefined && cover !== '') {
    lines.push(
      `![${escapeLinkText(bookmark.coverTitle ?? title)}|${MARKDOWN_COVER_IMAGE_WIDTH}](${escapeLinkTarget(cover)})`,
      '',
    )
  }
  // A Kindle book's address is Inkmark's own, not a page to open.
  if (bookmark.type !== BookmarkType.KINDLE) {
    lines.push(`[${escapeLinkText(bookmark.url)}](${escapeLinkTarget(bookmark.url)})`, '')
  }
  if (bookmark.description !== undefined && bookmark.description.trim() !== '') {
    lines.push(escapeMarkdownText(bookmark.description.trim()), '')
  }
  for (const mark of marks) {
    lines.push(...markLines(mark), '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}

/** A file name for a bookmark's note: its title without forbidden characters, plus `.md`. */
export function markdownFileName(bookmark: Pick<Bookmark, 'title' | 'url' | '_id'>): string {
  const stem = (bookmark.title ?? '')
    .replace(FILE_NAME_FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MARKDOWN_FILE_NAME_MAX_LENGTH)
    .trim()
  return `${stem === '' ? bookmark._id : stem}.md`
}

/** A tag as an Obsidian inline tag: `#` and the tag with hyphens for spaces. */
export function toObsidianTag(tag: string): string {
  return `#${toMarkdownTag(tag)}`
}

function frontMatter(bookmark: Bookmark): string[] {
  const tags = [...new Set(bookmark.tags.map(toMarkdownTag).filter((tag) => tag !== ''))]
  return [
    '---',
    `title: ${yamlString(bookmark.title?.trim() || bookmark.url)}`,
    `url: ${yamlString(bookmark.url)}`,
    ...(bookmark.author === undefined ? [] : [`author: ${yamlString(bookmark.author)}`]),
    ...(tags.length === 0
      ? ['tags: []']
      : ['tags:', ...tags.map((tag) => `  - ${yamlString(tag)}`)]),
    `created: ${yamlString(toIsoTime(bookmark.createdAt))}`,
    ...(bookmark.updatedAt === undefined
      ? []
      : [`updated: ${yamlString(toIsoTime(bookmark.updatedAt))}`]),
    '---',
  ]
}

function markLines(mark: Mark): string[] {
  const lines: string[] = []
  if (isImageMark(mark)) {
    lines.push(
      `![${escapeLinkText(mark.imageAlt ?? '')}](${escapeLinkTarget(mark.imageSrc ?? '')})`,
    )
  } else if (mark.text !== undefined && mark.text.trim() !== '') {
    const text = mark.text.trim()
    lines.push(
      ...(mark.mediaType === MediaType.CODE
        ? ['> ```', ...text.split('\n').map((line) => `> ${line}`), '> ```']
        : text.split('\n').map((line) => `> ${escapeMarkdownText(line)}`.trimEnd())),
    )
  }
  const notes = mark.notes?.trim() ?? ''
  if (notes !== '') {
    lines.push(...(lines.length === 0 ? [] : ['']), escapeMarkdownText(notes))
  }
  const tags = mark.tags.map(toMarkdownTag).filter((tag) => tag !== '')
  if (tags.length > 0) {
    lines.push('', tags.map((tag) => `#${tag}`).join(' '))
  }
  return lines
}

// A double-quoted YAML scalar: JSON's string syntax is valid YAML.
function yamlString(value: string): string {
  return JSON.stringify(value)
}

// Markdown would read these as markup at a line start or inline (and `<` as HTML in Obsidian).
function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, '\\$&').replace(/^(\s*)([#>+-]|\d+\.)(\s)/gm, '$1\\$2$3')
}

function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]|]/g, '\\$&').replace(/\s+/g, ' ')
}

// Spaces, parentheses and angle brackets would end or break a link target: percent-encode them.
function escapeLinkTarget(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
}
