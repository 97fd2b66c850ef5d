// Devices as plain Yjs docs exchanging updates with a relay's live doc the way a live room does,
// for the guards' unit tests (no sockets).
import * as Y from 'yjs'
import type { LiveDoc } from '../docs/live-doc'

/** What `doc` has that the relay lacks, sent as a room sends a client's update. */
export function sendThroughRoom(doc: Y.Doc, live: LiveDoc): Uint8Array {
  const update = Y.encodeStateAsUpdate(doc, Y.encodeStateVector(live.doc))
  Y.applyUpdate(live.doc, update, { socket: 'a room client' })
  return update
}

/** What the relay has that `doc` lacks, as the room sends it back. */
export function receiveFromRoom(live: LiveDoc, doc: Y.Doc): void {
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(live.doc, Y.encodeStateVector(doc)))
}
