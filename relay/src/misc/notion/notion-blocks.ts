// An export as Notion blocks (API version 2022-06-28): the page's header (link back to the page, a
// link to it in Inkmark, its image by the spec's image rule, its tags and description), then each
// highlight as a quote in its colour's Notion background, its note and its tags below it. Notion's
// limits are kept here: a rich-text item holds at most 2,000 characters (longer texts are split
// into several items), an append takes at most 100 blocks and a request body is kept well under
// Notion's 500 KB. Every text goes in as a plain text item: Notion renders nothing of it as markup.
import {
  notionImageUrl,
  notionImageOrFallback,
  toHexColor,
  type ExportMark,
  type ExportPagePayload,
} from '@inkmark/shared'

/** Characters of one rich-text item (Notion's limit). */
export const NOTION_RICH_TEXT_MAX_LENGTH = 2_000
/** Items of one rich-text array (Notion's limit). */
export const NOTION_RICH_TEXT_MAX_ITEMS = 100
/** Blocks of one append or page creation (Notion's limit). */
export const NOTION_MAX_CHILDREN_PER_CALL = 100
/** Largest JSON of the blocks of one call (Notion allows 500 KB for the whole body). */
export const NOTION_MAX_CHILDREN_BYTES = 400_000
/** Longest multi-select option name (Notion's limit); commas are not allowed in one. */
export const NOTION_OPTION_MAX_LENGTH = 100
/** The heading above the highlights. */
export const HIGHLIGHTS_HEADING = 'Highlights'
/** The link back to the page in Inkmark. */
export const OPEN_IN_INKMARK = 'Open in Inkmark'

/** Notion's background colours a highlight can get. */
export type NotionBackground =
  | 'yellow_background'
  | 'orange_background'
  | 'green_background'
  | 'pink_background'
  | 'purple_background'
  | 'blue_background'
  | 'red_background'
  | 'gray_background'

export interface NotionAnnotations {
  bold?: boolean
  italic?: boolean
  color?: string
}

export interface NotionRichText {
  type: 'text'
  text: { content: string; link?: { url: string } }
  annotations?: NotionAnnotations
}

/** A block as sent to Notion: `{ object, type, [type]: content }`. */
export interface NotionBlock {
  object: 'block'
  type: string
  [content: string]: unknown
}

/** The Inkmark palettes' colours by name (shared color.ts), as Notion backgrounds. */
const PALETTE_BACKGROUNDS: Readonly<Record<string, NotionBackground>> = {
  '#fdffb4': 'yellow_background',
  '#f8fc46': 'yellow_background',
  '#ffec70': 'yellow_background',
  '#ffad2a': 'orange_background',
  '#f8b6a8': 'red_background',
  '#a7e8c8': 'green_background',
  '#92ffaa': 'green_background',
  '#f7c2d6': 'pink_background',
  '#fb83b3': 'pink_background',
  '#fbbdff': 'pink_background',
  '#c3bbec': 'purple_background',
  '#9d64e2': 'purple_background',
  '#c3effc': 'blue_background',
  '#3cbefc': 'blue_background',
  '#8ffdff': 'blue_background',
}

/** Hue (0-360) and saturation (0-1) of a #rrggbb colour. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const delta = max - min
  const lightness = (max + min) / 2
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1))
  let hue = 0
  if (delta !== 0) {
    hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4
    hue = (hue * 60 + 360) % 360
  }
  return { hue, saturation }
}

/** The Notion background closest to a highlight colour (grey for colourless or unreadable ones). */
export function notionBackgroundOf(color: string): NotionBackground {
  const hex = toHexColor(color)
  if (hex === null) {
    return 'gray_background'
  }
  const rgb = hex.slice(0, 7)
  const named = PALETTE_BACKGROUNDS[rgb]
  if (named) {
    return named
  }
  const { hue, saturation } = hueAndSaturation(rgb)
  if (saturation < 0.15) {
    return 'gray_background'
  }
  if (hue < 15 || hue >= 345) {
    return 'red_background'
  }
  if (hue < 40) {
    return 'orange_background'
  }
  if (hue < 70) {
    return 'yellow_background'
  }
  if (hue < 170) {
    return 'green_background'
  }
  if (hue < 250) {
    return 'blue_background'
  }
  if (hue < 290) {
    return 'purple_background'
  }
  return 'pink_background'
}

/** `text` cut into pieces of at most `max` UTF-16 units, never inside a surrogate pair. */
export function splitText(text: string, max = NOTION_RICH_TEXT_MAX_LENGTH): string[] {
  const pieces: string[] = []
  let start = 0
  while (start < text.length) {
    let end = Math.min(text.length, start + max)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) {
      end -= 1
    }
    pieces.push(text.slice(start, end))
    start = end
  }
  return pieces
}

/** Rich text of `text`, split into items Notion takes (at most 100 of them). */
export function richText(
  text: string,
  annotations?: NotionAnnotations,
  link?: string,
): NotionRichText[] {
  return splitText(text)
    .slice(0, NOTION_RICH_TEXT_MAX_ITEMS)
    .map((content) => ({
      type: 'text' as const,
      text: { content, ...(link ? { link: { url: link } } : {}) },
      ...(annotations ? { annotations } : {}),
    }))
}

function block(type: string, content: Record<string, unknown>): NotionBlock {
  return { object: 'block', type, [type]: content }
}

function paragraph(rich: NotionRichText[]): NotionBlock {
  return block('paragraph', { rich_text: rich })
}

function image(url: string): NotionBlock {
  return block('image', { type: 'external', external: { url } })
}

function tagsLine(tags: readonly string[]): NotionBlock {
  return paragraph(richText(`Tags: ${tags.map((tag) => `#${tag}`).join(' ')}`, { color: 'gray' }))
}

/** The blocks of one highlight: the quote in its colour, then its note and its tags. */
export function highlightBlocks(mark: ExportMark): NotionBlock[] {
  const blocks: NotionBlock[] = []
  if (mark.imageSrc !== undefined) {
    // An image highlight keeps its own image when Notion takes it; otherwise a link to it (a
    // stand-in picture would lose what was highlighted).
    const kept = notionImageUrl(mark.imageSrc, '')
    blocks.push(kept ? image(kept) : paragraph(richText(mark.imageSrc, undefined, mark.imageSrc)))
  }
  if (mark.text.trim() !== '' || mark.imageSrc === undefined) {
    blocks.push(
      block('quote', { rich_text: richText(mark.text), color: notionBackgroundOf(mark.color) }),
    )
  }
  if (mark.note) {
    blocks.push(
      paragraph(
        [...richText('Note: ', { bold: true }), ...richText(mark.note)].slice(
          0,
          NOTION_RICH_TEXT_MAX_ITEMS,
        ),
      ),
    )
  }
  if (mark.tags.length > 0) {
    blocks.push(tagsLine(mark.tags))
  }
  return blocks
}

/** Every block of an exported page, in order. */
export function exportBlocks(payload: ExportPagePayload): NotionBlock[] {
  const { page, marks } = payload
  const blocks: NotionBlock[] = [block('bookmark', { url: page.url, caption: [] })]
  if (page.inkmarkUrl) {
    blocks.push(paragraph(richText(OPEN_IN_INKMARK, undefined, page.inkmarkUrl)))
  }
  blocks.push(image(notionImageOrFallback(page.image)))
  if (page.tags.length > 0) {
    blocks.push(tagsLine(page.tags))
  }
  if (page.description) {
    blocks.push(paragraph(richText(page.description, { italic: true })))
  }
  blocks.push(block('divider', {}))
  blocks.push(block('heading_2', { rich_text: richText(HIGHLIGHTS_HEADING) }))
  for (const mark of marks) {
    blocks.push(...highlightBlocks(mark))
  }
  return blocks
}

/** The blocks cut into calls of at most 100 blocks and NOTION_MAX_CHILDREN_BYTES of JSON. */
export function batchBlocks(
  blocks: readonly NotionBlock[],
  maxCount = NOTION_MAX_CHILDREN_PER_CALL,
  maxBytes = NOTION_MAX_CHILDREN_BYTES,
): NotionBlock[][] {
  const batches: NotionBlock[][] = []
  let current: NotionBlock[] = []
  let bytes = 0
  for (const one of blocks) {
    const size = Buffer.byteLength(JSON.stringify(one))
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(current)
      current = []
      bytes = 0
    }
    current.push(one)
    bytes += size
  }
  if (current.length > 0) {
    batches.push(current)
  }
  return batches
}

/** A title property's value. */
export function titleValue(title: string): { title: NotionRichText[] } {
  return { title: richText(title.trim() === '' ? 'Untitled' : title) }
}

/** Tags as multi-select options: no commas (Notion refuses them), at most 100 characters, once. */
export function multiSelectValue(tags: readonly string[]): { multi_select: { name: string }[] } {
  const names: string[] = []
  for (const tag of tags) {
    const name = tag.replace(/,/g, ' ').trim().slice(0, NOTION_OPTION_MAX_LENGTH)
    if (name !== '' && !names.includes(name)) {
      names.push(name)
    }
  }
  return { multi_select: names.map((name) => ({ name })) }
}
