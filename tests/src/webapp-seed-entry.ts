// Test-only page script, bundled by webapp-server.ts and served on the web app's origin under
// /__seed/: it writes entities into the library ('inkmark' database) through the real store, the
// same way the app will read them. Nothing of it is part of the web app's build.
import { DATABASE_NAME, openLocalStore, type WriteResult } from '@inkmark/shared'

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
