// The spec's `chromeStorageChanged` window event, in Inkmark's own pages only (options, sidebar,
// popup): the browser's storage changed (the settings another computer of the profile wrote, the
// session), so what a page shows from it is read again. Never dispatched by a content script: a
// web page shares the window's events with our content script and would hear it (ADR 077).

/** The name of the window event. */
export const CHROME_STORAGE_CHANGED_EVENT = 'chromeStorageChanged'

/** What the event tells: which storage area changed and which keys (never their values). */
export interface ChromeStorageChangedDetail {
  areaName: string
  keys: string[]
}

let started = false

/** Dispatches the event on this page's window whenever the extension's storage changes. */
export function startChromeStorageEvents(): void {
  if (started || typeof chrome === 'undefined' || !chrome.storage?.onChanged) {
    return
  }
  started = true
  chrome.storage.onChanged.addListener((changes, areaName) => {
    const detail: ChromeStorageChangedDetail = { areaName, keys: Object.keys(changes) }
    window.dispatchEvent(new CustomEvent(CHROME_STORAGE_CHANGED_EVENT, { detail }))
  })
}

/** Calls `listener` on each `chromeStorageChanged` of this window; returns the way to stop. */
export function onChromeStorageChanged(
  listener: (detail: ChromeStorageChangedDetail) => void,
): () => void {
  const handler = (event: Event) =>
    listener((event as CustomEvent<ChromeStorageChangedDetail>).detail)
  window.addEventListener(CHROME_STORAGE_CHANGED_EVENT, handler)
  return () => window.removeEventListener(CHROME_STORAGE_CHANGED_EVENT, handler)
}
