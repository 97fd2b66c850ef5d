// GET /rooms/:docName upgraded to a websocket: the y-websocket endpoint. The token (query
// parameter `token`, since browsers cannot set headers on websockets) is verified in preValidation,
// before the upgrade, so an unauthenticated client never receives a byte of any doc.
import type { FastifyPluginCallback } from 'fastify'
import { authenticateToken, currentUser, requireAccount } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import { ROOM_NAME_PATTERN } from '../rooms/rooms'

/** The live room route. */
export const roomRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.route<{ Params: { docName: string }; Querystring: { token?: string } }>({
    method: 'GET',
    url: '/rooms/:docName',
    preValidation: async (request) => {
      const { config, now, storage } = app.services
      const claims = await authenticateToken(request.query.token, config.jwtSecret, now())
      await requireAccount(storage, claims)
      request.user = claims
      if (!ROOM_NAME_PATTERN.test(request.params.docName)) {
        throw new RelayError(404, ErrorCode.NOT_FOUND, 'No such room')
      }
    },
    // A plain HTTP request (no upgrade) gets a coded JSON error like every other route.
    handler: () => {
      throw new RelayError(
        426,
        ErrorCode.BAD_REQUEST,
        'This route speaks WebSocket only: connect with a y-websocket client',
      )
    },
    wsHandler: (socket, request) => {
      const userId = currentUser(request)._id
      // Socket cap, message rate and quotas per account (limits/room-limits.ts).
      const gate = app.limits.rooms.admit(userId, request.params.docName, socket)
      if (!gate) {
        return
      }
      app.services.rooms
        .connect(userId, request.params.docName, socket, gate)
        .catch((error: unknown) => {
          request.log.error(error)
          socket.close(1011, 'Room unavailable')
        })
    },
  })
  done()
}
