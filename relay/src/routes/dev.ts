// Development helpers, registered only outside production: the mail outbox, so that local use and
// end-to-end tests can follow confirmation and reset links without an SMTP server.
import type { FastifyPluginCallback } from 'fastify'

/** GET /dev/outbox. */
export const devRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/dev/outbox', () => app.services.storage.listMails())
  done()
}
