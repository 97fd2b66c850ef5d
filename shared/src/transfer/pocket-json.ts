// Pocket's highlights export (annotations/part_000000.json in the export zip): a list of pages
// `{ url, title, highlights: [{ quote, created_at }] }`, times in epoch seconds. Each page becomes a
// bookmark (or reuses the one the library has) and each quote a highlight of it.
import { z } from 'zod'
import { FileImportType } from '../domain/entities/bookmark'
import { forEachInChunks } from './chunked-work'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { invalidFileError, jsonParseError } from './import-result'
import { epochToMillis } from './import-values'

/** What the invalid-file message names for this importer. */
export const POCKET_JSON_ORIGIN: FileOrigin = { extension: 'JSON', service: 'Pocket' }

const TimeSchema = z.union([z.number(), z.string()]).optional()
const PocketHighlightSchema = z.looseObject({ quote: z.string(), created_at: TimeSchema })
const PocketPageSchema = z.looseObject({
  url: z.string(),
  title: z.string().nullish(),
  highlights: z.array(z.unknown()).default(() => []),
})
const PocketFileSchema = z.array(z.unknown())

/** Reads a Pocket highlights JSON export into bookmarks and their highlights. */
export async function importPocketJson(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const body = readTextInput(text, POCKET_JSON_ORIGIN)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    throw jsonParseError(error instanceof Error ? error.message : String(error))
  }
  const list = PocketFileSchema.safeParse(json)
  // A list whose first entry is not a page is some other JSON (a backup, a Readwise file...).
  if (
    !list.success ||
    (list.data.length > 0 && !PocketPageSchema.safeParse(list.data[0]).success)
  ) {
    throw invalidFileError(POCKET_JSON_ORIGIN, 'not a list of { url, title, highlights }')
  }
  const collector = new ImportCollector(options, FileImportType.POCKET)
  await forEachInChunks(
    list.data,
    (entry, index) => {
      const line = index + 1
      const page = PocketPageSchema.safeParse(entry)
      if (!page.success) {
        collector.fail(new Error('not a { url, title, highlights } entry'), line)
        return
      }
      const { url, title, highlights } = page.data
      const quotes = highlights.flatMap((item) => {
        const highlight = PocketHighlightSchema.safeParse(item)
        return highlight.success ? [highlight.data] : []
      })
      const times = quotes.flatMap((quote) => epochToMillis(quote.created_at) ?? [])
      const bookmarkId = collector.addBookmark(
        {
          url,
          title: title?.trim() || undefined,
          createdAt: times.length === 0 ? undefined : Math.min(...times),
        },
        line,
      )
      for (const quote of quotes) {
        collector.addMark(
          {
            url,
            title: title?.trim() || undefined,
            text: quote.quote,
            createdAt: epochToMillis(quote.created_at),
            dateText: quote.created_at === undefined ? undefined : String(quote.created_at),
          },
          bookmarkId,
          line,
        )
      }
      if (quotes.length < highlights.length) {
        collector.fail(new Error('a highlight without a quote'), line)
      }
    },
    options,
  )
  return collector.finish()
}
