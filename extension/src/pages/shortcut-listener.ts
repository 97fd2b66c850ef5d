// Inkmark's own pages in a tab (the reader, the PDF viewer) hear the keyboard commands here: the
// background sends them to every extension page with the tab they were pressed in (shortcut-
// commands.ts), and each page takes only those of its own tab.
import { isShortcutMessage, type ShortcutCommand } from '../guest/shortcut-protocol'

let ownTabId: Promise<number | undefined> | undefined

/** This page's tab (undefined for a page in no tab: the popup). */
function currentTabId(): Promise<number | undefined> {
  ownTabId ??= chrome.tabs.getCurrent().then(
    (tab) => tab?.id,
    () => undefined,
  )
  return ownTabId
}

/**
 * Runs `run` for each command pressed in this page's tab; answers the unsubscribe. A command that
 * arrived while subscribed runs even if the page unsubscribed while its tab was looked up (a
 * component that subscribes anew on each render must not lose a key pressed meanwhile).
 */
export function subscribeShortcuts(run: (command: ShortcutCommand) => void): () => void {
  let active = true
  // Asked now, so that a key's command does not wait for it.
  void currentTabId()
  const listener = (message: unknown) => {
    if (!active || !isShortcutMessage(message) || message.tabId === undefined) {
      return
    }
    void currentTabId().then((tabId) => {
      if (tabId === message.tabId) {
        run(message.command)
      }
    })
  }
  chrome.runtime.onMessage.addListener(listener)
  return () => {
    active = false
    chrome.runtime.onMessage.removeListener(listener)
  }
}
