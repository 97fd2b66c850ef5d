// The background service worker will own the store, the sync adapter and the commands. For now it
// only answers the install event, so that the worker registers and tests can reach it.
chrome.runtime.onInstalled.addListener((details) => {
  console.info(`Inkmark installed (${details.reason})`)
})

export {}
