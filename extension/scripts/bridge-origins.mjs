// Adds the build's own web app origin (PLASMO_PUBLIC_WEBAPP_URL, which `npm start` sets from
// WEBAPP_PORT) to the library bridge content script's matches in a built manifest (ADR 035).
// Plasmo takes a content script's matches literally from its source, so an origin chosen at build
// time is added here; the run-time checks read the same value (src/pages/app-url.ts).
// Usage: node scripts/bridge-origins.mjs <build folder name>
import { readFile, writeFile } from 'node:fs/promises'
import { argv, env, stdout } from 'node:process'
import { URL } from 'node:url'

/** The content script of the bridge is the one matching the production web app. */
const BRIDGE_MARKER = 'https://app.inkmark.app/*'

const target = argv[2] ?? 'chrome-mv3-prod'
const configured = env.PLASMO_PUBLIC_WEBAPP_URL?.trim()
if (!configured) {
  stdout.write('library bridge: no PLASMO_PUBLIC_WEBAPP_URL, the fixed origins only\n')
} else {
  const origin = new URL(configured).origin
  if (!/^https?:\/\//.test(origin)) {
    throw new Error(`PLASMO_PUBLIC_WEBAPP_URL must be an http(s) address, not ${configured}`)
  }
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
  stdout.write(`library bridge: ${origin} added to ${target}\n`)
}
