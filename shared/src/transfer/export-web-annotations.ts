// W3C Web Annotation export (https://www.w3.org/TR/annotation-model/), JSON-LD: an
// AnnotationCollection whose one page holds an annotation per mark. The target is the page URL with
// the TextQuoteSelector and TextPositionSelector the highlighter keeps in
// `highlightSource.selectors` (valid ones only), else a TextQuoteSelector of the highlighted text;
// the note is a commenting body and each tag a tagging body, as Hypothesis exports them.
import { AnchorSelectorSchema } from '../anchoring/selector-schemas'
import type { AnchorSelector } from '../anchoring/selectors'
import type { Mark } from '../domain/entities/mark'
import { isImageMark } from '../domain/entities/mark'
import type { ExportLibrary } from './export-library'
import { groupMarksByBookmark, toIsoTime } from './export-library'

/** The JSON-LD context of the Web Annotation vocabulary. */
export const WEB_ANNOTATION_CONTEXT = 'http://www.w3.org/ns/anno.jsonld'
/** The prefix of exported annotation ids (mark ids are not IRIs of their own). */
export const WEB_ANNOTATION_ID_PREFIX = 'urn:inkmark:mark:'

/** A textual body: the note (commenting) or a tag (tagging). */
export interface WebAnnotationBody {
  type: 'TextualBody'
  value: string
  purpose: 'commenting' | 'tagging'
  format?: 'text/plain'
}

/** What an annotation points at. */
export interface WebAnnotationTarget {
  source: string
  selector?: AnchorSelector[]
}

/** One exported mark. */
export interface WebAnnotation {
  '@context'?: string
  id: string
  type: 'Annotation'
  motivation: 'highlighting' | 'commenting'
  created: string
  modified?: string
  body?: WebAnnotationBody[]
  target: WebAnnotationTarget
}

/** The exported file: a collection with one page of annotations. */
export interface WebAnnotationCollection {
  '@context': string
  type: 'AnnotationCollection'
  label: string
  total: number
  first: { type: 'AnnotationPage'; startIndex: 0; items: WebAnnotation[] }
}

/** The W3C annotation of one mark (without @context, which the collection carries). */
export function toWebAnnotation(mark: Mark): WebAnnotation {
  const notes = mark.notes?.trim() ?? ''
  const body: WebAnnotationBody[] = [
    ...(notes === ''
      ? []
      : [
          {
            type: 'TextualBody' as const,
            value: notes,
            purpose: 'commenting' as const,
            format: 'text/plain' as const,
          },
        ]),
    ...mark.tags.map((tag) => ({
      type: 'TextualBody' as const,
      value: tag,
      purpose: 'tagging' as const,
    })),
  ]
  const selector = markSelectors(mark)
  const changed = mark.modifiedAt ?? mark.updatedAt
  return {
    id: `${WEB_ANNOTATION_ID_PREFIX}${encodeURIComponent(mark._id)}`,
    type: 'Annotation',
    motivation: mark.text === undefined && notes !== '' ? 'commenting' : 'highlighting',
    created: toIsoTime(mark.createdAt),
    ...(changed === undefined ? {} : { modified: toIsoTime(changed) }),
    ...(body.length === 0 ? {} : { body }),
    target: {
      source: isImageMark(mark) ? (mark.imageSrc ?? mark.url) : mark.url,
      ...(selector.length === 0 ? {} : { selector }),
    },
  }
}

/** The Web Annotation collection of every live mark of the library's live bookmarks. */
export function toWebAnnotationCollection(
  library: ExportLibrary,
  label = 'Inkmark highlights',
): WebAnnotationCollection {
  const items = groupMarksByBookmark(library).flatMap(({ marks }) => marks.map(toWebAnnotation))
  return {
    '@context': WEB_ANNOTATION_CONTEXT,
    type: 'AnnotationCollection',
    label,
    total: items.length,
    first: { type: 'AnnotationPage', startIndex: 0, items },
  }
}

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
