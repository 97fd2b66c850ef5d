// Development helpers, registered only with INKMARK_DEV_OUTBOX=1 on a loopback relay outside
// production (config.ts refuses anything else): the mail outbox, so that local use and end-to-end
// tests can follow confirmation and reset links without an SMTP server. Mails older than
// OUTBOX_RETENTION_MS are deleted before listing, so links do not linger in plain text.
import type { FastifyPluginCallback } from 'fastify'
import { OUTBOX_RETENTION_MS } from '../mail/mail-transport'

/** GET /dev/outbox. */
export const devRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/dev/outbox', async (_request, reply) => {
    const { storage, now } = app.services
    await storage.deleteMailsBefore(now() - OUTBOX_RETENTION_MS)
    void reply.header('cache-control', 'no-store')
    return storage.listMails()
  })
  done()
}
