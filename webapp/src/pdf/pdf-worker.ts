// pdf.js parses in a worker. Vite bundles it as a script of its own (`?worker&url`): emitted as a
// .js file, which every static host serves with a JavaScript type (a module worker with another
// type is refused by the browser; `?url` would keep pdfjs-dist's .mjs name). The entry puts in the
// Map upsert methods Firefox ESR lacks before pdf.js's worker runs (pdf-worker-entry.ts).
import workerUrl from './pdf-worker-entry?worker&url'

/** The URL of pdf.js's worker in this build, for the viewer core's `workerSrc`. */
export const PDF_WORKER_SRC: string = workerUrl
