// Chrome only: marks the built extension's web-accessible pages `use_dynamic_url`, so that they
// load only at the per-session address chrome.runtime.getURL gives our content script, and a page
// that knows the public extension id cannot find (or frame) them to detect Inkmark (ADR 033).
// Plasmo takes web_accessible_resources from the base manifest and drops a browser override's, and
// Firefox's manifest has no such key (its moz-extension:// addresses are random per install
// already), hence this step after `plasmo build --target=chrome-mv3`.
import { readFile, writeFile } from 'node:fs/promises'
import { stdout } from 'node:process'
import { URL } from 'node:url'

const path = new URL('../build/chrome-mv3-prod/manifest.json', import.meta.url)
const manifest = JSON.parse(await readFile(path, 'utf8'))
const resources = manifest.web_accessible_resources ?? []
if (resources.length === 0) {
  throw new Error(`No web_accessible_resources in ${path.pathname}`)
}
manifest.web_accessible_resources = resources.map((entry) => ({ ...entry, use_dynamic_url: true }))
await writeFile(path, JSON.stringify(manifest))
stdout.write(`use_dynamic_url set on ${resources.length} web-accessible resource group(s)\n`)
