// pdf.js's worker for the viewer page: started from the extension's own files (the bundler copies
// pdfjs-dist's worker into the build and gives its address), so nothing is fetched from the web
// and the page's CSP (script-src 'self') is met. One worker serves every document of the page.
let worker: Worker | undefined

/** The page's pdf.js worker, started on first use. */
export function pdfWorker(): Worker {
  // Our entry puts in what Firefox ESR lacks before pdf.js's worker runs (shared/src/pdf/map-upsert.ts).
  worker ??= new Worker(new URL('./pdf-worker-entry.ts', import.meta.url), { type: 'module' })
  return worker
}
