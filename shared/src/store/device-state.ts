// What belongs to this device alone and must never travel with the shared library doc: each
// entity's lastSync (when this device last exchanged it with the relay) and small values such as
// the relay cursor. It is a persisted doc of its own, never connected to a live room, so the
// library doc stays byte-identical on every device while sync bookkeeping stays local.
import type * as Y from 'yjs'
import { TransactionOrigin } from './origins'
import { openPersistedDoc, type PersistedDoc } from './persisted-doc'

const LAST_SYNC_MAP = 'lastSync'
const VALUES_MAP = 'values'

/** The key of an entity in the bookkeeping. */
export function deviceKey(store: string, id: string): string {
  return `${store}/${id}`
}

/** This device's sync bookkeeping. */
export class DeviceState {
  private readonly lastSync: Y.Map<number>
  private readonly values: Y.Map<unknown>

  constructor(private readonly persisted: PersistedDoc) {
    this.lastSync = persisted.doc.getMap<number>(LAST_SYNC_MAP)
    this.values = persisted.doc.getMap<unknown>(VALUES_MAP)
  }

  /** When this device last synced the entity, if ever. */
  lastSyncOf(store: string, id: string): number | undefined {
    return this.lastSync.get(deviceKey(store, id))
  }

  /** Calls `listener` with the keys (see `deviceKey`) whose lastSync changed, after each change. */
  observeLastSync(listener: (keys: ReadonlySet<string>) => void): () => void {
    const observer = (event: Y.YMapEvent<number>) => listener(event.keysChanged)
    this.lastSync.observe(observer)
    return () => this.lastSync.unobserve(observer)
  }

  /** The lastSync of the entity of a key (see `deviceKey`), if any. */
  lastSyncOfKey(key: string): number | undefined {
    return this.lastSync.get(key)
  }

  /** Every entity's lastSync, by key (see `deviceKey`). */
  lastSyncEntries(): [key: string, lastSync: number][] {
    return [...this.lastSync.entries()]
  }

  /**
   * Takes what another holder of the same library knows was synced (the library bridge, ADR 035):
   * for each key, the later of the two lastSyncs. One transaction.
   */
  mergeLastSync(entries: readonly (readonly [key: string, lastSync: number])[]): void {
    const later = entries.filter(([key, lastSync]) => {
      const known = this.lastSync.get(key)
      return known === undefined || known < lastSync
    })
    if (later.length === 0) {
      return
    }
    this.persisted.doc.transact(() => {
      for (const [key, lastSync] of later) {
        this.lastSync.set(key, lastSync)
      }
    }, TransactionOrigin.LOCAL)
  }

  /** Records (or, with undefined, forgets) when entities were last synced, in one transaction. */
  setLastSync(
    entries: readonly { store: string; id: string; lastSync: number | undefined }[],
  ): void {
    if (entries.length === 0) {
      return
    }
    this.persisted.doc.transact(() => {
      for (const { store, id, lastSync } of entries) {
        const key = deviceKey(store, id)
        if (lastSync === undefined) {
          this.lastSync.delete(key)
        } else if (this.lastSync.get(key) !== lastSync) {
          this.lastSync.set(key, lastSync)
        }
      }
    }, TransactionOrigin.LOCAL)
  }

  /** A device value (the relay cursor, the last sync time ...). */
  getValue<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined
  }

  /** Stores a device value. */
  setValue(key: string, value: unknown): void {
    this.persisted.doc.transact(() => this.values.set(key, value), TransactionOrigin.LOCAL)
  }

  /** Forgets every entity's lastSync and every value (a new account, a cleared database). */
  clear(): void {
    this.persisted.doc.transact(() => {
      this.lastSync.clear()
      this.values.clear()
    }, TransactionOrigin.LOCAL)
  }

  flush(): Promise<void> {
    return this.persisted.flush()
  }

  async close(): Promise<void> {
    await this.persisted.close()
    this.persisted.doc.destroy()
  }
}

/** Opens the bookkeeping doc of the library `databaseName`. */
export async function openDeviceState(databaseName: string): Promise<DeviceState> {
  return new DeviceState(await openPersistedDoc(`${databaseName}-device`))
}
