// `@inkmark/shared/pdf`: the PDF viewer core (pdf.js pages, text layers, highlights) and the pure
// PDF selector rules, apart from the main entry so that only the pages that show PDFs load pdf.js.
// Usage in README.md beside this file.
export { PDF_READY_NOTICE_MS, PDF_RENDERED_EVENT, PdfLoadError, openPdfViewer } from './pdf-viewer'
export type {
  PdfMark,
  PdfNotice,
  PdfPlacement,
  PdfRenderedDetail,
  PdfSelection,
  PdfSource,
  PdfViewer,
  PdfViewerOptions,
} from './pdf-viewer'
export {
  PAGE_BREAK,
  PDF_PAGE_TAG,
  anchorPdfText,
  describePdfText,
  joinPages,
  pageSpan,
  pdfSelectorFromHighlightSource,
  pdfSelectorToHighlightSource,
} from './pdf-selector'
export type { PageTexts, PdfHighlightSource, PdfTextAnchor, PdfTextSelector } from './pdf-selector'
export { installMapUpsert } from './map-upsert'
export { TEXT_CONTENT_PARAMS, itemsText, pageText } from './page-text'
export { DEFAULT_PAGE_WINDOW, inRange, maxKeptPages, pageWindow, visiblePages } from './page-window'
export type { PageRange, PageWindow, PageWindowOptions } from './page-window'
