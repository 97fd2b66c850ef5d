// Pocket's older HTML export (ril_export.html): 'Unread' and 'Read Archive' lists of
// `<a href time_added tags>title</a>`, tags comma separated. One link is one bookmark.
import { FileImportType } from '../domain/entities/bookmark'
import { textUntil } from './browser-bookmarks'
import { forEachInChunks } from './chunked-work'
import { readAttributes } from './html-text'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { invalidFileError } from './import-result'
import { epochToMillis, splitTags } from './import-values'

/** What the invalid-file message names for this importer. */
export const POCKET_HTML_ORIGIN: FileOrigin = { extension: 'HTML', service: 'Pocket' }
/** The title of Pocket's HTML export. */
export const POCKET_HTML_TITLE = /<title>\s*Pocket Export\s*<\/title>/i

const LINK = /<a\b[^>]*>/gi

/** Whether an HTML file is Pocket's export: its title, or links carrying time_added. */
export function isPocketHtml(html: string): boolean {
  return POCKET_HTML_TITLE.test(html) || /<a\b[^>]*\btime_added\s*=/i.test(html)
}

/** Reads Pocket's HTML export into bookmarks. */
export async function importPocketHtml(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const html = readTextInput(text, POCKET_HTML_ORIGIN)
  if (!isPocketHtml(html)) {
    throw invalidFileError(POCKET_HTML_ORIGIN, 'no "Pocket Export" title and no time_added links')
  }
  const links = [...html.matchAll(LINK)].map((match) => ({
    attributes: readAttributes(match[0]),
    title: textUntil(html, (match.index ?? 0) + match[0].length, 'a'),
  }))
  const collector = new ImportCollector(options, FileImportType.POCKET)
  await forEachInChunks(
    links,
    ({ attributes, title }, index) => {
      collector.addBookmark(
        {
          url: attributes.get('href') ?? '',
          title: title || undefined,
          tags: splitTags(attributes.get('tags') ?? '', ','),
          createdAt: epochToMillis(attributes.get('time_added')),
          dateText: attributes.get('time_added'),
        },
        index + 1,
      )
    },
    options,
  )
  return collector.finish()
}
