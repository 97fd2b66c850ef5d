// The web app's pdf.js worker: the upsert methods pdf.js calls (shared/src/pdf/map-upsert.ts,
// missing in Firefox ESR 140, ADR 082), then pdf.js's own worker. Without them every page of a PDF
// failed to draw in Firefox ESR, as it did in the extension.
import '@inkmark/shared/pdf/map-upsert'
import 'pdfjs-dist/build/pdf.worker.min.mjs'
