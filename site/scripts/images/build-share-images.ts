// Share images for the prerendered site, run by the site build after prerendering:
// dist/og/{slug}.png for every page in dist (src/images/pipeline/share-pages.ts).
//   tsx scripts/images/build-share-images.ts [distDir]
import { join, resolve } from 'node:path'
import { buildShareImages } from '../../src/images/pipeline/share-pages'
import { SITE_ROOT } from '../../src/images/pipeline/source-images'

const distDir = resolve(process.argv[2] ?? join(SITE_ROOT, 'dist'))
const started = performance.now()
buildShareImages(distDir).then(
  (count) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`share images: ${count} written to ${distDir}/og in ${seconds} s`)
  },
  (error: unknown) => {
    console.error(`share images: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
