// Where the background parses a page's HTML (page-content-parse.ts): Firefox's background page has
// a DOM of its own and parses in place; the Chrome service worker has none and asks an offscreen
// document (reason DOM_PARSER). One offscreen document serves every parse; it is created on first
// use and closed once no parse has come for a while, so it costs nothing between highlights.
import {
  PARSE_PAGE_CONTENT,
  parseResultOf,
  parseSavedArticle,
  type ParseRequest,
  type ParseResult,
} from './page-content-parse'

/** The offscreen document's page, relative to the extension's root. */
export const OFFSCREEN_PAGE_PATH = 'tabs/offscreen.html'
/** How long the offscreen document stays open after its last parse. */
export const OFFSCREEN_IDLE_MS = 30_000

/** Plasmo's build puts the target browser here (the bundler replaces it by its value). */
declare const process: { env: { PLASMO_BROWSER?: string } }

let creating: Promise<void> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined
let parsesRunning = 0

/**
 * Whether this background has a DOM of its own (Firefox's background page). The Firefox build
 * knows it when bundled (Plasmo's PLASMO_BROWSER), so the offscreen code, which Firefox does not
 * have, is left out of it; elsewhere it is checked at run time.
 */
function hasOwnDom(): boolean {
  const browser = process.env.PLASMO_BROWSER
  return (
    browser === 'firefox' ||
    browser === 'gecko' ||
    (typeof DOMParser === 'function' && typeof document === 'object')
  )
}

/**
 * Parses in the offscreen document, opening it first unless it is open (also after the worker was
 * restarted), and closes it once idle. Its helpers live inside it so that the Firefox build, where
 * this is never called, leaves all of it (and every offscreen call) out.
 */
async function parseOffscreen(html: string, url: string): Promise<ParseResult> {
  const documentUrl = chrome.runtime.getURL(OFFSCREEN_PAGE_PATH)
  const isOpen = async () =>
    (
      await chrome.runtime.getContexts({
        contextTypes: ['OFFSCREEN_DOCUMENT'],
        documentUrls: [documentUrl],
      })
    ).length > 0
  const open = () => {
    creating ??= (async () => {
      if (!(await isOpen())) {
        await chrome.offscreen.createDocument({
          url: OFFSCREEN_PAGE_PATH,
          reasons: ['DOM_PARSER'],
          justification: 'Extracts the article of a page the person highlighted, to save it.',
        })
      }
    })().finally(() => {
      creating = undefined
    })
    return creating
  }
  const closeWhenIdle = () => {
    clearTimeout(closeTimer)
    closeTimer = setTimeout(() => {
      if (parsesRunning === 0) {
        void isOpen()
          .then((stillOpen) => (stillOpen ? chrome.offscreen.closeDocument() : undefined))
          .catch((error: unknown) => console.error('Inkmark: offscreen document not closed', error))
      }
    }, OFFSCREEN_IDLE_MS)
  }

  parsesRunning += 1
  clearTimeout(closeTimer)
  try {
    await open()
    const request: ParseRequest = { channel: PARSE_PAGE_CONTENT, html, url }
    const answer = parseResultOf(await chrome.runtime.sendMessage(request))
    if (answer === undefined) {
      throw new Error('The offscreen document gave no valid answer')
    }
    return answer
  } finally {
    parsesRunning -= 1
    closeWhenIdle()
  }
}

/** The saved form of the article of the page at `url` whose HTML is `html`, or why none. */
export async function parsePageContent(html: string, url: string): Promise<ParseResult> {
  return hasOwnDom() ? parseSavedArticle(html, url, window) : parseOffscreen(html, url)
}
