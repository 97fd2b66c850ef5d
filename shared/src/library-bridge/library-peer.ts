// One end of the library bridge (ADR 035): keeps a library doc in step with the other holder of
// this browser's library by the Yjs sync protocol. On start it sends its state vector (step 1)
// and answers the other's with what that one lacks (step 2), so a change made while the other
// side was closed arrives on the next connect as a state-vector diff, not as a replay; after that
// each change of the doc is sent as an update. What arrives is applied with the BRIDGE origin and
// never sent back. The sync bookkeeping (each entity's lastSync) travels alongside, in the same
// message as the change it belongs to, so the two holders count as one device for the relay: an
// entity one of them synced is not pushed again by the other.
import * as Y from 'yjs'
import type { DeviceState } from '../store/device-state'
import { TransactionOrigin } from '../store/origins'
import {
  base64ToBytes,
  bytesToBase64,
  parseBridgeMessage,
  type BridgeMessage,
  type SyncedEntry,
} from './protocol'

/** What the bridge reads and writes of a library (a LocalStore has it). */
export interface BridgeLibrary {
  doc: Y.Doc
  device: Pick<DeviceState, 'lastSyncEntries' | 'observeLastSync' | 'lastSyncOfKey'>
  mergeLastSync(entries: readonly SyncedEntry[]): void
}

export interface LibraryPeerOptions {
  library: BridgeLibrary
  /** Sends a message to the other end. */
  send: (message: BridgeMessage) => void
  /** Called on every valid message from the other end (it is there). */
  onMessage?: (message: BridgeMessage) => void
}

/** One end of the bridge over one connection. */
export class LibraryPeer {
  private applying = false
  private pendingUpdates: Uint8Array[] = []
  private readonly pendingSynced = new Set<string>()
  private flushQueued = false
  private stopObservingDevice: (() => void) | undefined
  private started = false
  /** The lastSyncs of the other end's step 1, taken again once its step 2 has arrived. */
  private syncedAwaitingStep2: SyncedEntry[] = []

  constructor(private readonly options: LibraryPeerOptions) {}

  /**
   * Starts listening to the doc and sends sync step 1; again (the other end was replaced: a
   * restarted service worker), only step 1, which also covers what was queued meanwhile.
   */
  start(): void {
    this.syncedAwaitingStep2 = []
    this.pendingUpdates = []
    this.pendingSynced.clear()
    if (!this.started) {
      this.started = true
      this.options.library.doc.on('update', this.onUpdate)
      this.stopObservingDevice = this.options.library.device.observeLastSync(this.onLastSync)
    }
    this.sendStep1()
  }

  /** Stops listening; what was not sent yet is dropped (the next connect's diff carries it). */
  stop(): void {
    if (this.started) {
      this.started = false
      this.options.library.doc.off('update', this.onUpdate)
      this.stopObservingDevice?.()
    }
    this.pendingUpdates = []
    this.pendingSynced.clear()
    this.syncedAwaitingStep2 = []
  }

  /** Handles a message from the other end; returns whether it was valid. */
  receive(data: unknown): boolean {
    const message = parseBridgeMessage(data)
    if (message === null) {
      return false
    }
    this.options.onMessage?.(message)
    switch (message.t) {
      case 'sync1': {
        this.applyRemote(undefined, message.synced)
        // The other end's entities arrive in its step 2: its lastSyncs are taken again then, as
        // a lastSync is taken only for the value it describes (LocalStore.mergeLastSync).
        this.syncedAwaitingStep2 = message.synced ?? []
        const missing = Y.encodeStateAsUpdate(
          this.options.library.doc,
          base64ToBytes(message.stateVector),
        )
        this.options.send({ t: 'sync2', update: bytesToBase64(missing) })
        break
      }
      case 'sync2':
        this.applyRemote(message.update, this.syncedAwaitingStep2)
        this.syncedAwaitingStep2 = []
        break
      case 'update':
        this.applyRemote(message.update, message.synced)
        break
      case 'connected':
        // The content script opened a (new) port to the extension: start over from step 1.
        this.start()
        break
    }
    return true
  }

  private sendStep1(): void {
    this.options.send({
      t: 'sync1',
      stateVector: bytesToBase64(Y.encodeStateVector(this.options.library.doc)),
      synced: this.options.library.device.lastSyncEntries(),
    })
  }

  private applyRemote(update: string | undefined, synced: SyncedEntry[] | undefined): void {
    this.applying = true
    try {
      if (update !== undefined) {
        Y.applyUpdate(this.options.library.doc, base64ToBytes(update), TransactionOrigin.BRIDGE)
      }
      if (synced !== undefined && synced.length > 0) {
        this.options.library.mergeLastSync(synced)
      }
    } catch (error) {
      // A damaged update changes nothing; the next connect's diff brings what it should have.
      console.error('Inkmark: a change from the library bridge could not be applied', error)
    } finally {
      this.applying = false
    }
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    // Not what this end just received, nor what another tab of the app stored (that tab's own
    // bridge sends it).
    if (this.applying || origin === TransactionOrigin.OTHER_TAB) {
      return
    }
    this.pendingUpdates.push(update)
    this.queueFlush()
  }

  private readonly onLastSync = (keys: ReadonlySet<string>): void => {
    if (this.applying) {
      return
    }
    for (const key of keys) {
      this.pendingSynced.add(key)
    }
    this.queueFlush()
  }

  /**
   * A write changes the doc and then the bookkeeping (or sync marks an entity after pushing it):
   * both go in one message, sent after the current task's synchronous work, so the other end
   * never sees the entity without its lastSync (and never pushes it in between).
   */
  private queueFlush(): void {
    if (this.flushQueued) {
      return
    }
    this.flushQueued = true
    queueMicrotask(() => {
      this.flushQueued = false
      this.flush()
    })
  }

  private flush(): void {
    const updates = this.pendingUpdates
    this.pendingUpdates = []
    const synced: SyncedEntry[] = []
    for (const key of this.pendingSynced) {
      const lastSync = this.options.library.device.lastSyncOfKey(key)
      // A forgotten lastSync (an entity removed) is not news: the other end keeps its own.
      if (lastSync !== undefined) {
        synced.push([key, lastSync])
      }
    }
    this.pendingSynced.clear()
    if (updates.length === 0 && synced.length === 0) {
      return
    }
    const update = updates.length === 0 ? undefined : Y.mergeUpdates(updates)
    this.options.send({
      t: 'update',
      ...(update === undefined ? {} : { update: bytesToBase64(update) }),
      ...(synced.length === 0 ? {} : { synced }),
    })
  }
}
