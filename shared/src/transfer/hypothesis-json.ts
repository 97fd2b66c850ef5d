// Hypothesis annotations: its API's search answer (`{ total, rows: [...] }`), the client's sidebar
// export (`{ export_date, export_userid, client_version, annotations: [...] }`) or a bare list of
// annotations. Each annotation on a part of a page becomes a highlight that keeps the target's
// whole selector list (TextQuoteSelector, TextPositionSelector, RangeSelector; imported-anchors.ts)
// so it anchors on the live page, with `text` as its note, its tags and its dates; its page becomes
// a bookmark titled with document.title. A page note (no selector) becomes a note on that page; a
// reply (`references`) is skipped and listed in the report. docs/adr/068-moving-in-with-anchors.md.
import { z } from 'zod'
import { forEachInChunks } from './chunked-work'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileImportResult, FileOrigin, ImportOptions } from './import-result'
import { SkipReason, invalidFileError, jsonParseError } from './import-result'
import { importedHighlightSource, quoteOf, selectorListOf } from './imported-anchors'
import { dateToMillis } from './import-values'

/** What the invalid-file message names for this importer. */
export const HYPOTHESIS_JSON_ORIGIN: FileOrigin = { extension: 'JSON', service: 'Hypothesis' }

const AnnotationSchema = z.looseObject({
  id: z.string().optional(),
  uri: z.string().optional(),
  text: z.string().nullish(),
  tags: z.array(z.unknown()).nullish(),
  created: z.string().nullish(),
  updated: z.string().nullish(),
  target: z.array(z.unknown()).nullish(),
  document: z
    .looseObject({ title: z.union([z.array(z.unknown()), z.string()]).nullish() })
    .nullish(),
  references: z.array(z.unknown()).nullish(),
})
type HypothesisAnnotation = z.infer<typeof AnnotationSchema>

const TargetSchema = z.looseObject({ source: z.string().optional(), selector: z.unknown() })

/** The annotations of a Hypothesis file, or null when the JSON is not one. */
export function hypothesisAnnotationsOf(json: unknown): unknown[] | null {
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null
      ? ((json as { rows?: unknown }).rows ?? (json as { annotations?: unknown }).annotations)
      : undefined
  if (!Array.isArray(list)) {
    return null
  }
  // A list whose first entry is not an annotation on a URI is some other JSON.
  const first: unknown = (list as unknown[])[0]
  const isAnnotation =
    first === undefined ||
    (AnnotationSchema.safeParse(first).success &&
      typeof (first as { uri?: unknown }).uri === 'string' &&
      Array.isArray((first as { target?: unknown }).target))
  return isAnnotation ? (list as unknown[]) : null
}

function titleOf(annotation: HypothesisAnnotation): string | undefined {
  const title = annotation.document?.title
  const first = Array.isArray(title) ? title.find((item) => typeof item === 'string') : title
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined
}

function tagsOf(annotation: HypothesisAnnotation): string[] {
  const tags = (annotation.tags ?? []).flatMap((tag) =>
    typeof tag === 'string' && tag.trim() !== '' ? [tag.trim().replace(/\s+/g, ' ')] : [],
  )
  return [...new Set(tags)]
}

/** Reads a Hypothesis annotations JSON into bookmarks, highlights and page notes. */
export async function importHypothesisJson(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const body = readTextInput(text, HYPOTHESIS_JSON_ORIGIN)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    throw jsonParseError(error instanceof Error ? error.message : String(error))
  }
  const annotations = hypothesisAnnotationsOf(json)
  if (annotations === null) {
    throw invalidFileError(
      HYPOTHESIS_JSON_ORIGIN,
      'not Hypothesis annotations (rows or annotations)',
    )
  }
  const collector = new ImportCollector(options)
  await forEachInChunks(
    annotations,
    (entry, index) => {
      const line = index + 1
      const parsed = AnnotationSchema.safeParse(entry)
      if (!parsed.success) {
        collector.fail(new Error('not a Hypothesis annotation'), line)
        return
      }
      const annotation = parsed.data
      const target = TargetSchema.safeParse(annotation.target?.[0])
      const url = (target.success ? target.data.source : undefined) ?? annotation.uri ?? ''
      const title = titleOf(annotation)
      if ((annotation.references ?? []).length > 0) {
        collector.skip(SkipReason.REPLY, line, url, title)
        return
      }
      const createdAt = dateToMillis(annotation.created ?? undefined)
      const dates = {
        createdAt,
        updatedAt: dateToMillis(annotation.updated ?? undefined),
        dateText: annotation.created ?? undefined,
      }
      const bookmarkId = collector.bookmarkForPage({ url, title, createdAt }, line)
      const selectors = target.success ? selectorListOf(target.data.selector) : []
      const highlightSource = importedHighlightSource(selectors)
      collector.addMark(
        {
          url,
          title,
          text: quoteOf(selectors),
          notes: annotation.text ?? undefined,
          tags: tagsOf(annotation),
          ...dates,
          ...(highlightSource === undefined ? {} : { highlightSource }),
        },
        bookmarkId,
        line,
      )
    },
    options,
  )
  return collector.finish()
}
