// Where the sign-in (login token, relay address, email) is kept: the extension origin's own
// IndexedDB. chrome.storage.local, where it used to be, is readable by every content script, and a
// content script runs in every page and can be made to misbehave by it; IndexedDB belongs to the
// origin of the context that opens it, so the background, the offscreen document and Inkmark's
// pages share this database while content scripts (which run in the page's origin) cannot reach
// it. Unlike chrome.storage.session it survives a browser restart. A session found in
// chrome.storage.local (from before) moves here on the first start and is removed there.

/** The sign-in the background keeps. */
export interface Session {
  token: string
  relayUrl: string
  email: string
  /** When the plan was last read at the relay (plan-refresh.ts), epoch millis. */
  planCheckedAt?: number
}

/** The database of the session, apart from the library's (`inkmark`). */
export const SESSION_DATABASE = 'inkmark-session'
const STORE = 'session'
const CURRENT = 'current'
/** Where the session used to be in chrome.storage.local (moved out on first start). */
export const LEGACY_SESSION_KEY = 'inkmark.session'

/** The part of chrome.storage.local that the move reads and cleans. */
export interface LegacySessionStorage {
  get(key: string): Promise<Record<string, unknown>>
  remove(key: string): Promise<void>
}

/** Whether a stored value has a session's shape. */
export function isSession(value: unknown): value is Session {
  const session = value as Partial<Session> | null
  return (
    typeof session?.token === 'string' &&
    typeof session.relayUrl === 'string' &&
    typeof session.email === 'string'
  )
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(SESSION_DATABASE, 1)
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE)
  }
  return requestResult(request)
}

/** Runs one request in a transaction and resolves once the transaction has committed. */
async function inTransaction<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase(factory)
  try {
    const transaction = database.transaction(STORE, mode)
    const result = requestResult(run(transaction.objectStore(STORE)))
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'))
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'))
    })
    return await result
  } finally {
    database.close()
  }
}

/** The session store of the extension origin (`factory` is the context's indexedDB). */
export class SessionStore {
  constructor(private readonly factory: IDBFactory = indexedDB) {}

  /** The kept session, or undefined when signed out (or what is kept is not a session). */
  async get(): Promise<Session | undefined> {
    const stored: unknown = await inTransaction(this.factory, 'readonly', (store) =>
      store.get(CURRENT),
    )
    return isSession(stored) ? stored : undefined
  }

  /** Keeps `session`; resolves once it is on disk. */
  async put(session: Session): Promise<void> {
    const { token, relayUrl, email, planCheckedAt } = session
    await inTransaction(this.factory, 'readwrite', (store) =>
      store.put(
        { token, relayUrl, email, ...(planCheckedAt === undefined ? {} : { planCheckedAt }) },
        CURRENT,
      ),
    )
  }

  /** Forgets the session; resolves once that is on disk. */
  async delete(): Promise<void> {
    await inTransaction(this.factory, 'readwrite', (store) => store.delete(CURRENT))
  }

  /**
   * Other values of the extension origin that content scripts must not write, kept beside the
   * session under their own keys (the GET /config cache, `serverConfigJsonString`: its backup
   * server address receives the token when the relay is down).
   */
  values(): {
    get(key: string): Promise<string | undefined>
    set(key: string, value: string): Promise<void>
  } {
    return {
      get: async (key) => {
        const stored: unknown = await inTransaction(this.factory, 'readonly', (store) =>
          store.get(`value:${key}`),
        )
        return typeof stored === 'string' ? stored : undefined
      },
      set: async (key, value) => {
        await inTransaction(this.factory, 'readwrite', (store) => store.put(value, `value:${key}`))
      },
    }
  }

  /**
   * Moves a session kept in chrome.storage.local (before it moved here) into this store, unless
   * one is here already, and removes it there in any case: it must not stay readable by content
   * scripts. Answers whether one was found.
   */
  async moveFrom(legacy: LegacySessionStorage): Promise<boolean> {
    const stored = (await legacy.get(LEGACY_SESSION_KEY))[LEGACY_SESSION_KEY]
    if (stored === undefined) {
      return false
    }
    if (isSession(stored) && (await this.get()) === undefined) {
      await this.put(stored)
    }
    await legacy.remove(LEGACY_SESSION_KEY)
    return true
  }
}
