// Headless Chromium printing PDFs for /html-to-pdf: one browser shared by every request (started
// on first use, started again if it dies), a fresh context per PDF with JavaScript off and every
// request of the document aborted (offline too), a small number printing at once (print-queue.ts)
// and a deadline per PDF. Chromium is what the reader's HTML is made for: it prints what the
// person sees (docs/adr/065-misc-server.md).
import { chromium, type Browser } from 'playwright-core'
import type { MiscConfig } from '../misc-config'
import { printDocument } from './print-document'
import { PrintQueue } from './print-queue'

export type PdfSettings = MiscConfig['pdf']

/** The deadline passed before the PDF was ready. */
export class PrintTimeoutError extends Error {
  constructor() {
    super('The PDF took too long to make')
    this.name = 'PrintTimeoutError'
  }
}

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-dev-shm-usage',
]

export class PdfPrinter {
  private browser: Promise<Browser> | undefined
  private readonly queue: PrintQueue
  private closed = false
  /** Requests the printed documents tried to make (all aborted): for tests and logs. */
  blockedRequests = 0

  constructor(private readonly settings: PdfSettings) {
    this.queue = new PrintQueue(settings.concurrency, settings.queueLimit)
  }

  private launch(): Promise<Browser> {
    if (this.browser === undefined) {
      const launched = chromium.launch({
        executablePath: this.settings.chromiumPath,
        args: CHROMIUM_FLAGS,
        headless: true,
      })
      this.browser = launched
      launched.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser === launched) {
              this.browser = undefined
            }
          }),
        () => {
          this.browser = undefined
        },
      )
    }
    return this.browser
  }

  /** The PDF of `html` under `title` (waits for a free slot; QueueFullError when too many wait). */
  print(html: string, title: string): Promise<Buffer> {
    if (this.closed) {
      return Promise.reject(new Error('The PDF printer is closed'))
    }
    return this.queue.run(() => this.printNow(printDocument(html, title)))
  }

  private async printNow(document: string): Promise<Buffer> {
    const browser = await this.launch()
    const context = await browser.newContext({
      javaScriptEnabled: false,
      offline: true,
      serviceWorkers: 'block',
      acceptDownloads: false,
    })
    let timer: NodeJS.Timeout | undefined
    try {
      await context.route('**/*', (route) => {
        this.blockedRequests += 1
        return route.abort('blockedbyclient')
      })
      const page = await context.newPage()
      page.setDefaultTimeout(this.settings.timeoutMs)
      const work = (async () => {
        await page.setContent(document, { waitUntil: 'load' })
        return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
      })()
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new PrintTimeoutError()), this.settings.timeoutMs)
      })
      return await Promise.race([work, deadline])
    } finally {
      clearTimeout(timer)
      await context.close().catch(() => undefined)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    const browser = this.browser
    this.browser = undefined
    if (browser) {
      await (await browser.catch(() => undefined))?.close()
    }
  }
}
