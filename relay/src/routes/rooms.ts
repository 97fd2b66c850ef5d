// GET /rooms/:docName upgraded to a websocket: the y-websocket endpoint. The token (query
// parameter `token`, since browsers cannot set headers on websockets) is verified in preValidation,
// before the upgrade, so an unauthenticated client never receives a byte of any doc.
import type { FastifyPluginCallback } from 'fastify'
import { authenticateToken, currentUser } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import { ROOM_NAME_PATTERN } from '../rooms/rooms'

/** The live room route. */
export const roomRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get<{ Params: { docName: string }; Querystring: { token?: string } }>(
    '/rooms/:docName',
    {
      websocket: true,
      preValidation: async (request) => {
        const { config, now } = app.services
        request.user = await authenticateToken(request.query.token, config.jwtSecret, now())
        if (!ROOM_NAME_PATTERN.test(request.params.docName)) {
          throw new RelayError(404, ErrorCode.NOT_FOUND, 'No such room')
        }
      },
    },
    (socket, request) => {
      const userId = currentUser(request)._id
      app.services.rooms.connect(userId, request.params.docName, socket).catch((error: unknown) => {
        request.log.error(error)
        socket.close(1011, 'Room unavailable')
      })
    },
  )
  done()
}
