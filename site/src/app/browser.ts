// Which browser's store an install button leads to: the visitor's own (read after hydration, so
// the HTML, made without a visitor, always says Chrome); an unrecognised browser counts as Chrome.

export type InstallBrowser = 'chrome' | 'edge' | 'firefox'

export const BROWSER_NAMES: Readonly<Record<InstallBrowser, string>> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
}

/** The browser of a user agent string: Firefox, Edge, else Chrome. */
export function browserOfUserAgent(userAgent: string): InstallBrowser {
  if (/Firefox\//.test(userAgent)) {
    return 'firefox'
  }
  if (/Edg\//.test(userAgent)) {
    return 'edge'
  }
  return 'chrome'
}

/** A browser name from anywhere (a prop, a query): one of ours, else Chrome. */
export function toInstallBrowser(value: string | undefined): InstallBrowser {
  return value === 'edge' || value === 'firefox' ? value : 'chrome'
}
