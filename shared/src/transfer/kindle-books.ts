// What the two Kindle importers (My Clippings.txt and the notebook HTML export) share: a Kindle
// book becomes a bookmark of type kindle (spec section 3: author, title, coverTitle), its
// highlights marks of type kindle, and a note is attached to the highlight whose location range
// holds it (a note alone becomes a note mark). Kindle files carry no URL, so each book gets a
// stable `kindle:` address made from its title and author: importing a book twice, from either
// file, finds the same bookmark.
import { BookmarkType } from '../domain/entities/bookmark'
import { MarkType } from '../domain/entities/mark'
import type { ImportCollector } from './import-collector'
import { SkipReason } from './import-result'

/** Scheme of the address given to Kindle books. */
export const KINDLE_URL_PROTOCOL = 'kindle'

/** Highlight colours of the Kindle apps, as their notebook export paints them. */
export const KINDLE_HIGHLIGHT_COLORS: Readonly<Record<string, string>> = {
  yellow: '#f7ce00',
  blue: '#b2cdfb',
  pink: '#ffbfce',
  orange: '#ffd7ae',
}

/** The kind of a Kindle entry. */
export type KindleEntryKind = 'highlight' | 'note' | 'bookmark'

// Words naming each kind in the Kindle locales (en, de, es, fr, it, ja, nl, pt, ru, zh).
const BOOKMARK_WORDS =
  /bookmark|lesezeichen|marcador|signet|segnalibro|ブックマーク|bladwijzer|закладка|书签/i
const NOTE_WORDS = /\bnote\b|\bnotiz\b|\bnota\b|メモ|notitie|заметка|笔记/i
const HIGHLIGHT_WORDS =
  /highlight|markierung|subrayado|surlignement|evidenziazione|ハイライト|destaque|выделен|标注/i
const LOCATION =
  /(?:loc\.|location|position|posición|posição|emplacement|posizione|locatie|место|位置(?:no\.)?)\s*#?\s*(\d+)(?:\s*(?:-|–|t\/m)\s*(\d+))?/i

/** A book: its title and author as the file names them. */
export interface KindleBook {
  title: string
  author?: string
}

/** A highlight, note or bookmark of a book. */
export interface KindleEntry {
  kind: KindleEntryKind | null
  text: string
  /** First and last location, when the file gives them. */
  location?: { start: number; end: number }
  color?: string
  createdAt?: number
  /** The date as the heading writes it ('Added on ...'), when it has one. */
  dateText?: string
  line: number
}

/** The kind an entry heading names, in any Kindle locale; null when none is recognised. */
export function kindleEntryKind(heading: string): KindleEntryKind | null {
  if (BOOKMARK_WORDS.test(heading)) {
    return 'bookmark'
  }
  if (NOTE_WORDS.test(heading)) {
    return 'note'
  }
  return HIGHLIGHT_WORDS.test(heading) ? 'highlight' : null
}

/** The location range a heading gives ('Loc. 5444-45' is 5444 to 5445). */
export function kindleLocation(heading: string): { start: number; end: number } | undefined {
  const match = LOCATION.exec(heading)
  if (match === null) {
    return undefined
  }
  const start = Number(match[1])
  const written = match[2]
  if (written === undefined) {
    return { start, end: start }
  }
  // Older Kindles abbreviate the end to its last digits.
  const prefix = String(start).slice(0, Math.max(0, String(start).length - written.length))
  const end = Number(`${prefix}${written}`)
  return { start, end: end >= start ? end : start }
}

/** 'Title (Author)' split in two; the author is the last balanced parenthesised group. */
export function splitKindleTitle(line: string): KindleBook {
  const text = line.trim()
  if (!text.endsWith(')')) {
    return { title: text }
  }
  let depth = 0
  for (let index = text.length - 1; index >= 0; index--) {
    const char = text[index]
    depth += char === ')' ? 1 : char === '(' ? -1 : 0
    if (depth === 0) {
      const title = text.slice(0, index).trim()
      const author = text.slice(index + 1, -1).trim()
      return title === '' ? { title: text } : { title, ...(author === '' ? {} : { author }) }
    }
  }
  return { title: text }
}

/** The address of a Kindle book. */
export function kindleBookUrl(book: KindleBook): string {
  const name = book.author === undefined ? book.title : `${book.title} (${book.author})`
  return `${KINDLE_URL_PROTOCOL}:${encodeURIComponent(name)}`
}

/** Adds a book's bookmark and its entries to an import. */
export function collectKindleBook(
  collector: ImportCollector,
  book: KindleBook,
  entries: readonly KindleEntry[],
): void {
  const url = kindleBookUrl(book)
  // The book is dated by all its entries, reading positions too (ADR 038).
  const dates = entries.flatMap((entry) => entry.createdAt ?? [])
  const bookmarkId = collector.bookmarkForPage(
    {
      url,
      title: book.title,
      createdAt: dates.length === 0 ? undefined : Math.min(...dates),
      updatedAt: dates.length === 0 ? undefined : Math.max(...dates),
      coverTitle: book.title,
      author: book.author,
      type: BookmarkType.KINDLE,
      origin: undefined,
    },
    entries[0]?.line,
  )
  const highlights = entries.filter((entry) => entry.kind === 'highlight')
  const notesOf = new Map<KindleEntry, string[]>()
  const loneNotes: KindleEntry[] = []
  for (const entry of entries) {
    if (entry.kind === 'bookmark') {
      collector.skip(SkipReason.KINDLE_BOOKMARK, entry.line)
    } else if (entry.kind === null) {
      collector.skip(SkipReason.UNKNOWN_ENTRY, entry.line)
    } else if (entry.kind === 'note') {
      const highlight = findNoteHighlight(highlights, entry)
      if (highlight === undefined) {
        loneNotes.push(entry)
      } else {
        notesOf.set(highlight, [...(notesOf.get(highlight) ?? []), entry.text])
      }
    }
  }
  for (const entry of entries) {
    if (entry.kind === 'highlight' || loneNotes.includes(entry)) {
      const isNote = entry.kind === 'note'
      collector.addMark(
        {
          url,
          title: book.title,
          type: MarkType.KINDLE,
          origin: undefined,
          text: isNote ? undefined : entry.text,
          notes: isNote ? entry.text : notesOf.get(entry)?.join('\n\n'),
          color: entry.color,
          createdAt: entry.createdAt,
          dateText: entry.dateText,
        },
        bookmarkId,
        entry.line,
      )
    }
  }
}

// The highlight whose range holds the note's location: the nearest one above it, else below.
function findNoteHighlight(
  highlights: readonly KindleEntry[],
  note: KindleEntry,
): KindleEntry | undefined {
  const at = note.location
  if (at === undefined) {
    return undefined
  }
  const holds = (entry: KindleEntry): boolean =>
    entry.location !== undefined && entry.location.start <= at.end && at.start <= entry.location.end
  const above = highlights.filter((entry) => entry.line < note.line && holds(entry)).at(-1)
  return above ?? highlights.find((entry) => entry.line > note.line && holds(entry))
}
