// What a card shows of a page's site: its host without "www.", the letter of its avatar and where
// its icon is (the origin's /favicon.ico). Pure strings, so cards render the same on the server.

/** The site of a page, as a card shows it. */
export interface SiteInfo {
  /** "example.com"; the raw text when the URL does not parse. */
  host: string
  /** The avatar's letter, upper case; "?" when there is none. */
  letter: string
  /** The origin's favicon, only for http(s) pages. */
  iconUrl?: string
}

/** The site of `url`. */
export function getSiteInfo(url: string): SiteInfo {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  const host = parsed ? parsed.hostname.replace(/^www\./, '') : url
  const letter = /[\p{L}\p{N}]/u.exec(host)?.[0]?.toLocaleUpperCase() ?? '?'
  const web = parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:')
  return web && parsed
    ? { host, letter, iconUrl: `${parsed.origin}/favicon.ico` }
    : { host, letter }
}
