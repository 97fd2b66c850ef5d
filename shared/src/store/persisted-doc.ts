// A Y.Doc persisted to IndexedDB with y-indexeddb, plus what the provider does not offer: a
// durability barrier (`flush`), the stored size, and compaction of the update log on open so that
// many open/close cycles keep the stored size bounded.
import { IndexeddbPersistence, storeState } from 'y-indexeddb'
import * as Y from 'yjs'
import { TransactionOrigin } from './origins'

/** Compact the update log on open once it holds more updates than this. */
export const COMPACT_AFTER_UPDATES = 64

const UPDATES_STORE = 'updates'

export interface PersistedDoc {
  doc: Y.Doc
  /** Resolves once every update written so far is committed to IndexedDB. */
  flush(): Promise<void>
  /** Bytes and count of the stored update log. */
  storedSize(): Promise<{ bytes: number; updates: number }>
  /** Replaces the update log by one update holding the whole state. */
  compact(): Promise<void>
  /** Stops persisting and closes the database; the data stays. */
  close(): Promise<void>
  /** Closes and deletes the database. */
  destroyData(): Promise<void>
}

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`))
    // Another connection still open: the delete completes when it closes.
    request.onblocked = () => resolve()
  })
}

/** Opens (creating if needed) the persisted doc `name` and waits until its data is loaded. */
export async function openPersistedDoc(name: string, doc = new Y.Doc()): Promise<PersistedDoc> {
  const persistence = new IndexeddbPersistence(name, doc)
  // The provider listens for updates before it loads, which makes Yjs encode the whole loaded
  // state once more only for the provider to drop it (about 40% of a cold open of a large library).
  // Nothing else writes while we load, so listen only once the stored updates are applied.
  doc.off('update', persistence._storeUpdate)
  await persistence.whenSynced
  // What another tab wrote is in the database already (that tab stored it): not stored twice.
  const storeUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== TransactionOrigin.OTHER_TAB) {
      persistence._storeUpdate(update, origin)
    }
  }
  doc.on('update', storeUpdate)
  const database = (): IDBDatabase => {
    if (!persistence.db) {
      throw new Error(`The database ${name} is not open`)
    }
    return persistence.db
  }

  const persisted: PersistedDoc = {
    doc,
    async flush() {
      // Read-write transactions over the same store run in creation order, so once this one
      // completes every update the provider queued before it is committed.
      const transaction = database().transaction(UPDATES_STORE, 'readwrite')
      await transactionDone(transaction)
    },
    async storedSize() {
      const transaction = database().transaction(UPDATES_STORE, 'readonly')
      const updates = await requestDone(
        transaction.objectStore(UPDATES_STORE).getAll() as IDBRequest<Uint8Array[]>,
      )
      return {
        bytes: updates.reduce((sum, update) => sum + update.byteLength, 0),
        updates: updates.length,
      }
    },
    async compact() {
      await storeState(persistence, true)
      await persisted.flush()
    },
    async close() {
      await persisted.flush()
      doc.off('update', storeUpdate)
      await persistence.destroy()
    },
    async destroyData() {
      doc.off('update', storeUpdate)
      await persistence.destroy()
      await deleteDatabase(name)
    },
  }

  if ((await countUpdates(database())) > COMPACT_AFTER_UPDATES) {
    await persisted.compact()
  }
  return persisted
}

/** How many updates the log holds, without reading them. */
async function countUpdates(database: IDBDatabase): Promise<number> {
  const transaction = database.transaction(UPDATES_STORE, 'readonly')
  return requestDone(transaction.objectStore(UPDATES_STORE).count())
}

/** Deletes the database of a persisted doc that is not open. */
export function deletePersistedDoc(name: string): Promise<void> {
  return deleteDatabase(name)
}
