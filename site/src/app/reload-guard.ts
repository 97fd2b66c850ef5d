// When a page's chunk fails to load (a new build replaced the files, a network blip), the page is
// loaded in full once to get the current files; a second failure within 10 s for the same path
// shows the error page instead of reloading in a loop. The last reload time per path lives in
// sessionStorage (this tab only).

export const RELOAD_GUARD_MS = 10_000
const KEY_PREFIX = 'inkmark-site-reload:'

/** Whether to reload `path` now; records the reload when so. Storage failures allow none. */
export function mayReloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  path: string,
  now: number,
): boolean {
  try {
    const last = Number(storage.getItem(`${KEY_PREFIX}${path}`) ?? Number.NaN)
    if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS && now >= last) {
      return false
    }
    storage.setItem(`${KEY_PREFIX}${path}`, String(now))
    return true
  } catch {
    return false // without storage a reload could loop: show the error page
  }
}
