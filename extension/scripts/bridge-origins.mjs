// Adds the build's own web app origin to the library bridge content script's matches in a built
// manifest (ADR 035): PLASMO_PUBLIC_WEBAPP_URL (which `npm start` sets from WEBAPP_PORT, and the
// test build sets to the e2e origin), else the development server of a build that names none.
// Plasmo takes a content script's matches literally from its source (production only), so the
// build's origin is added here; the run-time checks read the same value (src/pages/app-url.ts).
// Usage: node scripts/bridge-origins.mjs <build folder name>
import { readFile, writeFile } from 'node:fs/promises'
import { argv, env, stdout } from 'node:process'
import { URL } from 'node:url'

/** The bridge's content script is the one matching the production web app. */
const BRIDGE_MARKER = 'https://app.inkmark.app/*'
/** As DEVELOPMENT_WEBAPP_ORIGIN in shared/src/library-bridge/origins.ts. */
const DEVELOPMENT_ORIGIN = 'http://localhost:5173'
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** The origin of the build's web app, held to the relay rule: https, or http on loopback. */
function buildOrigin(configured) {
  if (!configured) {
    return DEVELOPMENT_ORIGIN
  }
  const url = new URL(configured)
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return url.origin
  }
  throw new Error(
    `PLASMO_PUBLIC_WEBAPP_URL must be https, or http on loopback (the whole library is shared with it), not ${configured}`,
  )
}

const target = argv[2] ?? 'chrome-mv3-prod'
const origin = buildOrigin(env.PLASMO_PUBLIC_WEBAPP_URL?.trim())
const path = new URL(`../build/${target}/manifest.json`, import.meta.url)
const manifest = JSON.parse(await readFile(path, 'utf8'))
const bridge = (manifest.content_scripts ?? []).find((script) =>
  (script.matches ?? []).includes(BRIDGE_MARKER),
)
if (bridge === undefined) {
  throw new Error(`No library bridge content script in ${path.pathname}`)
}
const pattern = `${origin}/*`
if (!bridge.matches.includes(pattern)) {
  bridge.matches.push(pattern)
  await writeFile(path, JSON.stringify(manifest))
}
stdout.write(`library bridge: shared with ${origin} in ${target}\n`)
