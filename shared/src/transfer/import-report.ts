// What an import tells the person about the items it left out or could not date: one line per
// item, naming where it is in the file (row, entry, link or line, as the format counts them), why,
// and its title and URL, so that a skipped row can be found and fixed (ADR 038). Plain text, so the
// dialog shows it as React text and the list can be copied as it reads.
import { countLabel } from '../domain/plural'
import type { DateNotice, ImportRowError, SkippedItem } from './import-result'
import { DateNoticeReason, NoteTarget, SkipReason } from './import-result'

/** How a format counts its items: a CSV's rows, a JSON file's entries, an HTML file's links... */
export type ImportItemName = 'row' | 'entry' | 'link' | 'line' | 'item'

/** Why an item was skipped, in words. */
export function skipReasonLabel(
  item: Pick<SkippedItem, 'reason' | 'firstLine' | 'noteAddedTo'>,
  itemName: ImportItemName,
): string {
  switch (item.reason) {
    case SkipReason.MISSING_URL:
      return 'No URL'
    case SkipReason.INVALID_URL:
      return 'Not a link'
    case SkipReason.JAVASCRIPT_URL:
      return 'A javascript: link, not a page'
    case SkipReason.UNSUPPORTED_URL:
      return 'Not a page (a browser query)'
    case SkipReason.DUPLICATE_BOOKMARK:
      return item.firstLine === undefined
        ? 'Duplicate URL: the page is already in your library'
        : `Duplicate URL: the same page as ${itemName} ${item.firstLine}`
    case SkipReason.DUPLICATE_HIGHLIGHT:
      return duplicateHighlightLabel(item, itemName)
    case SkipReason.NO_BOOKMARK:
      return 'Highlight without a page'
    case SkipReason.EMPTY_HIGHLIGHT:
      return 'Highlight without text'
    case SkipReason.KINDLE_BOOKMARK:
      return 'Kindle reading position (no text)'
    case SkipReason.UNKNOWN_ENTRY:
      return 'Entry of an unknown kind'
    case SkipReason.REPLY:
      return 'Reply to another annotation (Inkmark keeps no discussion threads)'
  }
}

// A duplicate's note is never lost: the line says which highlight took it.
function duplicateHighlightLabel(
  item: Pick<SkippedItem, 'firstLine' | 'noteAddedTo'>,
  itemName: ImportItemName,
): string {
  const label = 'Duplicate highlight: the same text on the same page'
  if (item.noteAddedTo === NoteTarget.LIBRARY) {
    return `${label}; its note was added to the highlight already in your library`
  }
  if (item.noteAddedTo === NoteTarget.FILE) {
    const kept =
      item.firstLine === undefined ? 'the one kept' : `the one of ${itemName} ${item.firstLine}`
    return `${label}; its note was added to ${kept}`
  }
  return label
}

/** Why an item got the import time, in words. */
export function dateNoticeLabel(notice: Pick<DateNotice, 'reason' | 'value'>): string {
  const what =
    notice.reason === DateNoticeReason.FUTURE_DATE ? 'Date in the future' : 'Unreadable date'
  return `${what} (${notice.value}): imported with the import date`
}

/** One line of the report, e.g. 'Row 3 · Duplicate URL: the same page as row 2 · Title · URL'. */
export interface ImportReportLine {
  /** 'Row 3', or '' when the file gives no place. */
  place: string
  reason: string
  title?: string
  url?: string
}

function placeOf(line: number | undefined, itemName: ImportItemName): string {
  return line === undefined ? '' : `${itemName[0]?.toUpperCase()}${itemName.slice(1)} ${line}`
}

/** The report lines of the items left out, in file order. */
export function skippedReportLines(
  skipped: readonly SkippedItem[],
  itemName: ImportItemName,
): ImportReportLine[] {
  return skipped.map((item) => ({
    place: placeOf(item.line, itemName),
    reason: skipReasonLabel(item, itemName),
    ...(item.title === undefined ? {} : { title: item.title }),
    ...(item.url === undefined ? {} : { url: item.url }),
  }))
}

/** The report lines of the items that could not be read. */
export function errorReportLines(
  errors: readonly ImportRowError[],
  itemName: ImportItemName,
): ImportReportLine[] {
  return errors.map((error) => ({
    place: placeOf(error.line, itemName),
    reason: `Not readable: ${error.message}`,
  }))
}

/** The report lines of the items imported with the import date. */
export function dateNoticeReportLines(
  notices: readonly DateNotice[],
  itemName: ImportItemName,
): ImportReportLine[] {
  return notices.map((notice) => ({
    place: placeOf(notice.line, itemName),
    reason: dateNoticeLabel(notice),
    ...(notice.title === undefined ? {} : { title: notice.title }),
    ...(notice.url === undefined ? {} : { url: notice.url }),
  }))
}

/** A report line as text: its parts joined with ' · '. */
export function reportLineText(line: ImportReportLine): string {
  return [line.place, line.reason, line.title, line.url]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ')
}

/** The heading of a list of report lines: '14 skipped rows', '1 skipped entry'. */
export function skippedHeading(count: number, itemName: ImportItemName): string {
  const label = countLabel(count, itemName)
  const space = label.indexOf(' ')
  return `${label.slice(0, space)} skipped ${label.slice(space + 1)}`
}

/** A whole list as text, one line per item, to copy. */
export function reportText(heading: string, lines: readonly ImportReportLine[]): string {
  return [heading, ...lines.map(reportLineText)].join('\n')
}
