// Omnivore's export: the zip its export job writes (omnivore-app/omnivore
// packages/api/src/jobs/export.ts: `metadata_<from>_to_<to>.json` files listing items with id, slug,
// title, description, author, url, state, readingProgress, thumbnail, labels, savedAt, updatedAt,
// publishedAt; `highlights/<slug>.md`; `content/<slug>.html`, not read) or one metadata JSON alone.
// Each item becomes a bookmark (labels as tags, savedAt and updatedAt as its dates); its highlights
// come from an item's `highlights` list where a file has one (the Omnivore API's highlight fields,
// which third-party exporters write: quote, prefix, suffix, annotation, color, type, dates), else
// from its Markdown file. Either way a highlight keeps a TextQuoteSelector (with the prefix and
// suffix when given) so that it anchors on the live page (imported-anchors.ts). The item's state
// (archived, reading progress) has no Inkmark field and is not kept.
// docs/adr/068-moving-in-with-anchors.md.
import { unzipSync, type UnzipFileInfo } from 'fflate'
import { z } from 'zod'
import { SOFT_HIGHLIGHT_PALETTE, toHexColor } from '../domain/color'
import { forEachInChunks } from './chunked-work'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileImportResult, FileOrigin, ImportOptions } from './import-result'
import { invalidFileError, jsonParseError } from './import-result'
import { importedHighlightSource, type ImportedSelector } from './imported-anchors'
import { dateToMillis } from './import-values'
import { parseOmnivoreHighlights, type OmnivoreMarkdownHighlight } from './omnivore-highlights-md'

/** What the invalid-file message names for this importer. */
export const OMNIVORE_ORIGIN: FileOrigin = { extension: 'zip', service: 'Omnivore' }

/** Largest file of the zip read (a metadata or highlights file); bigger ones are left out. */
export const OMNIVORE_MAX_ENTRY_BYTES = 64 * 1024 * 1024

const METADATA_FILE = /(^|\/)metadata_[^/]*\.json$/
const HIGHLIGHTS_FILE = /(^|\/)highlights\/([^/]+)\.md$/
const ZIP_SIGNATURE = [0x50, 0x4b]

/** Omnivore's highlight colours (names) as Inkmark's soft palette. */
const OMNIVORE_COLORS: Readonly<Record<string, string>> = {
  yellow: SOFT_HIGHLIGHT_PALETTE[0],
  red: SOFT_HIGHLIGHT_PALETTE[1],
  green: SOFT_HIGHLIGHT_PALETTE[2],
  blue: SOFT_HIGHLIGHT_PALETTE[5],
}

const optionalText = z.string().nullish()
const HighlightSchema = z.looseObject({
  type: optionalText,
  quote: optionalText,
  prefix: optionalText,
  suffix: optionalText,
  annotation: optionalText,
  color: optionalText,
  createdAt: optionalText,
  updatedAt: optionalText,
  labels: z.array(z.unknown()).nullish(),
})
type OmnivoreHighlight = z.infer<typeof HighlightSchema>

const ItemSchema = z.looseObject({
  slug: optionalText,
  title: optionalText,
  description: optionalText,
  author: optionalText,
  url: optionalText,
  originalArticleUrl: optionalText,
  thumbnail: optionalText,
  labels: z.array(z.unknown()).nullish(),
  savedAt: optionalText,
  updatedAt: optionalText,
  highlights: z.array(z.unknown()).nullish(),
})
type OmnivoreItem = z.infer<typeof ItemSchema>

/** Whether JSON text looks like Omnivore items (for format detection from a file's start). */
export function looksLikeOmnivoreJson(sample: string): boolean {
  return /"slug"\s*:/.test(sample) && /"savedAt"\s*:/.test(sample)
}

/** The items of one metadata JSON, or null when it is not a list of Omnivore items. */
function itemsOf(json: unknown): unknown[] | null {
  if (!Array.isArray(json)) {
    return null
  }
  const first: unknown = json[0]
  const isItem =
    first === undefined ||
    (typeof first === 'object' &&
      first !== null &&
      ('slug' in first || 'savedAt' in first) &&
      ('url' in first || 'originalArticleUrl' in first))
  return isItem ? json : null
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw jsonParseError(error instanceof Error ? error.message : String(error))
  }
}

/** Labels as tags: names (the export) or `{ name }` objects (the API), trimmed, no repeats. */
function tagsOf(labels: readonly unknown[] | null | undefined): string[] {
  const names = (labels ?? []).flatMap((label) => {
    const name =
      typeof label === 'string' ? label : ((label as { name?: unknown } | null)?.name ?? undefined)
    return typeof name === 'string' && name.trim() !== '' ? [name.trim().replace(/\s+/g, ' ')] : []
  })
  return [...new Set(names)]
}

function colorOf(color: string | null | undefined): string | undefined {
  const value = color?.trim().toLowerCase() ?? ''
  return OMNIVORE_COLORS[value] ?? (value === '' ? undefined : (toHexColor(value) ?? undefined))
}

function quoteSelectors(
  quote: string,
  prefix?: string | null,
  suffix?: string | null,
): ImportedSelector[] {
  return [
    {
      type: 'TextQuoteSelector',
      exact: quote,
      ...(prefix ? { prefix } : {}),
      ...(suffix ? { suffix } : {}),
    },
  ]
}

interface ZipContents {
  metadata: string[]
  /** Slug -> the text of highlights/<slug>.md. */
  highlights: Map<string, string>
}

function readZip(bytes: Uint8Array): ZipContents {
  const wanted = (file: UnzipFileInfo) =>
    (METADATA_FILE.test(file.name) || HIGHLIGHTS_FILE.test(file.name)) &&
    file.originalSize <= OMNIVORE_MAX_ENTRY_BYTES
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, { filter: wanted })
  } catch (error) {
    throw invalidFileError(
      OMNIVORE_ORIGIN,
      `not a readable zip: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const decoder = new TextDecoder()
  const contents: ZipContents = { metadata: [], highlights: new Map() }
  for (const name of Object.keys(files).sort(byCursor)) {
    const text = decoder.decode(files[name])
    const slug = HIGHLIGHTS_FILE.exec(name)?.[2]
    if (slug !== undefined) {
      contents.highlights.set(slug, text)
    } else {
      contents.metadata.push(text)
    }
  }
  if (contents.metadata.length === 0) {
    throw invalidFileError(OMNIVORE_ORIGIN, 'no metadata_*.json in the zip')
  }
  return contents
}

/** Metadata files in export order (metadata_0_to_20 before metadata_20_to_40), others by name. */
function byCursor(a: string, b: string): number {
  const cursor = (name: string) => Number(/metadata_(\d+)_/.exec(name)?.[1] ?? Infinity)
  return cursor(a) - cursor(b) || a.localeCompare(b)
}

/**
 * Reads Omnivore's export: the zip's bytes, or one metadata JSON (text, or bytes that are not a
 * zip). A file that is neither is refused whole, before anything is collected.
 */
export async function importOmnivore(
  input: string | Uint8Array,
  options: ImportOptions,
): Promise<FileImportResult> {
  const isZip =
    typeof input !== 'string' && ZIP_SIGNATURE.every((byte, index) => input[index] === byte)
  const contents: ZipContents = isZip
    ? readZip(input)
    : {
        metadata: [
          readTextInput(
            typeof input === 'string' ? input : new TextDecoder().decode(input),
            OMNIVORE_ORIGIN,
          ),
        ],
        highlights: new Map(),
      }
  const items: unknown[] = []
  for (const text of contents.metadata) {
    const list = itemsOf(parseJson(text.replace(/^\ufeff/, '')))
    if (list === null) {
      throw invalidFileError(OMNIVORE_ORIGIN, 'not a list of Omnivore items')
    }
    items.push(...list)
  }
  const collector = new ImportCollector(options)
  await forEachInChunks(
    items,
    (entry, index) => {
      const parsed = ItemSchema.safeParse(entry)
      if (parsed.success) {
        importItem(collector, parsed.data, index + 1, contents.highlights)
      } else {
        collector.fail(new Error('not an Omnivore item'), index + 1)
      }
    },
    options,
  )
  return collector.finish()
}

function importItem(
  collector: ImportCollector,
  item: OmnivoreItem,
  line: number,
  markdownFiles: ReadonlyMap<string, string>,
): void {
  const url = item.url ?? item.originalArticleUrl ?? ''
  const title = item.title?.trim() || undefined
  const thumbnail = item.thumbnail?.trim() ?? ''
  const bookmarkId = collector.addBookmark(
    {
      url,
      title,
      ...(item.description?.trim() ? { description: item.description.trim() } : {}),
      ...(item.author?.trim() ? { author: item.author.trim() } : {}),
      ...(/^https?:\/\//i.test(thumbnail) ? { image: thumbnail } : {}),
      tags: tagsOf(item.labels),
      createdAt: dateToMillis(item.savedAt ?? undefined),
      updatedAt: dateToMillis(item.updatedAt ?? undefined),
      dateText: item.savedAt ?? undefined,
    },
    line,
  )
  const page = { url: url.trim(), title }
  if (item.highlights != null) {
    for (const entry of item.highlights) {
      const highlight = HighlightSchema.safeParse(entry)
      if (highlight.success) {
        addApiHighlight(collector, highlight.data, page, bookmarkId, line)
      } else {
        collector.fail(new Error('not an Omnivore highlight'), line)
      }
    }
    return
  }
  const markdown = item.slug == null ? undefined : markdownFiles.get(item.slug)
  for (const highlight of markdown === undefined ? [] : parseOmnivoreHighlights(markdown)) {
    addMarkdownHighlight(collector, highlight, page, bookmarkId, line)
  }
}

type Page = { url: string; title?: string }

function addApiHighlight(
  collector: ImportCollector,
  highlight: OmnivoreHighlight,
  page: Page,
  bookmarkId: string | null,
  line: number,
): void {
  const quote = highlight.type?.toUpperCase() === 'NOTE' ? '' : (highlight.quote ?? '').trim()
  const highlightSource =
    quote === ''
      ? undefined
      : importedHighlightSource(quoteSelectors(quote, highlight.prefix, highlight.suffix))
  const color = colorOf(highlight.color)
  collector.addMark(
    {
      ...page,
      text: quote,
      notes: highlight.annotation ?? undefined,
      tags: tagsOf(highlight.labels),
      createdAt: dateToMillis(highlight.createdAt ?? undefined),
      updatedAt: dateToMillis(highlight.updatedAt ?? undefined),
      dateText: highlight.createdAt ?? undefined,
      ...(color === undefined ? {} : { color }),
      ...(highlightSource === undefined ? {} : { highlightSource }),
    },
    bookmarkId,
    line,
  )
}

function addMarkdownHighlight(
  collector: ImportCollector,
  highlight: OmnivoreMarkdownHighlight,
  page: Page,
  bookmarkId: string | null,
  line: number,
): void {
  const quote = highlight.quote ?? ''
  const highlightSource = quote === '' ? undefined : importedHighlightSource(quoteSelectors(quote))
  collector.addMark(
    {
      ...page,
      text: quote,
      notes: highlight.note,
      tags: highlight.labels,
      ...(highlightSource === undefined ? {} : { highlightSource }),
    },
    bookmarkId,
    line,
  )
}
