// W3C Web Annotation export (https://www.w3.org/TR/annotation-model/), JSON-LD, valid against the
// W3C's annotation test-suite schemas (web-platform-tests annotation-model): an
// AnnotationCollection with an id, whose one embedded AnnotationPage (with an id) holds an
// annotation per mark. The target is the page with the selectors the highlighter keeps in
// `highlightSource.selectors` (TextQuoteSelector, and TextPositionSelector whose offsets count
// code points, as the model says), else a TextQuoteSelector of the highlighted text; a target
// without a selector is the page's IRI itself. The note is a commenting body (a rich-text note as
// a Choice of its plain text and its rich text), each tag a tagging body, as Hypothesis exports
// them, and the colour a CSS style class on the target with the annotation's stylesheet (model
// 4.4). docs/adr/068-moving-in-with-anchors.md; web-annotations-json.ts reads it back.
import { AnchorSelectorSchema } from '../anchoring/selector-schemas'
import type { AnchorSelector } from '../anchoring/selectors'
import type { Mark } from '../domain/entities/mark'
import { isImageMark, markNoteText } from '../domain/entities/mark'
import type { ExportLibrary } from './export-library'
import { groupMarksByBookmark, toIsoTime } from './export-library'

/** The JSON-LD context of the Web Annotation vocabulary. */
export const WEB_ANNOTATION_CONTEXT = 'http://www.w3.org/ns/anno.jsonld'
/** The prefix of exported annotation ids (mark ids are not IRIs of their own). */
export const WEB_ANNOTATION_ID_PREFIX = 'urn:inkmark:mark:'
/** The media type of a note's rich text (the mark's `richText` insert operations as JSON). */
export const RICH_TEXT_FORMAT = 'application/vnd.inkmark.rich-text+json'
/** The prefix of the style class naming a highlight colour: `inkmark-color-fdffb4`. */
export const COLOR_CLASS_PREFIX = 'inkmark-color-'

/** A textual body: the note (commenting) or a tag (tagging). */
export interface WebAnnotationTextualBody {
  type: 'TextualBody'
  value: string
  purpose: 'commenting' | 'tagging'
  format?: 'text/plain' | typeof RICH_TEXT_FORMAT
}

/** A note kept as rich text: its plain text first (what most readers show), then its rich text. */
export interface WebAnnotationChoiceBody {
  type: 'Choice'
  items: WebAnnotationTextualBody[]
}

export type WebAnnotationBody = WebAnnotationTextualBody | WebAnnotationChoiceBody

/** What an annotation points at: a part of the page, or the page's IRI. */
export type WebAnnotationTarget =
  string | { source: string; selector?: AnchorSelector[]; styleClass?: string }

/** One exported mark. */
export interface WebAnnotation {
  '@context'?: string
  id: string
  type: 'Annotation'
  motivation: 'highlighting' | 'commenting'
  created: string
  modified?: string
  body?: WebAnnotationBody[]
  stylesheet?: { type: 'CssStylesheet'; value: string }
  target: WebAnnotationTarget
}

/** The exported file: a collection with one page of annotations. */
export interface WebAnnotationCollection {
  '@context': string
  id: string
  type: 'AnnotationCollection'
  label: string
  total: number
  first: { id: string; type: 'AnnotationPage'; startIndex: 0; items: WebAnnotation[] }
}

/** The style class of a highlight colour (`#FDFFB4` -> `inkmark-color-fdffb4`); null if not hex. */
export function colorClassOf(color: string): string | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim())?.[1]
  return hex === undefined ? null : `${COLOR_CLASS_PREFIX}${hex.toLowerCase()}`
}

function noteBodies(mark: Mark): WebAnnotationBody[] {
  const plain = markNoteText(mark)
  const rich = mark.richText ?? []
  const hasRich = rich.some((op) => typeof op.insert !== 'string' || op.insert.trim() !== '')
  if (plain === '' && !hasRich) {
    return []
  }
  const text: WebAnnotationTextualBody = {
    type: 'TextualBody',
    value: plain,
    purpose: 'commenting',
    format: 'text/plain',
  }
  if (!hasRich) {
    return [text]
  }
  return [
    {
      type: 'Choice',
      items: [
        text,
        {
          type: 'TextualBody',
          value: JSON.stringify(rich),
          purpose: 'commenting',
          format: RICH_TEXT_FORMAT,
        },
      ],
    },
  ]
}

/** The W3C annotation of one mark (without @context, which the collection carries). */
export function toWebAnnotation(mark: Mark): WebAnnotation {
  const body: WebAnnotationBody[] = [
    ...noteBodies(mark),
    ...mark.tags.map((tag) => ({
      type: 'TextualBody' as const,
      value: tag,
      purpose: 'tagging' as const,
    })),
  ]
  const selector = markSelectors(mark)
  const source = isImageMark(mark) ? (mark.imageSrc ?? mark.url) : mark.url
  const styleClass = colorClassOf(mark.color)
  const changed = mark.updatedAt ?? mark.modifiedAt
  const isNote = (mark.text?.trim() ?? '') === '' && markNoteText(mark) !== ''
  return {
    id: `${WEB_ANNOTATION_ID_PREFIX}${encodeURIComponent(mark._id)}`,
    type: 'Annotation',
    motivation: isNote ? 'commenting' : 'highlighting',
    created: toIsoTime(mark.createdAt),
    ...(changed === undefined ? {} : { modified: toIsoTime(changed) }),
    ...(body.length === 0 ? {} : { body }),
    ...(selector.length === 0 || styleClass === null
      ? {}
      : {
          stylesheet: {
            type: 'CssStylesheet' as const,
            value: `.${styleClass} { background-color: ${mark.color.trim().toLowerCase()}; }`,
          },
        }),
    // The model's Specific Resource needs a selector (or a style); without one, the page itself.
    target:
      selector.length === 0
        ? source
        : { source, selector, ...(styleClass === null ? {} : { styleClass }) },
  }
}

/** Options of the collection. */
export interface WebAnnotationCollectionOptions {
  label?: string
  /** The collection's IRI (a new `urn:uuid:` by default); its page is `{id}#page-1`. */
  id?: string
}

/** The Web Annotation collection of every live mark of the library's live bookmarks. */
export function toWebAnnotationCollection(
  library: ExportLibrary,
  options: WebAnnotationCollectionOptions = {},
): WebAnnotationCollection {
  const items = groupMarksByBookmark(library).flatMap(({ marks }) => marks.map(toWebAnnotation))
  const id = options.id ?? `urn:uuid:${crypto.randomUUID()}`
  return {
    '@context': WEB_ANNOTATION_CONTEXT,
    id,
    type: 'AnnotationCollection',
    label: options.label ?? 'Inkmark highlights',
    total: items.length,
    first: { id: `${id}#page-1`, type: 'AnnotationPage', startIndex: 0, items },
  }
}

/**
 * The selectors to export: the stored ones the model defines and Inkmark anchors by (a quote, a
 * position in code points); others a file brought in (Hypothesis's RangeSelector, whose XPath
 * offsets count UTF-16 units and whose shape is not the model's) stay in the library only.
 */
function markSelectors(mark: Mark): AnchorSelector[] {
  const stored: unknown = mark.highlightSource?.selectors
  const valid = Array.isArray(stored)
    ? stored.flatMap((selector) => {
        const parsed = AnchorSelectorSchema.safeParse(selector)
        return parsed.success ? [parsed.data] : []
      })
    : []
  if (valid.length > 0 || isImageMark(mark)) {
    return valid
  }
  const exact = mark.text?.trim() ?? ''
  return exact === '' ? [] : [{ type: 'TextQuoteSelector', exact }]
}
