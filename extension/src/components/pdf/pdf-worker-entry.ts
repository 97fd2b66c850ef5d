// The viewer's pdf.js worker: the upsert methods pdf.js calls (shared/src/pdf/map-upsert.ts,
// missing in Firefox ESR 140), then pdf.js's own worker.
import '@inkmark/shared/pdf/map-upsert'
import 'pdfjs-dist/build/pdf.worker.min.mjs'
