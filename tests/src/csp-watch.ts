// Watches pages for Content Security Policy violations: every `securitypolicyviolation` event the
// browser fires in the page (recorded by an init script, so nothing before the app's first script
// is missed), and every console message that names the policy. A test then expects both empty.
import type { BrowserContext, Page } from 'playwright-core'

/** One violation as the page saw it. */
export interface CspViolation {
  directive: string
  blocked: string
  source: string
}

declare global {
  interface Window {
    inkmarkCspViolations?: CspViolation[]
  }
}

/** Records the violations of every page of `context` from its first script on. */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: CspViolation[] = []
    window.inkmarkCspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      })
    })
  })
}

/** The violations recorded so far in `page`. */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => window.inkmarkCspViolations ?? [])
}

/** Collects console messages of `page` that are about the Content Security Policy. */
export function cspConsoleMessages(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
      messages.push(message.text())
    }
  })
  return messages
}
