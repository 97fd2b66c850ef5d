// Passes for the sidebar frame. The sidebar page must be web-accessible so that our content script
// can frame it on any page, which also lets any page frame it, invisibly, over its own buttons
// (clickjacking the person's library). So a framed extension page may call the store only with a
// pass the background gave our content script in that same tab; the content script hands it to
// its frame by postMessage, which the page cannot read. Passes live in chrome.storage.session
// (kept across service-worker restarts, gone with the browser session), the last few per tab.
/** Issues and checks sidebar passes, per tab. */
export interface SidebarPasses {
  /** A new pass for a sidebar framed in tab `tabId`. */
  issue(tabId: number): Promise<string>
  /** Whether `pass` was issued for tab `tabId` (and is still kept). */
  holds(tabId: number, pass: string): Promise<boolean>
}

/** Passes kept per tab: a sidebar reopened a few times keeps working, nothing piles up. */
export const PASSES_PER_TAB = 8

/** The storage the passes are kept in (chrome.storage.session's two methods used). */
export interface PassStorage {
  get(key: string): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
}

const keyOf = (tabId: number) => `sidebarPasses:${tabId}`

function newPass(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Passes kept in `storage` (chrome.storage.session in the extension; a Map in tests). */
export function storedSidebarPasses(storage: PassStorage): SidebarPasses {
  const read = async (tabId: number): Promise<string[]> => {
    const value = (await storage.get(keyOf(tabId)))[keyOf(tabId)]
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : []
  }
  // One tab's passes are read, added to and written one issue at a time: two frames asking at once
  // (the sidebar and a toolbox) must not each write a list without the other's pass.
  const issuing = new Map<number, Promise<unknown>>()
  return {
    issue(tabId) {
      const issued = (issuing.get(tabId) ?? Promise.resolve()).then(async () => {
        const pass = newPass()
        const kept = [pass, ...(await read(tabId))].slice(0, PASSES_PER_TAB)
        await storage.set({ [keyOf(tabId)]: kept })
        return pass
      })
      const settled = issued.catch(() => undefined)
      issuing.set(tabId, settled)
      void settled.then(() => {
        if (issuing.get(tabId) === settled) {
          issuing.delete(tabId)
        }
      })
      return issued
    },
    async holds(tabId, pass) {
      return pass.length > 0 && (await read(tabId)).includes(pass)
    },
  }
}

/**
 * Where passes are kept: chrome.storage.session when the browser has it (Chrome, Firefox 115+),
 * else this page's memory (a background page lives as long as the session there).
 */
export function passStorageOf(session: PassStorage | undefined): PassStorage {
  if (session !== undefined) {
    return session
  }
  const items = new Map<string, unknown>()
  return {
    get: (key) => Promise.resolve(items.has(key) ? { [key]: items.get(key) } : {}),
    set: (values) => {
      for (const [key, value] of Object.entries(values)) {
        items.set(key, value)
      }
      return Promise.resolve()
    },
  }
}

/** A pass as the sidebar page sends it: 48 hex digits, or nothing. */
export function isPassShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{48}$/.test(value)
}
