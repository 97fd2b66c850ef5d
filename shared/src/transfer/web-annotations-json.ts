// W3C Web Annotation JSON-LD (https://www.w3.org/TR/annotation-model/), the format Inkmark exports
// (export-web-annotations.ts), read back so that a round trip loses nothing the format carries: an
// AnnotationCollection with embedded pages, one AnnotationPage, one Annotation or a list of them.
// Each annotation's target keeps its selectors (imported-anchors.ts; text positions count code
// points, as stored), a target that is only an IRI makes a note on that page; commenting bodies
// are the note (a Choice of plain and rich text keeps the rich text), tagging bodies the tags, the
// target's style class the colour, `created` and `modified` the dates. Pages linked only by IRI
// cannot be fetched and are reported. docs/adr/068-moving-in-with-anchors.md.
import { DEFAULT_HIGHLIGHT_COLOR } from '../domain/color'
import { markNoteText, type MarkRichTextOp } from '../domain/entities/mark'
import { sanitizeRichText } from '../domain/rich-text'
import { forEachInChunks } from './chunked-work'
import { COLOR_CLASS_PREFIX, RICH_TEXT_FORMAT } from './export-web-annotations'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileImportResult, FileOrigin, ImportOptions } from './import-result'
import { invalidFileError, jsonParseError } from './import-result'
import { importedHighlightSource, quoteOf, selectorListOf } from './imported-anchors'
import { dateToMillis } from './import-values'

/** What the invalid-file message names for this importer. */
export const WEB_ANNOTATIONS_ORIGIN: FileOrigin = {
  extension: 'JSON-LD',
  service: 'a Web Annotation (W3C) exporter such as Inkmark',
}

/** Embedded pages followed at most (a file, not a server: pages beyond are listed by IRI). */
const MAX_PAGES = 10_000

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A JSON-LD value that may be one item or a list of them, as a list. */
function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
}

function hasType(value: unknown, type: string): boolean {
  return isObject(value) && listOf(value.type).includes(type)
}

/** The annotations of the file (in order) and how many linked pages could not be read. */
export function webAnnotationsOf(json: unknown): { items: unknown[]; unreadPages: number } | null {
  if (Array.isArray(json)) {
    return json.every((item) => hasType(item, 'Annotation'))
      ? { items: json, unreadPages: 0 }
      : null
  }
  if (hasType(json, 'Annotation')) {
    return { items: [json], unreadPages: 0 }
  }
  let page: unknown
  if (hasType(json, 'AnnotationPage')) {
    page = json
  } else if (hasType(json, 'AnnotationCollection')) {
    page = (json as Json).first
  } else {
    return null
  }
  const items: unknown[] = []
  let pages = 0
  while (hasType(page, 'AnnotationPage') && pages < MAX_PAGES) {
    items.push(...listOf((page as Json).items))
    page = (page as Json).next
    pages += 1
  }
  return { items, unreadPages: typeof page === 'string' ? 1 : 0 }
}

/** The page IRI of a target: the IRI itself, its source (an IRI or a resource with an id). */
function sourceOf(target: unknown): string {
  if (typeof target === 'string') {
    return target
  }
  const source = isObject(target) ? target.source : undefined
  if (typeof source === 'string') {
    return source
  }
  if (isObject(source) && typeof source.id === 'string') {
    return source.id
  }
  return isObject(target) && typeof target.id === 'string' ? target.id : ''
}

/** The colour a style class names: Inkmark's class, else the stylesheet's rule for the class. */
function colorOf(target: unknown, stylesheet: unknown): string | undefined {
  for (const styleClass of isObject(target) ? listOf(target.styleClass) : []) {
    if (typeof styleClass !== 'string') {
      continue
    }
    const own = new RegExp(`^${COLOR_CLASS_PREFIX}([0-9a-f]{6})$`, 'i').exec(styleClass)
    if (own !== null) {
      return `#${own[1]!.toLowerCase()}`
    }
    const css = isObject(stylesheet) && typeof stylesheet.value === 'string' ? stylesheet.value : ''
    const escaped = styleClass.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const rule = new RegExp(
      `\\.${escaped}\\s*\\{[^}]*background(?:-color)?\\s*:\\s*(#[0-9a-f]{6})\\b`,
      'i',
    ).exec(css)
    if (rule !== null) {
      return rule[1]!.toLowerCase()
    }
  }
  return undefined
}

interface NoteAndTags {
  notes?: string
  richText?: MarkRichTextOp[]
  tags: string[]
}

/** The sanitized rich text of a rich-text body's JSON (untrusted, like any synced note). */
function richTextOf(value: string): MarkRichTextOp[] {
  return sanitizeRichText(JSON.parse(value)).map((op) => ({ ...op }))
}

function textualBodies(body: unknown): Json[] {
  return listOf(body).flatMap((item) => {
    if (typeof item === 'string') {
      return []
    }
    if (!isObject(item)) {
      return []
    }
    return hasType(item, 'Choice') || typeof item.value === 'string' ? [item] : []
  })
}

/** The note, rich text and tags the bodies (and a bodyValue) carry. */
function noteAndTags(annotation: Json): NoteAndTags {
  const tags: string[] = []
  const notes: string[] = []
  let richText: MarkRichTextOp[] | undefined
  if (typeof annotation.bodyValue === 'string') {
    notes.push(annotation.bodyValue)
  }
  for (const body of textualBodies(annotation.body)) {
    if (hasType(body, 'Choice')) {
      const options = listOf(body.items).filter(isObject)
      const rich = options.find((item) => item.format === RICH_TEXT_FORMAT)
      const plain = options.find((item) => item !== rich && typeof item.value === 'string')
      if (rich !== undefined && typeof rich.value === 'string') {
        try {
          richText = richTextOf(rich.value)
        } catch {
          richText = undefined
        }
      }
      // The plain text is the rich text's own words unless it was a note of its own.
      const plainText = typeof plain?.value === 'string' ? plain.value.trim() : ''
      if (plainText !== '' && plainText !== markNoteText({ richText })) {
        notes.push(plainText)
      }
      continue
    }
    const purposes = listOf(body.purpose)
    if (purposes.includes('tagging')) {
      const tag = (body.value as string).trim().replace(/\s+/g, ' ')
      if (tag !== '' && !tags.includes(tag)) {
        tags.push(tag)
      }
    } else if (body.format === RICH_TEXT_FORMAT) {
      try {
        richText = richTextOf(body.value as string)
      } catch {
        richText = undefined
      }
    } else if ((body.value as string).trim() !== '') {
      notes.push((body.value as string).trim())
    }
  }
  const note = notes.join('\n\n')
  return {
    tags,
    ...(note === '' ? {} : { notes: note }),
    ...(richText === undefined || richText.length === 0 ? {} : { richText }),
  }
}

/** Reads a W3C Web Annotation JSON-LD file into bookmarks, highlights and notes. */
export async function importWebAnnotations(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const body = readTextInput(text, WEB_ANNOTATIONS_ORIGIN)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    throw jsonParseError(error instanceof Error ? error.message : String(error))
  }
  const found = webAnnotationsOf(json)
  if (found === null) {
    throw invalidFileError(
      WEB_ANNOTATIONS_ORIGIN,
      'no Annotation, AnnotationPage or AnnotationCollection',
    )
  }
  const collector = new ImportCollector(options)
  await forEachInChunks(
    found.items,
    (entry, index) => {
      const line = index + 1
      if (!hasType(entry, 'Annotation')) {
        collector.fail(new Error('not an Annotation (an annotation given only by its IRI?)'), line)
        return
      }
      const annotation = entry as Json
      const target = listOf(annotation.target)[0]
      const url = sourceOf(target)
      const selectors = isObject(target) ? selectorListOf(target.selector) : []
      const highlightSource = importedHighlightSource(selectors)
      const created = typeof annotation.created === 'string' ? annotation.created : undefined
      const modified = typeof annotation.modified === 'string' ? annotation.modified : undefined
      const createdAt = dateToMillis(created)
      const bookmarkId = collector.bookmarkForPage({ url, createdAt }, line)
      const note = noteAndTags(annotation)
      const plainNote = note.notes ?? (note.richText === undefined ? '' : markNoteText(note))
      const mark = collector.addMark(
        {
          url,
          text: quoteOf(selectors),
          // The collector needs text or a note; a rich-text-only note is its words.
          notes: plainNote,
          tags: note.tags,
          color: colorOf(target, annotation.stylesheet) ?? DEFAULT_HIGHLIGHT_COLOR,
          createdAt,
          updatedAt: dateToMillis(modified),
          dateText: created,
          ...(note.richText === undefined ? {} : { richText: note.richText }),
          ...(highlightSource === undefined ? {} : { highlightSource }),
        },
        bookmarkId,
        line,
      )
      if (mark !== null && note.notes === undefined) {
        delete mark.notes
      }
    },
    options,
  )
  if (found.unreadPages > 0) {
    collector.fail(new Error('more annotations are on a page the file links to but does not hold'))
  }
  return collector.finish()
}
