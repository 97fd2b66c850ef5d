// Reads a CSV export into records keyed by column name, with fast-csv's parser. Only its string
// parser is used (`Parser` with `ParserOptions`): the package's entry point pulls in Node streams
// and `fs`, which a browser bundle does not have, while these two modules are plain code. The text
// is fed in slices with a yield between them, so a 10 MB file does not freeze the page.
import { ParserOptions } from '@fast-csv/parse/build/src/ParserOptions'
import { Parser } from '@fast-csv/parse/build/src/parser/Parser'
import { Message } from '../domain/messages'
import { yieldToEventLoop } from './chunked-work'
import type { FileOrigin } from './import-result'
import { ImportErrorCode, ImportFileError, invalidFileError } from './import-result'
import { readTextInput } from './import-input'

/** Characters handed to the parser at a time. */
export const CSV_SLICE_LENGTH = 65_536

/** One data row: its number in the file (the header is row 1) and its fields by column name. */
export interface CsvRecord {
  line: number
  /** The field of a column (by `normalizeColumnName`), '' when the row has no such field. */
  get(column: string): string
}

/** A header name as compared: lowercase, trimmed, runs of spaces, _ and - read as one space. */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
}

/**
 * The records of a CSV export whose header must name every column of `required` (each entry a
 * column or a list of accepted spellings); throws the spec's errors for a broken or foreign file.
 */
export async function readCsvRecords(
  text: string,
  origin: FileOrigin,
  required: readonly (string | readonly string[])[],
): Promise<{ columns: string[]; records: CsvRecord[] }> {
  const rows = await parseCsvRows(readTextInput(text, origin))
  const header = (rows[0] ?? []).map(normalizeColumnName)
  const index = new Map<string, number>()
  header.forEach((name, position) => {
    if (!index.has(name)) {
      index.set(name, position)
    }
  })
  for (const spellings of required) {
    const names = typeof spellings === 'string' ? [spellings] : spellings
    if (!names.some((name) => index.has(name))) {
      throw invalidFileError(origin, `no "${names[0] ?? ''}" column in the header`)
    }
  }
  const records = rows.slice(1).flatMap((row, position): CsvRecord[] =>
    // A blank line is no record.
    row.length === 1 && (row[0] ?? '').trim() === ''
      ? []
      : [{ line: position + 2, get: (column) => row[index.get(column) ?? -1] ?? '' }],
  )
  return { columns: header, records }
}

/** The first accepted spelling of a column that the header has, else the first one. */
export function pickColumn(columns: readonly string[], spellings: readonly string[]): string {
  return spellings.find((name) => columns.includes(name)) ?? spellings[0] ?? ''
}

async function parseCsvRows(text: string): Promise<string[][]> {
  const parser = new Parser(new ParserOptions({ delimiter: ',' }))
  const rows: string[][] = []
  let rest = ''
  for (let start = 0; start < text.length; start += CSV_SLICE_LENGTH) {
    const end = Math.min(text.length, start + CSV_SLICE_LENGTH)
    try {
      const parsed = parser.parse(rest + text.slice(start, end), end < text.length)
      rest = parsed.line
      for (const row of parsed.rows) {
        rows.push(row)
      }
    } catch (error) {
      throw toCsvError(error)
    }
    if (end < text.length) {
      await yieldToEventLoop()
    }
  }
  return rows
}

function toCsvError(error: unknown): ImportFileError {
  const detail = error instanceof Error ? error.message : String(error)
  // fast-csv says "Parse Error: missing closing: '"' ..." for a quote left open at the end.
  return detail.includes('missing closing')
    ? new ImportFileError(
        ImportErrorCode.CSV_END_QUOTE_MISSING,
        Message.CSV_END_QUOTE_MISSING,
        detail,
      )
    : new ImportFileError(ImportErrorCode.CSV_PARSE, Message.CSV_PARSE_ERROR, detail)
}
