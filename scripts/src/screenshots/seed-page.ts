// The screenshots' helper page, bundled with Vite and served on the web app's origin under
// /__screenshots/, so it shares the app's IndexedDB: it writes the sample library into the app's
// own 'inkmark' database through the real store (the app ships no seeding hook).
import { DATABASE_NAME, openLocalStore } from '@inkmark/shared'

const page = globalThis as unknown as {
  inkmarkSeed?: (entities: readonly unknown[]) => Promise<{ rejected: unknown[] }>
}

page.inkmarkSeed = async (entities) => {
  const store = await openLocalStore({ databaseName: DATABASE_NAME })
  try {
    const result = await store.createOrUpdateEntities(entities)
    await store.flush()
    return result
  } finally {
    await store.close()
  }
}
