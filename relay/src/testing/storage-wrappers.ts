// Storages that misbehave on purpose, wrapped around a real one: slow doc loads (like a remote
// database) and appends that fail on demand (like a database that went away for a moment).
import type { RelayStorage } from '../storage/relay-storage'

/** `storage` with some methods replaced. */
export function wrapStorage(storage: RelayStorage, overrides: Partial<RelayStorage>): RelayStorage {
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) {
        return overrides[property as keyof RelayStorage]
      }
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}

/** `storage` whose doc loads take `delayMs` longer. */
export function withSlowDocLoads(storage: RelayStorage, delayMs: number): RelayStorage {
  return wrapStorage(storage, {
    loadDocUpdates: async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return storage.loadDocUpdates(...args)
    },
  })
}

/** `storage` whose next doc append fails after `failNextAppend()`. */
export function withFailingAppends(storage: RelayStorage): {
  storage: RelayStorage
  failNextAppend(): void
} {
  let fail = false
  return {
    storage: wrapStorage(storage, {
      appendDocUpdate: (...args) => {
        if (fail) {
          fail = false
          return Promise.reject(new Error('The database went away'))
        }
        return storage.appendDocUpdate(...args)
      },
    }),
    failNextAppend: () => {
      fail = true
    },
  }
}
