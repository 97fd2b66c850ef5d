// Captures the site's source screenshots (site/assets/source/{name}.png) from Inkmark itself:
// runs the repository's screenshot script (`npm run screenshots`: builds the web app and the
// extension, seeds the public-domain sample library of scripts/src/screenshots/sample-library.ts
// — Walden, On the Origin of Species... — and renders them in Debian's Chromium through
// playwright-core), then copies the light desktop screens the site shows. It writes
// docs/screenshots/ as well, as that script always does. After it: `npm run images -w site`
// rewrites the manifest; commit both.
//   npx tsx site/scripts/images/capture-sources.ts [--skip-render]
import { execFile } from 'node:child_process'
import { copyFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { SiteImageName } from '../../src/images/image-names'
import { SITE_ROOT, sourcePath } from '../../src/images/pipeline/source-images'

const REPO_ROOT = resolve(SITE_ROOT, '..')
const SCREENSHOTS_DIR = join(REPO_ROOT, 'docs/screenshots')
/** A source past this is too heavy to commit (ADR 076). */
const MAX_SOURCE_BYTES = 400 * 1024

/** Each site image and the screenshot it is taken from. */
const FROM_SCREENSHOT: Record<SiteImageName, string> = {
  library: 'dashboard-light-desktop.png',
  reader: 'reader-light-desktop.png',
  'page-detail': 'page-detail-light-desktop.png',
  sidebar: 'sidebar-light-desktop.png',
  learning: 'learning-session-light-desktop.png',
  popup: 'popup-light.png',
}

async function main(): Promise<void> {
  if (!process.argv.includes('--skip-render')) {
    console.log('capture: npm run screenshots (builds the web app and the extension first)')
    await promisify(execFile)('npm', ['run', 'screenshots'], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    })
  }
  for (const [name, file] of Object.entries(FROM_SCREENSHOT) as [SiteImageName, string][]) {
    const from = join(SCREENSHOTS_DIR, file)
    const { size } = await stat(from)
    if (size > MAX_SOURCE_BYTES) {
      throw new Error(
        `${file} is ${Math.round(size / 1024)} KB, over the ${MAX_SOURCE_BYTES / 1024} KB a source may be`,
      )
    }
    await copyFile(from, sourcePath(name))
    console.log(
      `capture: ${name}.png from docs/screenshots/${file} (${Math.round(size / 1024)} KB)`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(`capture: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
