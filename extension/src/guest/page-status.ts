import { isBlacklisted } from '@inkmark/shared'

/** The attribute on <html> that tells whether Inkmark is active on the page. */
export const PAGE_STATUS_ATTRIBUTE = 'data-inkmark-extension'

export type PageStatus = 'ready' | 'blacklisted'

/** Whether Inkmark may highlight on `url`, given the user's own blacklist. */
export function pageStatusFor(url: string, userBlacklist: readonly string[]): PageStatus {
  return isBlacklisted(url, [...userBlacklist]) ? 'blacklisted' : 'ready'
}
