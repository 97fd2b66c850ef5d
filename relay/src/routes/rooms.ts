// The live rooms' door. POST /rooms/tickets trades the bearer token for a room ticket: random,
// single-use, valid for ROOM_TICKET_LIFETIME_MS, stored only as a hash (so every relay sharing the
// database can take it, and only once), optionally bound to one room. GET /rooms/:docName?ticket=
// upgraded to a websocket is the y-websocket endpoint: browsers cannot set headers on websockets,
// so the URL carries the ticket, never the login token (URLs end up in logs and histories). The
// ticket is checked in preValidation, before the upgrade, so a client without one never receives
// a byte of any doc; the socket then lives only as long as the ticket's session (docs/adr/029).
// Tickets, rooms and open sockets are for plans that may sync (402 PREMIUM_REQUIRED before the
// upgrade; an open socket is closed with 4402 when the plan ends, rooms/plan-sockets.ts).
import { randomBytes } from 'node:crypto'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import { authenticate, currentUser, requireAccount } from '../accounts/authenticate'
import { hashOneTimeToken } from '../accounts/tokens'
import { ErrorCode, RelayError } from '../errors'
import { ROOM_NAME_PATTERN } from '../rooms/rooms'
import { accountMaySync, premiumRequired, requireSyncPlan } from '../plans/sync-plan'
import type { StoredRoomTicket, StoredUser } from '../storage/relay-storage'

/** How long a room ticket works after it was issued. */
export const ROOM_TICKET_LIFETIME_MS = 60_000
/** Tickets a client address may ask for per minute (one per (re)connect is what clients need). */
export const ROOM_TICKET_RATE_LIMIT_PER_MINUTE = 120

const roomNameSchema = { type: 'string', minLength: 1, maxLength: 220 }

/** The live room routes. */
export const roomRoutes: FastifyPluginCallback = (app, _options, done) => {
  const tickets = new WeakMap<FastifyRequest, { ticket: StoredRoomTicket; account: StoredUser }>()

  app.post<{ Body: { docName?: string } | undefined }>(
    '/rooms/tickets',
    {
      config: {
        noStore: true,
        rateLimit: { max: ROOM_TICKET_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      preHandler: [authenticate, requireSyncPlan],
      schema: {
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { docName: roomNameSchema },
        },
        response: {
          200: {
            type: 'object',
            properties: { ticket: { type: 'string' }, expiresInSeconds: { type: 'number' } },
            required: ['ticket', 'expiresInSeconds'],
          },
        },
      },
    },
    async (request) => {
      const claims = currentUser(request)
      const docName = request.body?.docName ?? null
      if (docName !== null && !ROOM_NAME_PATTERN.test(docName)) {
        throw new RelayError(400, ErrorCode.BAD_REQUEST, 'No such room')
      }
      const { storage, now } = app.services
      const ticket = randomBytes(32).toString('base64url')
      await storage.putRoomTicket(
        {
          hash: hashOneTimeToken(ticket),
          userId: claims._id,
          docName,
          sessionVersion: claims.sv,
          sessionExpiresAt: claims.exp * 1000,
          expiresAt: now() + ROOM_TICKET_LIFETIME_MS,
        },
        now(),
      )
      return { ticket, expiresInSeconds: ROOM_TICKET_LIFETIME_MS / 1000 }
    },
  )

  app.route<{ Params: { docName: string }; Querystring: { ticket?: string } }>({
    method: 'GET',
    url: '/rooms/:docName',
    preValidation: async (request) => {
      const { now, storage } = app.services
      const given = request.query.ticket
      if (typeof given !== 'string' || given === '') {
        throw new RelayError(
          401,
          ErrorCode.UNAUTHORIZED,
          'A room ticket is required: ask POST /rooms/tickets for one',
        )
      }
      const ticket = await storage.takeRoomTicket(hashOneTimeToken(given), now())
      if (!ticket) {
        throw new RelayError(
          401,
          ErrorCode.UNAUTHORIZED,
          'The room ticket is not valid: a ticket works once, within a minute',
        )
      }
      const account = await requireAccount(storage, {
        _id: ticket.userId,
        sv: ticket.sessionVersion,
      })
      if (ticket.sessionExpiresAt <= now()) {
        throw new RelayError(
          401,
          ErrorCode.TOKEN_EXPIRED,
          'Your token expired. Please login again.',
        )
      }
      if (!ROOM_NAME_PATTERN.test(request.params.docName)) {
        throw new RelayError(404, ErrorCode.NOT_FOUND, 'No such room')
      }
      if (ticket.docName !== null && ticket.docName !== request.params.docName) {
        throw new RelayError(403, ErrorCode.FORBIDDEN, 'This ticket is for another room')
      }
      if (!accountMaySync(account, app.services, now())) {
        throw premiumRequired()
      }
      tickets.set(request, { ticket, account })
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
      const admitted = tickets.get(request)
      if (!admitted) {
        socket.close(4401, 'No ticket')
        return
      }
      const { ticket, account } = admitted
      // Socket cap, message rate and quotas per account (limits/room-limits.ts).
      const limitsGate = app.limits.rooms.admit(ticket.userId, request.params.docName, socket)
      if (!limitsGate) {
        return
      }
      const planGate = app.services.planSockets.watch(account, socket)
      const gate = (data: Uint8Array) => limitsGate(data) && planGate(data)
      app.services.sessions.track(
        socket,
        ticket.userId,
        ticket.sessionVersion,
        ticket.sessionExpiresAt,
      )
      if (app.services.storage.cluster) {
        // A revocation announced by another instance between the ticket's check and now found no
        // socket to close: check this one against the account once more (ADR 085).
        void app.services.sessions.recheck(ticket.userId).catch(() => undefined)
      }
      app.services.rooms
        .connect(ticket.userId, request.params.docName, socket, gate)
        .catch((error: unknown) => {
          request.log.error(error)
          socket.close(1011, 'Room unavailable')
        })
    },
  })
  done()
}
