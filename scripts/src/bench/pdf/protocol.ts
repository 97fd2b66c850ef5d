// What the PDF benchmark's Node side (../pdf.ts) and its page (page.mts) say to each other: plain
// data only, so that this file needs no DOM types.

/** A highlight's place in the PDF, as the viewer stores it (shared/src/pdf/pdf-selector.ts). */
export interface BenchSelector {
  startPage: number
  start: number
  endPage: number
  end: number
  quote: { type: 'TextQuoteSelector'; exact: string; prefix?: string; suffix?: string }
}

/** Highlights made once, in a page of their own, for every measurement. */
export interface PrepareReport {
  pageCount: number
  textChars: number
  /** One highlight on the first page with text (the first highlighted page's). */
  first: BenchSelector
  highlights: BenchSelector[]
  acrossPages: number
}

/** Time to the first page shown, by pdf.js alone or by the viewer with a highlight on it. */
export interface FirstPageReport {
  ms: number
}

/** Anchoring the highlights, and its baseline: extracting every page's text with pdf.js. */
export interface AnchorHundredReport {
  /** pdf.js getTextContent on every page (the baseline). */
  extractMs: number
  /** anchorPdfText on every highlight, the texts known. */
  anchorMs: number
  /** viewer.setMarks with every highlight in an open viewer: texts, anchoring and painting. */
  setMarksMs: number
  placed: number
  /** Highlights anchored exactly where they were described. */
  correct: number
}

export interface PdfBenchApi {
  prepare(args: { pdfUrl: string; seed: number; count: number }): Promise<PrepareReport>
  firstPageBaseline(args: { pdfUrl: string; scale: number }): Promise<FirstPageReport>
  firstHighlightedPage(args: {
    pdfUrl: string
    scale: number
    first: BenchSelector
  }): Promise<FirstPageReport>
  anchorHighlights(args: {
    pdfUrl: string
    scale: number
    highlights: BenchSelector[]
  }): Promise<AnchorHundredReport>
}

export interface PdfBenchGlobal {
  inkmarkPdfBench: PdfBenchApi
}

/** Where the page finds pdf.js's worker (copied beside the bundle with a .js name). */
export const WORKER_FILE = 'pdf.worker.js'
