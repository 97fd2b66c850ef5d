// Map.prototype.getOrInsertComputed (and WeakMap's), the TC39 "upsert" methods pdf.js 5 calls in
// its page drawing and in its worker. Chrome has them; Firefox ESR 140 does not, and there every
// page of a PDF failed to draw ("getOrInsertComputed is not a function", ADR 082). Installed only
// where missing, before pdf.js first runs: on the page by the viewer core (pdf-viewer.ts imports
// this file), in the worker by each app's worker entry (`import '@inkmark/shared/pdf/map-upsert'`
// before pdf.js's worker), in the extension and the web app alike.

type Upsert<K, V> = (key: K, compute: (key: K) => V) => V

/** The method, as the proposal specifies it: the stored value, else the computed one, stored. */
function getOrInsertComputed<K, V>(this: Map<K, V>, key: K, compute: (key: K) => V): V {
  if (this.has(key)) {
    return this.get(key) as V
  }
  const value = compute(key)
  this.set(key, value)
  return value
}

function getOrInsert<K, V>(this: Map<K, V>, key: K, value: V): V {
  if (!this.has(key)) {
    this.set(key, value)
  }
  return this.get(key) as V
}

/** Adds the two methods to Map and WeakMap where the engine lacks them. */
export function installMapUpsert(): void {
  for (const prototype of [Map.prototype, WeakMap.prototype] as object[]) {
    const target = prototype as { getOrInsertComputed?: Upsert<unknown, unknown> }
    if (typeof target.getOrInsertComputed !== 'function') {
      Object.defineProperty(prototype, 'getOrInsertComputed', {
        value: getOrInsertComputed,
        writable: true,
        configurable: true,
      })
    }
    if (typeof (prototype as { getOrInsert?: unknown }).getOrInsert !== 'function') {
      Object.defineProperty(prototype, 'getOrInsert', {
        value: getOrInsert,
        writable: true,
        configurable: true,
      })
    }
  }
}

installMapUpsert()
