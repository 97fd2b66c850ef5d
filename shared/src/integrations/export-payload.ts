// What the web app sends the misc server to export one page with its highlights to Notion or
// Capacities (docs/adr/066-notion-and-capacities.md). The payload is plain data cut from our own
// entities: the note is plain text (never rich-text HTML), colours are hex, and every text and list
// has a limit so that one request stays small enough to check and to hand on to the service.
import { z } from 'zod'
import { sortMarks } from '../domain/mark-order'
import { markNoteText, type Mark } from '../domain/entities/mark'
import type { Bookmark } from '../domain/entities/bookmark'

/** Most highlights one export carries (a page with more exports its first ones in page order). */
export const MAX_EXPORT_MARKS = 2_000
/** Longest highlight text and longest note of one highlight, in characters. */
export const MAX_EXPORT_TEXT_LENGTH = 20_000
/** Longest page title. */
export const MAX_EXPORT_TITLE_LENGTH = 2_000
/** Longest page description. */
export const MAX_EXPORT_DESCRIPTION_LENGTH = 5_000
/** Longest URL (page, image, link back): Notion takes links of at most 2,000 characters. */
export const MAX_EXPORT_URL_LENGTH = 2_000
/** Most tags of the page or of one highlight. */
export const MAX_EXPORT_TAGS = 100
/** Longest tag. */
export const MAX_EXPORT_TAG_LENGTH = 100
/** Longest colour value (hex, or a CSS colour from an old import). */
export const MAX_EXPORT_COLOR_LENGTH = 64
/** Longest id of an existing page to update. */
export const MAX_EXPORT_PAGE_ID_LENGTH = 100

const HTTP_URL = /^https?:\/\//i

const urlSchema = z
  .string()
  .max(MAX_EXPORT_URL_LENGTH)
  .regex(HTTP_URL, 'Only http(s) addresses can be exported')
const tagsSchema = z.array(z.string().min(1).max(MAX_EXPORT_TAG_LENGTH)).max(MAX_EXPORT_TAGS)

/** One highlight as exported. */
export const ExportMarkSchema = z.object({
  text: z.string().max(MAX_EXPORT_TEXT_LENGTH),
  color: z.string().min(1).max(MAX_EXPORT_COLOR_LENGTH),
  /** The note as plain text. */
  note: z.string().max(MAX_EXPORT_TEXT_LENGTH).optional(),
  tags: tagsSchema,
  createdAt: z.number().int().nonnegative(),
  /** An image highlight's image. */
  imageSrc: urlSchema.optional(),
})
export type ExportMark = z.infer<typeof ExportMarkSchema>

/** The exported page. */
export const ExportPageSchema = z.object({
  url: urlSchema,
  title: z.string().max(MAX_EXPORT_TITLE_LENGTH),
  description: z.string().max(MAX_EXPORT_DESCRIPTION_LENGTH).optional(),
  image: urlSchema.optional(),
  tags: tagsSchema,
  /** The page in the Inkmark web app (the export links back to it). */
  inkmarkUrl: urlSchema.optional(),
})
export type ExportPage = z.infer<typeof ExportPageSchema>

/** The body of POST /notion/page/{id}, /notion/database/{id} and (with spaceId) /capacities/weblink. */
export const ExportPagePayloadSchema = z.object({
  /** The page an earlier export created: update it rather than make another. */
  existingPageId: z.string().min(1).max(MAX_EXPORT_PAGE_ID_LENGTH).optional(),
  page: ExportPageSchema,
  marks: z.array(ExportMarkSchema).max(MAX_EXPORT_MARKS),
})
export type ExportPagePayload = z.infer<typeof ExportPagePayloadSchema>

/** The fields of a bookmark an export reads. */
export type ExportedBookmark = Pick<
  Bookmark,
  'url' | 'title' | 'description' | 'image' | 'tags' | 'meta' | 'coverImageUrl'
>

/** The fields of a mark an export reads. */
export type ExportedMark = Pick<
  Mark,
  | '_id'
  | 'text'
  | 'color'
  | 'notes'
  | 'richText'
  | 'tags'
  | 'createdAt'
  | 'imageSrc'
  | 'deletedAt'
  | 'domElementOffsetTop'
  | 'domElementOffsetLeft'
  | 'highlightSource'
>

function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max)
}

function httpUrl(url: string | undefined): string | undefined {
  const trimmed = url?.trim()
  return trimmed && HTTP_URL.test(trimmed) && trimmed.length <= MAX_EXPORT_URL_LENGTH
    ? trimmed
    : undefined
}

function exportTags(tags: readonly string[]): string[] {
  const kept: string[] = []
  for (const tag of tags) {
    const clean = cut(tag.trim(), MAX_EXPORT_TAG_LENGTH)
    if (clean !== '' && !kept.includes(clean)) {
      kept.push(clean)
    }
  }
  return kept.slice(0, MAX_EXPORT_TAGS)
}

function exportMark(mark: ExportedMark): ExportMark {
  const note = cut(markNoteText(mark), MAX_EXPORT_TEXT_LENGTH)
  const imageSrc = httpUrl(mark.imageSrc)
  return {
    text: cut(mark.text ?? '', MAX_EXPORT_TEXT_LENGTH),
    color: cut(mark.color, MAX_EXPORT_COLOR_LENGTH) || '#fdffb4',
    ...(note !== '' ? { note } : {}),
    tags: exportTags(mark.tags),
    createdAt: Math.max(0, Math.trunc(mark.createdAt)),
    ...(imageSrc !== undefined ? { imageSrc } : {}),
  }
}

/**
 * The export of a bookmark and its marks: the page's title, description and image (its own, else
 * the page's metadata), its tags and the link back; the live highlights in page order, each with
 * its note as plain text (the `notes`, else the rich text's words). Texts are cut to the limits, so
 * the result always passes ExportPagePayloadSchema when the bookmark's URL is http(s).
 */
export function exportPayloadOf(
  bookmark: ExportedBookmark,
  marks: readonly ExportedMark[],
  inkmarkUrl?: string,
  existingPageId?: string,
): ExportPagePayload {
  const title = bookmark.title?.trim() || bookmark.meta?.title?.trim() || bookmark.url
  const description = (bookmark.description ?? bookmark.meta?.description ?? '').trim()
  const image = httpUrl(bookmark.image ?? bookmark.meta?.image ?? bookmark.coverImageUrl)
  const link = httpUrl(inkmarkUrl)
  const live = sortMarks(marks.filter((mark) => mark.deletedAt === undefined))
  return {
    ...(existingPageId ? { existingPageId } : {}),
    page: {
      url: bookmark.url,
      title: cut(title, MAX_EXPORT_TITLE_LENGTH),
      ...(description !== ''
        ? { description: cut(description, MAX_EXPORT_DESCRIPTION_LENGTH) }
        : {}),
      ...(image !== undefined ? { image } : {}),
      tags: exportTags(bookmark.tags),
      ...(link !== undefined ? { inkmarkUrl: link } : {}),
    },
    marks: live.slice(0, MAX_EXPORT_MARKS).map(exportMark),
  }
}
