// Serves the site's production build (site-build.ts) for end-to-end tests with the site's own
// server (site-core's startSiteServer: the 404 status for unknown paths, the redirects, the cache
// headers and the security headers as they ship), on a free loopback port. A test that changes
// the served files (update detection rewrites builds/latest.json) asks for a copy of its own:
// the shared build stays as built for every other file and process.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startSiteServer } from '../../site/server/site-server'
import {
  APP_PLACEHOLDER_URL,
  MISC_PLACEHOLDER_URL,
  RELAY_PLACEHOLDER_URL,
  SITE_BUILD_ENV,
  siteBuild,
} from './site-build'

/** The built site on loopback. */
export interface SiteServer {
  /** The origin, e.g. http://127.0.0.1:40123 */
  url: string
  /** The folder served (the shared build, or the test's own copy). */
  distDir: string
  close(): Promise<void>
}

export interface SiteServerOptions {
  /** The build's variables (default: the placeholders of SITE_BUILD_ENV). */
  env?: Readonly<Record<string, string>>
  /** Serve a copy of the build the test may change (removed on close). */
  writableCopy?: boolean
}

/** Builds (or finds) the site and serves it until closed. */
export async function startSite(options: SiteServerOptions = {}): Promise<SiteServer> {
  const env = options.env ?? SITE_BUILD_ENV
  const built = await siteBuild(env)
  const copyDir =
    options.writableCopy === true ? await mkdtemp(join(tmpdir(), 'inkmark-site-e2e-')) : undefined
  if (copyDir !== undefined) {
    await cp(built, copyDir, { recursive: true })
  }
  const distDir = copyDir ?? built
  try {
    const server = await startSiteServer({
      distDir,
      host: '127.0.0.1',
      port: 0,
      // The addresses built in: the redirects and the CSP name the same placeholders.
      relayUrl: env.VITE_RELAY_URL ?? RELAY_PLACEHOLDER_URL,
      appUrl: env.VITE_APP_URL ?? APP_PLACEHOLDER_URL,
      miscUrl: env.VITE_MISC_URL ?? MISC_PLACEHOLDER_URL,
      // One test asks for every page and its files in a minute: far over a visitor's limit.
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
    })
    return {
      url: server.url,
      distDir,
      async close() {
        await server.close()
        if (copyDir !== undefined) {
          await rm(copyDir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    if (copyDir !== undefined) {
      await rm(copyDir, { recursive: true, force: true })
    }
    throw error
  }
}

/**
 * Waits until the page's React tree is hydrated (or rendered, for an error page): the layout's
 * last element carries React's own props, so its links navigate on the client from now on.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const last = [...(document.getElementById('root')?.querySelectorAll('a, button') ?? [])].at(-1)
    return last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactProps$'))
  })
}
