// pdf.js parses in a worker. Vite bundles the worker as a script of its own (`?worker&url`, so it is
// emitted as a .js file any static host serves with a JavaScript type) and this module points
// pdf.js at it, once, before the first document is opened.
import { GlobalWorkerOptions } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url'

/** Points pdf.js at the bundled worker. */
export function setUpPdfWorker(): void {
  if (GlobalWorkerOptions.workerSrc !== workerUrl) {
    GlobalWorkerOptions.workerSrc = workerUrl
  }
}
