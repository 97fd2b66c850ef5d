// Live rooms: the y-websocket protocol (sync and awareness messages, as y-websocket's client
// speaks it) over a user's docs. A room is one doc of one user, so a token only ever reaches its
// own user's docs; REST writes and room writes go through the same LiveDoc, so each side sees the
// other's changes at once. With PostgreSQL, rooms also poll for what other relays appended.
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import type { WebSocket } from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import type { LiveDoc, UserDocs } from '../docs/user-docs'

const MESSAGE_SYNC = 0
const MESSAGE_AWARENESS = 1
const MESSAGE_QUERY_AWARENESS = 3
/** How often a room catches up with updates other relay instances stored. */
export const ROOM_CATCH_UP_INTERVAL_MS = 1000
/** Doc names a room may have: the library and the body docs. */
export const ROOM_NAME_PATTERN = /^(library|(pagecontent|aichat)-[A-Za-z0-9_.:-]{1,200})$/

class Room {
  readonly awareness: awarenessProtocol.Awareness
  readonly connections = new Map<WebSocket, Set<number>>()
  private readonly timer: ReturnType<typeof setInterval> | undefined

  constructor(
    readonly live: LiveDoc,
    pollOtherInstances: boolean,
  ) {
    this.awareness = new awarenessProtocol.Awareness(live.doc)
    this.awareness.setLocalState(null)
    live.updateListeners.add(this.broadcastUpdate)
    this.awareness.on('update', this.broadcastAwareness)
    this.timer = pollOtherInstances
      ? setInterval(() => void live.catchUp().catch(() => undefined), ROOM_CATCH_UP_INTERVAL_MS)
      : undefined
  }

  private readonly broadcastUpdate = (update: Uint8Array, origin: unknown): void => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeUpdate(encoder, update)
    const message = encoding.toUint8Array(encoder)
    for (const socket of this.connections.keys()) {
      if (socket !== origin) {
        send(socket, message)
      }
    }
  }

  private readonly broadcastAwareness = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    const changed = [...added, ...updated, ...removed]
    const controlled =
      origin instanceof Object ? this.connections.get(origin as WebSocket) : undefined
    if (controlled) {
      added.forEach((client) => controlled.add(client))
      removed.forEach((client) => controlled.delete(client))
    }
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(
      encoder,
      awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed),
    )
    const message = encoding.toUint8Array(encoder)
    for (const socket of this.connections.keys()) {
      send(socket, message)
    }
  }

  join(socket: WebSocket): void {
    this.connections.set(socket, new Set())
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, this.live.doc)
    send(socket, encoding.toUint8Array(encoder))
    const states = this.awareness.getStates()
    if (states.size > 0) {
      const awarenessEncoder = encoding.createEncoder()
      encoding.writeVarUint(awarenessEncoder, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(
        awarenessEncoder,
        awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...states.keys()]),
      )
      send(socket, encoding.toUint8Array(awarenessEncoder))
    }
  }

  receive(socket: WebSocket, data: Uint8Array): void {
    const decoder = decoding.createDecoder(data)
    const encoder = encoding.createEncoder()
    const type = decoding.readVarUint(decoder)
    if (type === MESSAGE_SYNC) {
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.readSyncMessage(decoder, encoder, this.live.doc, socket)
      if (encoding.length(encoder) > 1) {
        send(socket, encoding.toUint8Array(encoder))
      }
    } else if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(
        this.awareness,
        decoding.readVarUint8Array(decoder),
        socket,
      )
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(
        encoder,
        awarenessProtocol.encodeAwarenessUpdate(this.awareness, [
          ...this.awareness.getStates().keys(),
        ]),
      )
      send(socket, encoding.toUint8Array(encoder))
    }
  }

  /** Removes a connection; true when the room is empty afterwards. */
  leave(socket: WebSocket): boolean {
    const controlled = this.connections.get(socket)
    this.connections.delete(socket)
    if (controlled && controlled.size > 0) {
      awarenessProtocol.removeAwarenessStates(this.awareness, [...controlled], null)
    }
    return this.connections.size === 0
  }

  destroy(): void {
    if (this.timer) {
      clearInterval(this.timer)
    }
    this.live.updateListeners.delete(this.broadcastUpdate)
    this.awareness.destroy()
    for (const socket of this.connections.keys()) {
      socket.close(4403, 'Room closed')
    }
    this.connections.clear()
  }
}

function send(socket: WebSocket, message: Uint8Array): void {
  if (socket.readyState === socket.OPEN) {
    socket.send(message, (error) => {
      if (error) {
        socket.close()
      }
    })
  }
}

/** The open rooms of this relay instance. */
export class RoomRegistry {
  private readonly rooms = new Map<string, Promise<Room>>()

  constructor(
    private readonly docs: UserDocs,
    private readonly pollOtherInstances: boolean,
  ) {}

  /** Connects a socket of `userId` to that user's doc `docName`. */
  async connect(userId: string, docName: string, socket: WebSocket): Promise<void> {
    const key = `${userId}\u0000${docName}`
    let opening = this.rooms.get(key)
    if (!opening) {
      opening = this.docs
        .open(userId, docName)
        .then((live) => new Room(live, this.pollOtherInstances))
      this.rooms.set(key, opening)
    }
    const room = await opening
    socket.binaryType = 'arraybuffer'
    socket.on('message', (data: ArrayBuffer | Buffer) => {
      try {
        room.receive(
          socket,
          data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data),
        )
      } catch {
        // A malformed message ends that connection, never the relay.
        socket.close(4400, 'Malformed message')
      }
    })
    socket.on('close', () => {
      if (room.leave(socket) && this.rooms.get(key) === opening) {
        this.rooms.delete(key)
        room.destroy()
      }
    })
    room.join(socket)
  }

  /** Closes every room of a user (their account was deleted). */
  closeUser(userId: string): void {
    for (const [key, opening] of [...this.rooms]) {
      if (key.startsWith(`${userId}\u0000`)) {
        this.rooms.delete(key)
        void opening.then((room) => room.destroy())
      }
    }
  }

  /** Closes every room. */
  async closeAll(): Promise<void> {
    const rooms = await Promise.all(this.rooms.values())
    this.rooms.clear()
    rooms.forEach((room) => room.destroy())
  }
}
