// The import of a book read off the Kindle notebook page (read.amazon.com/notebook) by the
// extension's helper: validated here in the background, since the content script runs in a page
// the extension does not trust. A book becomes the same Kindle bookmark the file importers make
// (kindle-books.ts: a `kindle:` address from title and author, so My Clippings.txt, the notebook
// export and this helper all find one page per book), with its ASIN and cover; a book already in
// the library under its ASIN keeps that page's address. Highlights become marks of type kindle
// with their colour mapped to Inkmark's palette, their note, and Kindle's location and page.
// Re-importing adds nothing: the import rules skip a page that exists and a highlight with the
// same page and text (import-collector.ts). ADR 083.
import { z } from 'zod'
import { BookmarkType, type Bookmark } from '../domain/entities/bookmark'
import { MarkType } from '../domain/entities/mark'
import { ImportCollector } from './import-collector'
import type { ExistingLibrary, FileImportResult } from './import-result'
import { SkipReason } from './import-result'
import { kindleBookUrl } from './kindle-books'
import {
  KINDLE_NOTEBOOK_CHANNEL,
  KINDLE_NOTEBOOK_COLORS,
  type KindleNotebookBook,
  type KindleNotebookBookResult,
  type KindleNotebookColor,
} from './kindle-notebook-page-protocol'

/** Kindle's four highlight colours as the nearest colours of Inkmark's soft palette (and orange). */
export const KINDLE_NOTEBOOK_PALETTE: Readonly<Record<KindleNotebookColor, string>> = {
  yellow: '#fdffb4',
  blue: '#c3effc',
  pink: '#f7c2d6',
  orange: '#ffad2a',
}

const MAX_TEXT = 100_000
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim())
    .optional()

const AnnotationSchema = z.object({
  text: optionalText(MAX_TEXT),
  note: optionalText(MAX_TEXT),
  color: z.enum(KINDLE_NOTEBOOK_COLORS).optional(),
  location: z.number().int().nonnegative().max(100_000_000).optional(),
  page: z.string().trim().max(40).optional(),
})

/** A book as the helper sends it; refuses anything else (the page may have been tampered with). */
export const KindleNotebookBookSchema = z.object({
  asin: z.string().regex(/^[A-Za-z0-9]{10,13}$/),
  title: z.string().trim().min(1).max(2_000),
  author: optionalText(2_000),
  coverImageUrl: z
    .string()
    .max(4_096)
    .refine((value) => /^https:\/\//i.test(value), 'The cover must be an https address')
    .optional(),
  annotations: z.array(AnnotationSchema).max(50_000),
})

export const KindleNotebookMessageSchema = z.object({
  channel: z.literal(KINDLE_NOTEBOOK_CHANNEL),
  book: KindleNotebookBookSchema,
})

/** The address a notebook book is kept under: its ASIN's page when the library has one. */
export function kindleNotebookBookUrl(
  book: Pick<KindleNotebookBook, 'asin' | 'title' | 'author'>,
  bookmarks: Iterable<Pick<Bookmark, 'url' | 'asin' | 'type' | 'deletedAt'>>,
): string {
  for (const bookmark of bookmarks) {
    if (
      bookmark.deletedAt === undefined &&
      bookmark.type === BookmarkType.KINDLE &&
      bookmark.asin === book.asin
    ) {
      return bookmark.url
    }
  }
  return kindleBookUrl({ title: book.title, ...(book.author ? { author: book.author } : {}) })
}

/** The entities one notebook book adds to the library, and what it did. */
export interface KindleNotebookImport {
  result: FileImportResult
  summary: KindleNotebookBookResult
}

/** Turns one validated book into the bookmark and marks to write. */
export function importKindleNotebookBook(
  book: z.infer<typeof KindleNotebookBookSchema>,
  url: string,
  options: { now: number; createId: () => string; existing: ExistingLibrary },
): KindleNotebookImport {
  const collector = new ImportCollector(options)
  const bookmarkId = collector.bookmarkForPage({
    url,
    title: book.title,
    coverTitle: book.title,
    author: book.author,
    asin: book.asin,
    coverImageUrl: book.coverImageUrl,
    type: BookmarkType.KINDLE,
    origin: undefined,
  })
  book.annotations.forEach((annotation, index) => {
    collector.addMark(
      {
        url,
        title: book.title,
        type: MarkType.KINDLE,
        origin: undefined,
        text: annotation.text,
        notes: annotation.note,
        color:
          annotation.color === undefined ? undefined : KINDLE_NOTEBOOK_PALETTE[annotation.color],
        ...(annotation.location === undefined ? {} : { kindleLocation: annotation.location }),
        ...(annotation.page === undefined || annotation.page === ''
          ? {}
          : { kindlePage: annotation.page }),
      },
      bookmarkId,
      index + 1,
    )
  })
  const result = collector.finish()
  return {
    result,
    summary: {
      bookCreated: result.bookmarks.length > 0,
      highlightsAdded: result.marks.length,
      highlightsSkipped: result.skipped.filter(
        (item) => item.reason === SkipReason.DUPLICATE_HIGHLIGHT,
      ).length,
    },
  }
}
