// What relay instances sharing one database tell each other (docs/adr/085): a doc gained an update
// (rooms on other instances catch up from the update log at once instead of polling it) or was
// deleted (they drop their copy and close its rooms), an
// account was deleted or its sessions revoked (every instance closes that account's sockets), or
// the signing keys changed (every instance reloads them). With SQLite there is one instance and no
// bus. A bus that lost its database connection and got it back says so (`reconnected`): whatever
// was announced meanwhile is found by catching up from the stored state, never from the messages.

/** One announcement between instances. */
export type ClusterEvent =
  | { type: 'doc'; userId: string; docName: string; updateId: number }
  | { type: 'doc-deleted'; userId: string; docName: string }
  | { type: 'user'; userId: string; change: 'deleted' | 'revoked' }
  | { type: 'keys' }

export interface ClusterBus {
  /** Hears every announcement (own ones included); returns the unsubscribe. */
  listen(listener: (event: ClusterEvent) => void): () => void
  /** Hears that the bus's connection was lost and is back (announcements may have been missed). */
  onReconnected(listener: () => void): () => void
  /** Whether the bus is connected now (readiness). */
  readonly connected: boolean
  close(): Promise<void>
}

/** The one PostgreSQL channel of the bus. NOTIFY payloads stay far below its 8,000-byte limit. */
export const CLUSTER_CHANNEL = 'inkmark_cluster'

/** The NOTIFY payload of `event` (compact JSON arrays). */
export function encodeClusterEvent(event: ClusterEvent): string {
  switch (event.type) {
    case 'doc':
      return JSON.stringify(['d', event.userId, event.docName, event.updateId])
    case 'doc-deleted':
      return JSON.stringify(['x', event.userId, event.docName])
    case 'user':
      return JSON.stringify(['u', event.userId, event.change])
    case 'keys':
      return JSON.stringify(['k'])
  }
}

/** The event of a NOTIFY payload, or undefined for one this version does not know. */
export function decodeClusterEvent(payload: string): ClusterEvent | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed)) {
    return undefined
  }
  const [kind, a, b, c] = parsed as unknown[]
  if (kind === 'd' && typeof a === 'string' && typeof b === 'string' && typeof c === 'number') {
    return { type: 'doc', userId: a, docName: b, updateId: c }
  }
  if (kind === 'x' && typeof a === 'string' && typeof b === 'string') {
    return { type: 'doc-deleted', userId: a, docName: b }
  }
  if (kind === 'u' && typeof a === 'string' && (b === 'deleted' || b === 'revoked')) {
    return { type: 'user', userId: a, change: b }
  }
  if (kind === 'k') {
    return { type: 'keys' }
  }
  return undefined
}
