// Test-only page script, bundled by webapp-server.ts and served on the web app's origin under
// /__seed/: it writes entities into the library ('inkmark' database) through the real store, the
// same way the app will read them, reads a mark back from disk and reviews a card as a learning
// session does. Nothing of it is part of the web app's build.
import {
  DATABASE_NAME,
  ObjectStore,
  openLocalStore,
  type LearningRating,
  type Mark,
  type WriteResult,
} from '@inkmark/shared'

declare global {
  interface Window {
    /** Stores `entities` (each with its _objectStore) in the library and closes the store. */
    inkmarkSeed?: (entities: readonly unknown[]) => Promise<WriteResult>
  }
}

window.inkmarkSeed = async (entities) => {
  const store = await openLocalStore({ databaseName: DATABASE_NAME })
  try {
    const result = await store.createOrUpdateEntities(entities)
    await store.flush()
    return result
  } finally {
    await store.close()
  }
}

/** The open database and its held transaction, while `inkmarkHoldLibrary` holds it. */
let held: { database: IDBDatabase; release: () => void } | undefined

declare global {
  interface Window {
    /**
     * Holds the library's database with a read-write transaction that reads and never ends, so
     * the app's open waits, as it would on a slow disk or with a very large library.
     */
    inkmarkHoldLibrary?: () => Promise<void>
    /** Ends the transaction `inkmarkHoldLibrary` started (nothing was written) and closes. */
    inkmarkReleaseLibrary?: () => Promise<void>
  }
}

window.inkmarkHoldLibrary = async () => {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('open failed'))
  })
  const names = [...database.objectStoreNames]
  const transaction = database.transaction(names, 'readwrite')
  const store = transaction.objectStore(names[0]!)
  let holding = true
  const readAgain = () => {
    if (holding) {
      store.count().onsuccess = readAgain
    }
  }
  readAgain()
  const done = new Promise<void>((resolve) => {
    transaction.oncomplete = () => resolve()
    transaction.onabort = () => resolve()
  })
  held = {
    database,
    release: () => {
      holding = false
      void done.then(() => database.close())
    },
  }
}

window.inkmarkReleaseLibrary = () => {
  held?.release()
  held = undefined
  return Promise.resolve()
}

declare global {
  interface Window {
    /** The mark `markId` as this origin's library holds it on disk (opened, read, closed). */
    inkmarkReadMark?: (markId: string) => Promise<Mark | undefined>
    /** Reviews the card of mark `markId` at `at` with `rating`, as a learning session does. */
    inkmarkReview?: (markId: string, rating: LearningRating, at: number) => Promise<Mark>
  }
}

window.inkmarkReadMark = async (markId) => {
  const store = await openLocalStore({ databaseName: DATABASE_NAME })
  try {
    return store.getEntityById(markId, ObjectStore.MARKS) as Mark | undefined
  } finally {
    await store.close()
  }
}

window.inkmarkReview = async (markId, rating, at) => {
  const store = await openLocalStore({ databaseName: DATABASE_NAME })
  try {
    const mark = await store.reviewMark(markId, rating, at)
    await store.flush()
    return mark
  } finally {
    await store.close()
  }
}
