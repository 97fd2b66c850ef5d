// Serves the built site (site/dist) with the site server: `npm start` runs it on SITE_PORT after
// building the site, and `npm run serve -w site` does the same by hand. Reads SITE_PORT (5174),
// HOST (127.0.0.1), VITE_RELAY_URL, VITE_APP_URL, VITE_MISC_URL and the operator's Product Hunt
// page from site/content/links.json.
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readSiteConfig } from '../src/app/site-config-read'
import { startSiteServer } from './site-server'

const siteRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The Product Hunt address in links.json, when it is an http(s) URL. */
async function productHuntUrl(): Promise<string | null> {
  try {
    const links = JSON.parse(await readFile(join(siteRoot, 'content/links.json'), 'utf8')) as {
      productHuntUrl?: unknown
    }
    const value = links.productHuntUrl
    if (typeof value === 'string' && /^https?:\/\//i.test(value) && URL.canParse(value)) {
      return value
    }
  } catch {
    // no file or not JSON: no redirect (the build's loaders report a malformed file)
  }
  return null
}

async function main(): Promise<void> {
  const config = readSiteConfig(process.env)
  const port = Number(process.env.SITE_PORT ?? 5174)
  const running = await startSiteServer({
    distDir: join(siteRoot, 'dist'),
    port,
    host: process.env.HOST ?? '127.0.0.1',
    relayUrl: config.relayUrl,
    appUrl: config.appUrl,
    miscUrl: config.miscUrl,
    productHuntUrl: await productHuntUrl(),
  })
  console.log(`Site served at ${running.url}`)
  const stop = () => void running.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
