// POST /html-to-pdf: the page's reader HTML (or a user's content) as a PDF, printed by headless
// Chromium with JavaScript and the network off for the document (pdf-printer.ts), answered as an
// attachment named after the title. Limits: the HTML's size, a deadline, a queue, and calls per
// account and per address.
import type { FastifyPluginAsync } from 'fastify'
import { ErrorCode, RelayError } from '../../errors'
import { miscRouteGuards } from '../misc-rate-limit'
import { pdfContentDisposition } from './print-document'
import { PdfPrinter, PrintTimeoutError } from './pdf-printer'
import { QueueFullError } from './print-queue'

/** PDFs per account and minute. */
export const PDF_PER_ACCOUNT_PER_MINUTE = 10
/** PDFs per address and minute. */
export const PDF_PER_ADDRESS_PER_MINUTE = 30
/** Longest title accepted. */
export const MAX_PDF_TITLE_LENGTH = 500

export const htmlToPdfRoutes: FastifyPluginAsync = (app) => {
  const settings = app.services.config.misc.pdf
  const printer = new PdfPrinter(settings)
  app.addHook('onClose', () => printer.close())
  const megabytes = Math.round((settings.maxHtmlBytes / (1024 * 1024)) * 10) / 10
  app.post<{ Body: { html: string; title?: string } }>(
    '/html-to-pdf',
    {
      ...miscRouteGuards(app, {
        name: 'html-to-pdf',
        perAccountPerMinute: PDF_PER_ACCOUNT_PER_MINUTE,
        perAddressPerMinute: PDF_PER_ADDRESS_PER_MINUTE,
      }),
      // JSON escapes can double the HTML's size; the HTML itself is measured below.
      bodyLimit: settings.maxHtmlBytes * 2 + 64 * 1024,
      schema: {
        body: {
          type: 'object',
          required: ['html'],
          additionalProperties: false,
          properties: {
            html: { type: 'string' },
            title: { type: 'string', maxLength: MAX_PDF_TITLE_LENGTH },
          },
        },
      },
    },
    async (request, reply) => {
      const { html } = request.body
      const title = request.body.title?.trim() ?? ''
      if (Buffer.byteLength(html) > settings.maxHtmlBytes) {
        throw new RelayError(
          413,
          ErrorCode.PAYLOAD_TOO_LARGE,
          `The page is larger than ${megabytes} MB, too large to make a PDF of`,
        )
      }
      let pdf: Buffer
      try {
        pdf = await printer.print(html, title)
      } catch (error) {
        if (error instanceof QueueFullError) {
          throw new RelayError(
            503,
            ErrorCode.UNAVAILABLE,
            'Too many PDFs are being made. Try again in a minute.',
          )
        }
        if (error instanceof PrintTimeoutError) {
          throw new RelayError(
            504,
            ErrorCode.UNAVAILABLE,
            'The PDF took too long to make. Try a shorter page.',
          )
        }
        request.log.error({ err: error }, 'printing a PDF failed')
        throw new RelayError(500, ErrorCode.INTERNAL, 'The PDF could not be made. Try again.')
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', pdfContentDisposition(title))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf)
    },
  )
  return Promise.resolve()
}
