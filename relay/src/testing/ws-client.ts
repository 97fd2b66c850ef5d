// Live-room test helpers: a relay listening on a loopback port, real y-websocket clients (the
// WebsocketProvider the apps use, on the `ws` package) destroyed when the test ends, and waiting
// for a condition with a bound that only turns a hang into a failure (no timing is asserted).
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

/** Connects a y-websocket client to `room` with `token` (no token when undefined). */
export function connectRoom(
  serverUrl: string,
  room: string,
  token: string | undefined,
  extraParams: Record<string, string> = {},
): RoomClient {
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(serverUrl, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: token === undefined ? extraParams : { ...extraParams, token },
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
