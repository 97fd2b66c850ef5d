// The line between a page's content script and the background for saving the page's article
// (autoDownloadPageContent) after a highlight or a save on the live page, and the rule for when a
// page is offered again. Imported by the content script, so it holds no schemas and no store: only
// the port's name, its messages' shapes with small checks, and a pure decision. ADR 017.

/** The name of the port a content script opens to offer its page's content. */
export const PAGE_CONTENT_PORT = 'inkmark:page-content'

/** Longest page HTML accepted, in characters (the Alt+R hand-off's limit). */
export const MAX_PAGE_CONTENT_HTML_LENGTH = 8_000_000

/**
 * The background's answers on the port: first whether it wants the page at all (the setting is
 * read in the background, so a page never sends its HTML when saving is off), then, after the
 * HTML came, whether it was saved; `message` is for the person (the store's quota refusal).
 */
export type PageContentAnswer =
  | { type: 'wanted' }
  | { type: 'not-wanted' }
  | { type: 'saved' }
  | { type: 'not-saved'; message?: string }

/** What the content script sends after 'wanted': the page's current HTML. */
export interface PageContentOffer {
  html: string
}

/** `message` as an answer of the background, or undefined when it is not one. */
export function pageContentAnswerOf(message: unknown): PageContentAnswer | undefined {
  const value = message as { type?: unknown; message?: unknown } | null
  switch (value?.type) {
    case 'wanted':
    case 'not-wanted':
    case 'saved':
      return { type: value.type }
    case 'not-saved':
      return typeof value.message === 'string' && value.message.length > 0
        ? { type: 'not-saved', message: value.message.slice(0, 500) }
        : { type: 'not-saved' }
    default:
      return undefined
  }
}

/** The HTML of an offer, when it is a non-empty string of bounded size; else undefined. */
export function offeredHtml(message: unknown): string | undefined {
  const html = (message as Partial<PageContentOffer> | null)?.html
  return typeof html === 'string' && html.length > 0 && html.length <= MAX_PAGE_CONTENT_HTML_LENGTH
    ? html
    : undefined
}

/** What a content script remembers of the page it last offered. */
export interface OfferedPage {
  /** The page's address without its fragment (a single-page app changes it without reloading). */
  address: string
  /** The length of the page's text when it was offered. */
  textLength: number
}

/** Smallest change of the page's text, in characters, that is worth offering the page again. */
export const MIN_TEXT_CHANGE = 500
/** Smallest change of the page's text, as a share of its length, worth offering it again. */
export const MIN_TEXT_CHANGE_SHARE = 0.1

/**
 * Whether the page should be offered (again): never offered in this page load, another address
 * (a single-page app moved on), or its text grew or shrank by at least 500 characters and a tenth
 * (an article that loaded its rest, a feed that moved on). A highlight or a few edited words do
 * not count, so highlighting a page ten times sends it once.
 */
export function shouldOfferPage(last: OfferedPage | undefined, current: OfferedPage): boolean {
  if (last === undefined || last.address !== current.address) {
    return true
  }
  const change = Math.abs(current.textLength - last.textLength)
  return change >= MIN_TEXT_CHANGE && change >= last.textLength * MIN_TEXT_CHANGE_SHARE
}

/** `url` without its fragment. */
export function addressOf(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}
