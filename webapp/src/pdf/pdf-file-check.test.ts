import { describe, expect, it } from 'vitest'
import { MAX_PDF_BYTES, checkPdfFile, checkPdfFileSize, hasPdfHeader } from './pdf-file-check'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('hasPdfHeader', () => {
  it('finds the header at the start', () => {
    expect(hasPdfHeader(bytes('%PDF-1.7\n%âãÏÓ'))).toBe(true)
  })

  it('finds the header after leading junk within the first 1024 bytes', () => {
    expect(hasPdfHeader(bytes(' '.repeat(1000) + '%PDF-1.4'))).toBe(true)
  })

  it('refuses a header that starts past the first 1024 bytes', () => {
    expect(hasPdfHeader(bytes(' '.repeat(1020) + '%PDF-1.4'))).toBe(false)
  })

  it('refuses text, HTML and a near miss', () => {
    expect(hasPdfHeader(bytes('hello'))).toBe(false)
    expect(hasPdfHeader(bytes('<!doctype html>%PDF'))).toBe(false)
    expect(hasPdfHeader(bytes('%PDF'))).toBe(false)
    expect(hasPdfHeader(new Uint8Array())).toBe(false)
  })
})

describe('checkPdfFileSize', () => {
  it('refuses an empty file by name', () => {
    expect(checkPdfFileSize({ name: 'a.pdf', size: 0 })).toEqual({
      ok: false,
      message: "'a.pdf' is empty. Choose a PDF file.",
    })
  })

  it('refuses a file over the limit with its size and the limit', () => {
    expect(checkPdfFileSize({ name: 'big.pdf', size: 123_400_000 })).toEqual({
      ok: false,
      message: "'big.pdf' is 123.4 MB. Inkmark keeps PDFs up to 100 MB on this device.",
    })
  })

  it('accepts a file of exactly the limit', () => {
    expect(checkPdfFileSize({ name: 'a.pdf', size: MAX_PDF_BYTES })).toEqual({ ok: true })
  })
})

describe('checkPdfFile', () => {
  it('accepts a PDF whatever its name', () => {
    expect(checkPdfFile({ name: 'scan', size: 10 }, bytes('%PDF-1.5 …'))).toEqual({ ok: true })
  })

  it('refuses a non-PDF with a clear message, even named .pdf', () => {
    expect(checkPdfFile({ name: 'notes.pdf', size: 5 }, bytes('hello'))).toEqual({
      ok: false,
      message: "'notes.pdf' is not a PDF file. Choose a PDF document.",
    })
  })

  it('names an unnamed file plainly', () => {
    expect(checkPdfFile({ name: '', size: 5 }, bytes('hello'))).toEqual({
      ok: false,
      message: 'This file is not a PDF file. Choose a PDF document.',
    })
  })
})
