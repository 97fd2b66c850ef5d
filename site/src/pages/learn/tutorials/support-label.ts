// How a browser's support is said in lists.
import type { BrowserSupport } from './browsers'

const LABELS: Record<BrowserSupport, string> = {
  supported: 'Supported',
  'chromium-untested': 'Chrome version installs; not tested',
  unsupported: 'Not supported: use the web app',
}

/** The short label of a support level. */
export function supportLabel(support: BrowserSupport): string {
  return LABELS[support]
}
