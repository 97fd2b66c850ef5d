// Live rooms: the y-websocket protocol (sync and awareness messages, as y-websocket's client
// speaks it) over a user's docs. A room is one doc of one user, so a token only ever reaches its
// own user's docs; REST writes and room writes go through the same LiveDoc, so each side sees the
// other's changes at once. With PostgreSQL, a room catches up from the update log when another
// relay instance announces an update of its doc on the cluster bus, and after the bus was away
// (ADR 085); an idle room costs the database nothing.
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import type { WebSocket } from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import type { LiveDoc } from '../docs/live-doc'
import type { DocLease, UserDocs } from '../docs/user-docs'

const MESSAGE_SYNC = 0
const MESSAGE_AWARENESS = 1
const MESSAGE_QUERY_AWARENESS = 3
/** Close code of a room closed for good (account deleted): y-websocket does not reconnect. */
export const ROOM_CLOSED_CLOSE_CODE = 4403
/** How long a room waits to catch up again after the database did not answer. */
export const ROOM_CATCH_UP_RETRY_MS = 1_000
/** Close code of rooms closed because the relay stops (WebSocket's 1012): clients come back. */
export const ROOM_RESTART_CLOSE_CODE = 1012
/** Close code of a room whose doc was reloaded: in y-websocket's "try again later" range. */
export const ROOM_RESET_CLOSE_CODE = 4500
/** Messages of one socket applied per turn of the event loop when a backlog waits. */
export const ROOM_MESSAGES_PER_TURN = 8
/** Doc names a room may have: the library and the body docs. */
export const ROOM_NAME_PATTERN = /^(library|(pagecontent|aichat)-[A-Za-z0-9_.:-]{1,200})$/

class Room {
  readonly awareness: awarenessProtocol.Awareness
  readonly connections = new Map<WebSocket, Set<number>>()
  readonly live: LiveDoc
  private catchingUp = false
  private catchUpAgain = false
  private closed = false

  /** The room holds its doc in the cache (never evicted) until it is destroyed. */
  constructor(
    private readonly lease: DocLease,
    private readonly onReset: () => void,
  ) {
    const live = lease.live
    this.live = live
    this.awareness = new awarenessProtocol.Awareness(live.doc)
    this.awareness.setLocalState(null)
    live.updateListeners.add(this.broadcastUpdate)
    live.doc.on('destroy', this.resetOnDocDestroyed)
    this.awareness.on('update', this.broadcastAwareness)
  }

  /**
   * Applies what other instances stored (their updates reach this room's sockets through the
   * doc's update listener). Announcements that come while a catch-up runs make one more.
   */
  catchUp(): void {
    if (this.catchingUp) {
      this.catchUpAgain = true
      return
    }
    this.catchingUp = true
    void this.live
      .catchUp()
      .then(
        () => false,
        () => true,
      )
      .then((failed) => {
        this.catchingUp = false
        // Until the room closes (a room still opening has no connections yet, and must not miss
        // an announcement that came meanwhile).
        if (this.closed || this.live.doc.isDestroyed) {
          return
        }
        if (failed) {
          // The database did not answer: try again shortly (the announcement is not repeated).
          setTimeout(() => this.catchUp(), ROOM_CATCH_UP_RETRY_MS).unref()
        } else if (this.catchUpAgain) {
          this.catchUpAgain = false
          this.catchUp()
        }
      })
  }

  /**
   * The live doc was dropped (storing a change failed, so the next use reloads it from storage):
   * this room's copy is no longer the one REST writes go to, and its changes are no longer stored.
   * Close the connections with a code y-websocket clients retry, so they rejoin a fresh room and
   * resend whatever the stored doc lacks.
   */
  private readonly resetOnDocDestroyed = (): void => {
    this.onReset()
    this.destroy(ROOM_RESET_CLOSE_CODE, 'Doc reloaded, reconnect')
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
      this.receiveSync(socket, decoder)
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

  /**
   * A sync message. Handled here rather than by y-protocols' readSyncMessage, which logs and
   * swallows an update that fails to apply: a malformed update must end the connection instead.
   */
  private receiveSync(socket: WebSocket, decoder: decoding.Decoder): void {
    const syncType = decoding.readVarUint(decoder)
    if (syncType === syncProtocol.messageYjsSyncStep1) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.writeSyncStep2(encoder, this.live.doc, decoding.readVarUint8Array(decoder))
      send(socket, encoding.toUint8Array(encoder))
    } else if (
      syncType === syncProtocol.messageYjsSyncStep2 ||
      syncType === syncProtocol.messageYjsUpdate
    ) {
      Y.applyUpdate(this.live.doc, decoding.readVarUint8Array(decoder), socket)
    } else {
      throw new Error(`Unknown sync message type ${syncType}`)
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

  /** Closes the room; the default code tells y-websocket clients not to come back. */
  destroy(code = ROOM_CLOSED_CLOSE_CODE, reason = 'Room closed'): void {
    this.closed = true
    this.live.updateListeners.delete(this.broadcastUpdate)
    this.live.doc.off('destroy', this.resetOnDocDestroyed)
    this.lease.release()
    this.awareness.destroy()
    for (const socket of this.connections.keys()) {
      socket.close(code, reason)
    }
    this.connections.clear()
  }
}

function roomKey(userId: string, docName: string): string {
  return `${userId}\u0000${docName}`
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

/** A room being opened or open; `room` is set as soon as it is open. */
interface RoomEntry {
  opening: Promise<Room>
  room?: Room
}

/** The open rooms of this relay instance. */
export class RoomRegistry {
  private readonly rooms = new Map<string, RoomEntry>()

  constructor(private readonly docs: UserDocs) {}

  /** Another instance stored update `updateId` of `userId`'s doc `docName`: its room catches up. */
  heardUpdate(userId: string, docName: string, updateId: number): void {
    const entry = this.rooms.get(roomKey(userId, docName))
    if (!entry) {
      return
    }
    // A room still opening may have read its doc before this update committed: it catches up
    // once open, unless its load had the update already.
    void entry.opening.then(
      (room) => {
        if (!room.live.hasSeen(updateId)) {
          room.catchUp()
        }
      },
      () => undefined,
    )
  }

  /** Every open room catches up (the bus was away: announcements may have been missed). */
  catchUpAll(): void {
    for (const entry of this.rooms.values()) {
      entry.room?.catchUp()
    }
  }

  /**
   * Connects a socket of `userId` to that user's doc `docName`; `gate` may refuse a message (the
   * account's limits, which close the socket).
   */
  async connect(
    userId: string,
    docName: string,
    socket: WebSocket,
    gate: (data: Uint8Array) => boolean = () => true,
  ): Promise<void> {
    const key = roomKey(userId, docName)
    // Listen before the first await: messages that arrive with no listener are dropped, and the
    // client speaks first (its sync step 1) while the doc may still be loading from storage.
    // Without that message the client would never be sent the doc.
    socket.binaryType = 'arraybuffer'
    let joined: Room | undefined
    const early: Uint8Array[] = []
    let malformed = false
    const receive = (room: Room, data: Uint8Array) => {
      if (malformed) {
        return
      }
      try {
        room.receive(socket, data)
      } catch {
        // A malformed message ends that connection, never the relay.
        malformed = true
        // A paused socket would not read the client's answer to the close.
        socket.resume()
        socket.close(4400, 'Malformed message')
      }
    }
    // Once joined, a socket's messages are applied in batches, one batch per turn of the event
    // loop, with the socket paused while a backlog waits: a client flooding its room cannot hold
    // the event loop, and every other request, for as long as its backlog takes.
    const inbox: Uint8Array[] = []
    let draining = false
    const drain = () => {
      for (const data of inbox.splice(0, ROOM_MESSAGES_PER_TURN)) {
        receive(joined!, data)
      }
      if (inbox.length > 0) {
        setImmediate(drain)
        return
      }
      draining = false
      if (socket.readyState !== socket.CLOSED) {
        socket.resume()
      }
    }
    socket.on('message', (data: ArrayBuffer | Buffer) => {
      const bytes = new Uint8Array(data)
      if (!gate(bytes)) {
        // The gate closed the socket: a paused one would not read the client's answer.
        socket.resume()
        return
      }
      if (!joined) {
        early.push(bytes)
        return
      }
      inbox.push(bytes)
      if (!draining) {
        draining = true
        socket.pause()
        setImmediate(drain)
      }
    })
    socket.on('close', () => {
      if (joined) {
        // What the client sent before it closed is applied, as it would have been at once.
        for (const data of inbox.splice(0)) {
          receive(joined, data)
        }
      }
      if (joined?.leave(socket)) {
        this.release(key, joined)
      }
    })

    for (;;) {
      const entry = this.open(key, userId, docName)
      const room = await entry.opening
      if (socket.readyState !== socket.OPEN) {
        this.release(key, room)
        return
      }
      if (this.rooms.get(key) !== entry) {
        // The room was closed while this socket waited for it: open it anew.
        continue
      }
      joined = room
      room.join(socket)
      for (const data of early.splice(0)) {
        receive(room, data)
      }
      return
    }
  }

  /** The entry of an open or opening room, made if there is none. A failed open is forgotten. */
  private open(key: string, userId: string, docName: string): RoomEntry {
    const existing = this.rooms.get(key)
    if (existing) {
      return existing
    }
    const entry: RoomEntry = {
      opening: this.docs.acquire(userId, docName).then((lease) => {
        entry.room = new Room(lease, () => {
          if (this.rooms.get(key) === entry) {
            this.rooms.delete(key)
          }
        })
        return entry.room
      }),
    }
    entry.opening.catch(() => {
      if (this.rooms.get(key) === entry) {
        this.rooms.delete(key)
      }
    })
    this.rooms.set(key, entry)
    return entry
  }

  /** Destroys `room` if nobody is connected to it any more. */
  private release(key: string, room: Room): void {
    if (room.connections.size === 0 && this.rooms.get(key)?.room === room) {
      this.rooms.delete(key)
      room.destroy()
    }
  }

  /** Closes every room of a user (their account was deleted). */
  closeUser(userId: string): void {
    for (const [key, entry] of [...this.rooms]) {
      if (key.startsWith(`${userId}\u0000`)) {
        this.rooms.delete(key)
        if (entry.room) {
          entry.room.destroy()
        } else {
          entry.opening.then(
            (room) => room.destroy(),
            () => undefined,
          )
        }
      }
    }
  }

  /** Closes every room, telling clients `code` (by default: do not come back). */
  async closeAll(code = ROOM_CLOSED_CLOSE_CODE, reason = 'Room closed'): Promise<void> {
    const entries = [...this.rooms.values()]
    this.rooms.clear()
    for (const result of await Promise.allSettled(entries.map((entry) => entry.opening))) {
      if (result.status === 'fulfilled') {
        result.value.destroy(code, reason)
      }
    }
  }
}
