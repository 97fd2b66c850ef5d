// Decides whether a chosen file may be kept as a PDF, before anything is stored. The browser's
// `type` and the file name are whatever the operating system guessed, so the bytes decide: a PDF
// starts with the header `%PDF-` (PDF 32000-1 section 7.5.2; readers accept it within the first
// 1024 bytes, after junk some generators put first). Every refusal carries the message shown.
import { formatBytes } from '@inkmark/shared'

/** The largest PDF kept on this device (100 MB, base 1000 as `formatBytes` shows it). */
export const MAX_PDF_BYTES = 100_000_000

/** How far into the file the `%PDF-` header may start. */
export const PDF_HEADER_SEARCH_BYTES = 1024

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/** The outcome of checking a file: fine, or refused with the message to show. */
export type PdfFileCheck = { ok: true } | { ok: false; message: string }

/** The parts of a `File` the size check reads. */
export interface PdfFileFacts {
  name: string
  size: number
}

/** Refuses an empty or too large file; says nothing about its content. */
export function checkPdfFileSize(file: PdfFileFacts): PdfFileCheck {
  if (file.size === 0) {
    return { ok: false, message: `${displayName(file.name)} is empty. Choose a PDF file.` }
  }
  if (file.size > MAX_PDF_BYTES) {
    return {
      ok: false,
      message:
        `${displayName(file.name)} is ${formatBytes(file.size)}. ` +
        `Inkmark keeps PDFs up to ${formatBytes(MAX_PDF_BYTES)} on this device.`,
    }
  }
  return { ok: true }
}

/** Whether `head` (the file's first bytes) holds the PDF header within the first 1024 bytes. */
export function hasPdfHeader(head: Uint8Array): boolean {
  const last = Math.min(head.length, PDF_HEADER_SEARCH_BYTES) - PDF_HEADER.length
  for (let start = 0; start <= last; start += 1) {
    if (PDF_HEADER.every((byte, offset) => head[start + offset] === byte)) {
      return true
    }
  }
  return false
}

/** Checks size and header; `head` is at least the first 1024 bytes of the file (or all of it). */
export function checkPdfFile(file: PdfFileFacts, head: Uint8Array): PdfFileCheck {
  const size = checkPdfFileSize(file)
  if (!size.ok) {
    return size
  }
  if (!hasPdfHeader(head)) {
    return {
      ok: false,
      message: `${displayName(file.name)} is not a PDF file. Choose a PDF document.`,
    }
  }
  return { ok: true }
}

function displayName(name: string): string {
  return name.trim() === '' ? 'This file' : `'${name}'`
}
