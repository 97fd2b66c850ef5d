// Markdown export, one note per bookmark, shaped for Obsidian: YAML front matter (title, url,
// author, tags, dates) that Obsidian reads as properties, tags spelled with hyphens for spaces
// (spec section 5; an Obsidian tag cannot hold a space), the cover image at width 300 (spec
// section 9) in Obsidian's `![alt|300](url)` form, then each highlight as a quote with its note.
// Highlight and note texts come from any page: they are written as text (Markdown and HTML specials
// escaped), code sits in a fence longer than any backtick run in it, and a link or image whose
// target a renderer would run or inline (javascript:, vbscript:, data:) is not written as one.
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
  if (cover !== undefined && cover !== '' && isSafeLinkTarget(cover)) {
    lines.push(
      `![${escapeLinkText(bookmark.coverTitle ?? title)}|${MARKDOWN_COVER_IMAGE_WIDTH}](${escapeLinkTarget(cover)})`,
      '',
    )
  }
  // A Kindle book's address is Inkmark's own, not a page to open.
  if (bookmark.type !== BookmarkType.KINDLE) {
    lines.push(
      isSafeLinkTarget(bookmark.url)
        ? `[${escapeLinkText(bookmark.url)}](${escapeLinkTarget(bookmark.url)})`
        : escapeLinkText(bookmark.url),
      '',
    )
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
    const src = mark.imageSrc ?? ''
    const alt = escapeLinkText(mark.imageAlt ?? '')
    // An image the renderer must not load (a data: or script address) keeps only its alt text.
    lines.push(isSafeLinkTarget(src) ? `![${alt}](${escapeLinkTarget(src)})` : alt)
  } else if (mark.text !== undefined && mark.text.trim() !== '') {
    const text = toLines(mark.text.trim())
    if (mark.mediaType === MediaType.CODE) {
      const fence = codeFence(text)
      lines.push(`> ${fence}`, ...text.map((line) => `> ${line}`.trimEnd()), `> ${fence}`)
    } else {
      lines.push(...text.map((line) => `> ${escapeMarkdownText(line)}`.trimEnd()))
    }
  }
  const notes = mark.notes?.trim() ?? ''
  if (notes !== '') {
    lines.push(...(lines.length === 0 ? [] : ['']), ...toLines(notes).map(escapeMarkdownText))
  }
  const tags = mark.tags.map(toMarkdownTag).filter((tag) => tag !== '')
  if (tags.length > 0) {
    lines.push('', tags.map((tag) => `#${escapeMarkdownText(tag)}`).join(' '))
  }
  return lines
}

// A double-quoted YAML scalar: JSON's string syntax is valid YAML.
function yamlString(value: string): string {
  return JSON.stringify(value)
}

/** Schemes a Markdown viewer would run or inline from a link or image target: never written. */
const UNSAFE_LINK_SCHEMES = ['javascript', 'vbscript', 'data'] as const

// Markdown would read these as markup at a line start or inline (and `<` as HTML in Obsidian, `&`
// as the start of an entity, `~~~` as a fence).
function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*_~[\]<>|&]/g, '\\$&').replace(/^(\s*)([#>+-]|\d+\.)(\s)/gm, '$1\\$2$3')
}

// Link text is inline Markdown too (HTML and emphasis work inside it), on one line.
function escapeLinkText(text: string): string {
  return text.replace(/[\\`*_~[\]<>|&]/g, '\\$&').replace(/\s+/g, ' ')
}

/** Lines of a text, with every line ending CommonMark knows (a lone CR is one too). */
function toLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

/** A backtick fence longer than any run of backticks in the code, so no line can close it. */
function codeFence(lines: readonly string[]): string {
  const longestRun = Math.max(
    0,
    ...lines.flatMap((line) => line.match(/`+/g) ?? []).map((run) => run.length),
  )
  return '`'.repeat(Math.max(3, longestRun + 1))
}

/**
 * Whether a link or image target is safe to write: not one of the unsafe schemes, however spelled.
 * The target is read the way a renderer and then a browser would: HTML character references and
 * backslash escapes decoded, ASCII tabs and line breaks removed, leading spaces and controls
 * trimmed, the scheme compared without case.
 */
export function isSafeLinkTarget(url: string): boolean {
  const decoded = decodeCharacterReferences(url)
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    // A URL parser drops tabs and line breaks anywhere and controls and spaces at the start.
    .replace(/[\t\n\r]/g, '')
    // Control characters are what this pattern is about.
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+/, '')
    .toLowerCase()
  return !UNSAFE_LINK_SCHEMES.some((scheme) => decoded.startsWith(`${scheme}:`))
}

/** Decodes numeric character references and the named ones a scheme could be spelled with. */
function decodeCharacterReferences(text: string): string {
  let current = text
  // Repeated until stable, so that `&amp;#106;` is read as the `j` a double decode would give.
  for (let round = 0; round < 4; round++) {
    const next = current.replace(
      /&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi,
      (whole, name: string) => {
        const lower = name.toLowerCase()
        const code = lower.startsWith('#x')
          ? Number.parseInt(lower.slice(2), 16)
          : lower.startsWith('#')
            ? Number.parseInt(lower.slice(1), 10)
            : undefined
        if (code !== undefined) {
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
        }
        return NAMED_REFERENCES[lower] ?? whole
      },
    )
    if (next === current) {
      break
    }
    current = next
  }
  return current
}

// HTML's named references that spell characters of a scheme or the separators around it.
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: ' ',
  sol: '/',
  lpar: '(',
  rpar: ')',
}

// Spaces, parentheses and angle brackets would end or break a link target: percent-encode them.
// A backslash too, and `&` is backslash-escaped, so that the renderer decodes no escape and no
// character reference: the address written is the address checked.
function escapeLinkTarget(url: string): string {
  return url
    .replace(/[\s()<>\\]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '\\&')
}
