/** The attribute on <html> that tells whether Inkmark is active on the page ('ready' or 'blacklisted'). */
export const PAGE_STATUS_ATTRIBUTE = 'data-inkmark-extension'

export type PageStatus = 'ready' | 'blacklisted'
