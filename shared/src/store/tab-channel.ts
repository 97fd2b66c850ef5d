// Keeps the library of several tabs of the web app on one device in step. Each tab opens its own
// copy of the library doc from the origin's IndexedDB, and y-indexeddb does not tell one tab what
// another wrote: a page saved in one tab stayed missing in the other until a reload, and an edit
// there could overwrite it. So each tab sends its changes to the others on a BroadcastChannel
// (same origin, same browser profile) and applies theirs with the OTHER_TAB origin (not stored
// again: the writing tab stored it; not synced again: the writing tab syncs it). A tab that opens
// says which state it has, and the others answer with what it lacks (written meanwhile).
import * as Y from 'yjs'
import { TransactionOrigin } from './origins'

/** What the tabs say to each other. */
type TabMessage =
  { kind: 'update'; update: Uint8Array } | { kind: 'hello'; stateVector: Uint8Array }

function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null) {
    return false
  }
  const { kind, update, stateVector } = data as Record<string, unknown>
  return (
    (kind === 'update' && update instanceof Uint8Array) ||
    (kind === 'hello' && stateVector instanceof Uint8Array)
  )
}

/**
 * Shares `doc` with the other tabs that share it on channel `name`; returns the stop. Where
 * BroadcastChannel is missing, does nothing.
 */
export function shareAcrossTabs(doc: Y.Doc, name: string): () => void {
  if (typeof BroadcastChannel === 'undefined') {
    return () => undefined
  }
  const channel = new BroadcastChannel(name)
  const post = (message: TabMessage) => channel.postMessage(message)
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== TransactionOrigin.OTHER_TAB) {
      post({ kind: 'update', update })
    }
  }
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data
    if (!isTabMessage(message)) {
      return
    }
    if (message.kind === 'update') {
      try {
        Y.applyUpdate(doc, message.update, TransactionOrigin.OTHER_TAB)
      } catch (error) {
        // A damaged message changes nothing; the next open reads the database anyway.
        console.error('Inkmark: a change from another tab could not be applied', error)
      }
    } else {
      const missing = Y.encodeStateAsUpdate(doc, message.stateVector)
      // An update of an empty difference is two bytes: nothing to send.
      if (missing.byteLength > 2) {
        post({ kind: 'update', update: missing })
      }
    }
  }
  doc.on('update', onUpdate)
  post({ kind: 'hello', stateVector: Y.encodeStateVector(doc) })
  return () => {
    doc.off('update', onUpdate)
    channel.close()
  }
}
