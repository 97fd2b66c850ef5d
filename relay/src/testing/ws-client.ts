// Live-room test helpers: a relay listening on a loopback port, real y-websocket clients (the
// WebsocketProvider the apps use, on the `ws` package) destroyed when the test ends, and waiting
// for a condition with a bound that only turns a hang into a failure (no timing is asserted).
// Clients connect as the apps do: a fresh room ticket for each (re)connect, asked for with the
// login token (the shared createRoomTicketSocketClass).
import { createRoomTicketSocketClass } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { WebSocket } from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'

/** Starts `app` on 127.0.0.1 and a free port; returns the rooms' websocket base URL. */
export async function listenForRooms(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address !== 'object') {
    throw new Error('The relay is not listening on a TCP port')
  }
  return `ws://127.0.0.1:${address.port}/rooms`
}

/** A y-websocket client of one room. */
export interface RoomClient {
  doc: Y.Doc
  provider: WebsocketProvider
  /** Stops the client (also done when the test ends). */
  destroy(): void
}

/** The relay's HTTP origin for the rooms' websocket base URL. */
export function httpOrigin(roomsUrl: string): string {
  return new URL(roomsUrl.replace(/^ws/, 'http')).origin
}

/**
 * Connects a y-websocket client to `room` as the owner of `token` (no token when undefined), with
 * a fresh ticket for each connect; `getToken` overrides `token` when the test changes it.
 */
export function connectRoom(
  serverUrl: string,
  room: string,
  token: string | undefined,
  extraParams: Record<string, string> = {},
  getToken: () => string | undefined = () => token,
): RoomClient {
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(serverUrl, room, doc, {
    WebSocketPolyfill: createRoomTicketSocketClass({
      relayUrl: httpOrigin(serverUrl),
      getToken,
      WebSocket,
    }),
    params: extraParams,
    disableBc: true,
    maxBackoffTime: 200,
  })
  let destroyed = false
  const destroy = () => {
    if (!destroyed) {
      destroyed = true
      provider.destroy()
      doc.destroy()
    }
  }
  onTestFinished(destroy)
  return { doc, provider, destroy }
}

/** Resolves once `condition()` holds; rejects after `limitMs` (a hang guard, not a timing check). */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  description: string,
  limitMs = 4_000,
): Promise<void> {
  const deadline = Date.now() + limitMs
  for (;;) {
    if (await condition()) {
      return
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting until ${description}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Resolves once the client has synced with the relay. */
export function whenSynced(client: RoomClient): Promise<void> {
  return waitUntil(() => client.provider.synced, 'the client synced')
}

/** A room ticket for `token`'s owner (bound to `docName` when given). */
export async function roomTicket(
  app: FastifyInstance,
  token: string,
  docName?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/rooms/tickets',
    headers: { authorization: `Bearer ${token}` },
    payload: docName === undefined ? {} : { docName },
  })
  if (response.statusCode !== 200) {
    throw new Error(`POST /rooms/tickets failed: ${response.statusCode} ${response.body}`)
  }
  return response.json<{ ticket: string }>().ticket
}

/** Resolves with the close event once the provider's websocket was closed (or refused). */
export function nextClose(client: RoomClient): Promise<unknown> {
  return new Promise((resolve) => {
    client.provider.once('connection-close', (event: unknown) => resolve(event))
  })
}

/** Opens a raw websocket; resolves with it once open, or with the HTTP status it was refused by. */
export function openRawSocket(url: string): Promise<{ socket?: WebSocket; refusedWith?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.binaryType = 'arraybuffer'
    onTestFinished(() => socket.terminate())
    socket.once('open', () => resolve({ socket }))
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refusedWith: response.statusCode ?? 0 })
      response.resume()
      socket.terminate()
    })
    socket.once('error', (error) => reject(error))
  })
}
