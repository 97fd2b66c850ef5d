// The background service worker: owns the library and answers every other context through the
// message router (store calls from Inkmark's pages, guest calls from content scripts). When the
// library changes, every tab hears of it so its highlights are painted again.
import { INKMARK_APP_HOSTS } from '@inkmark/shared'
import { LIBRARY_CHANGED } from '~guest/channels'
import { imageMenuMessage } from '~guest/upgrade-needed'
import { library } from '~service/library'
import { startLibraryBridge } from '~service/library-bridge'
import { routeMessage, type Sender } from '~service/message-router'
import { runSessionCall } from '~service/session-calls'
import { startSettingsMirror } from '~service/settings-mirror'
import { runSharingCall } from '~service/sharing-calls'
import { productEventOfGuestCall } from '~service/usage-counts'
import { startReaderHandoff } from '~service/reader-handoff'
import { startPageContentSaving } from '~service/page-content-port'
import { startPdfInterception, VIEWER_PAGE, viewerPdfUrl } from '~service/pdf-intercept'
import { passStorageOf, storedSidebarPasses, type PassStorage } from '~service/sidebar-passes'
import { SYNC_ALARM, SYNC_STATUS_CHANNEL, SyncService } from '~service/sync-service'
import { browserShortcutDeps, mayFallBack, startShortcutCommands } from '~service/shortcut-commands'
import { SIDEBAR_PASS_REQUEST_CHANNEL } from '~pages/sidebar-protocol'

// Plasmo writes the build's PLASMO_PUBLIC_* values in place of these reads.
declare const process: { env: { PLASMO_PUBLIC_SITE_URL?: string } }
/** The website, last in GET /config's fallback chain (the built-in default when unset). */
const SITE_URL = process.env.PLASMO_PUBLIC_SITE_URL

// The session lives in the extension origin's IndexedDB; one kept in chrome.storage.local by an
// older version moves there on start (content scripts can read chrome.storage.local).
// Every change of the sync status goes to Inkmark's open pages, so the popup shows it live.
const sync = new SyncService(library, {
  legacyStorage: chrome.storage.local,
  ...(SITE_URL ? { siteUrl: SITE_URL } : {}),
  onStatusChange: (status) => {
    chrome.runtime.sendMessage({ channel: SYNC_STATUS_CHANNEL, status }).catch(() => {
      // No Inkmark page is open.
    })
  },
})

const extensionOrigin = chrome.runtime.getURL('').replace(/\/$/, '')
const shortcuts = browserShortcutDeps(extensionOrigin)

const routerContext = {
  extensionId: chrome.runtime.id,
  extensionOrigin,
  library,
  exemptHosts: INKMARK_APP_HOSTS,
  session: (message: unknown) => runSessionCall(sync, message),
  sharing: (message: unknown) =>
    runSharingCall(
      {
        library,
        account: () => sync.sharingAccount(),
        syncNow: async () => (await sync.syncNow()).state,
        publicPageFound: (shareId) => sync.publicPageFound(shareId),
      },
      message,
    ),
  unlimitedFeatures: () => sync.hasUnlimitedFeatures(),
  shortcutFallback: (command: unknown) => mayFallBack(command, shortcuts),
  // Anonymous usage counts: which things were done, never on what (usage-counts.ts).
  onGuestCallDone: (message: unknown) => {
    const event = productEventOfGuestCall(message)
    if (event) {
      sync.recordProductEvent(event)
    }
  },
  sidebarPasses: storedSidebarPasses(
    // Older browsers have no session storage, whatever the types say.
    passStorageOf((chrome.storage as { session?: PassStorage }).session),
  ),
}

const viewerPageUrl = chrome.runtime.getURL(VIEWER_PAGE)

/**
 * The PDF viewer page calls the guest contract for the PDF it shows (pdf-intercept.ts), and asks
 * for the frame pass of its sidebar as that PDF's page would (ADR 080).
 */
function guestSender(message: unknown, sender: Sender): Sender {
  const channel = (message as { channel?: unknown } | null)?.channel
  const asPage = channel === 'inkmark:guest' || channel === SIDEBAR_PASS_REQUEST_CHANNEL
  const pdfUrl = asPage ? viewerPdfUrl(sender.url, viewerPageUrl) : null
  return pdfUrl === null ? sender : { ...sender, url: pdfUrl }
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  void routeMessage(message, guestSender(message, sender as Sender), routerContext).then(
    sendResponse,
  )
  return true
})
// The keyboard shortcuts: manifest commands handed to the page they were pressed on (ADR 028).
startShortcutCommands(shortcuts)
startReaderHandoff()
startPageContentSaving()
startPdfInterception()
// The web app's tabs share this library through the bridge content script (ADR 035).
startLibraryBridge({ extensionId: chrome.runtime.id, library })

const HIGHLIGHT_IMAGE_MENU = 'inkmark-highlight-image'

chrome.runtime.onInstalled.addListener((details) => {
  console.info(`Inkmark installed (${details.reason})`)
  void chrome.alarms.create(SYNC_ALARM, { periodInMinutes: 1 })
  chrome.contextMenus.create({
    id: HIGHLIGHT_IMAGE_MENU,
    title: 'Highlight image',
    contexts: ['image'],
  })
})

chrome.contextMenus.onClicked.addListener((info, tab) => {
  const tabId = tab?.id
  if (info.menuItemId === HIGHLIGHT_IMAGE_MENU && tabId !== undefined) {
    // A plan without image highlighting hears so in the page's Inkmark toast, with "See plans".
    void sync
      .hasUnlimitedFeatures()
      .catch(() => false)
      .then((allowed) =>
        chrome.tabs.sendMessage(tabId, imageMenuMessage(allowed, info.srcUrl ?? '')),
      )
      .catch(() => {
        // No content script on that page (a browser page or a blacklisted site).
      })
  }
})

async function announceChanges(): Promise<void> {
  const store = await library()
  let timer: ReturnType<typeof setTimeout> | undefined
  let tabsNeedIt = false
  store.observe((change) => {
    // A page visit (openedAt) changes nothing a page shows: the tabs are not told, so that their
    // reload cannot feed a loop of visits and reloads (ADR 079).
    tabsNeedIt ||= !change.opened
    clearTimeout(timer)
    timer = setTimeout(() => {
      const toTabs = tabsNeedIt
      tabsNeedIt = false
      void (toTabs ? chrome.tabs.query({}) : Promise.resolve([])).then((tabs) => {
        for (const tab of tabs) {
          if (tab.id !== undefined) {
            chrome.tabs.sendMessage(tab.id, { channel: LIBRARY_CHANGED }).catch(() => {
              // A tab without our content script (a browser page, a blacklisted site).
            })
          }
        }
      })
      // Inkmark's own pages (the reader tab) hear it too: tabs.sendMessage reaches content scripts only.
      chrome.runtime.sendMessage({ channel: LIBRARY_CHANGED }).catch(() => {
        // No Inkmark page is open.
      })
    }, 100)
  })
}

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === SYNC_ALARM) {
    void sync.syncNow().catch(() => undefined)
  }
})

void announceChanges()
// The device-independent settings travel with the browser profile too (ADR 077).
void library()
  .then((store) =>
    startSettingsMirror(store, chrome.storage.sync, chrome.storage.onChanged, async () => {
      // Signed in: the account's settings are pulled first, so an older profile copy loses.
      await sync.start()
      if (sync.status().signedIn) {
        const status = await sync.syncNow()
        const failed = ['OFFLINE', 'SERVER_ERROR', 'ALL_SERVERS_OFFLINE'].includes(status.state)
        if (failed || !status.signedIn) {
          throw new Error('the first sync did not complete')
        }
      }
    }),
  )
  .catch((error: unknown) => console.warn('Inkmark: sync storage is not in use', error))
void sync.start().catch((error: unknown) => console.error('Inkmark: sync did not start', error))

export {}
