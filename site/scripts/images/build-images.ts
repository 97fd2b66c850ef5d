// The site's image pipeline, run by the site build before prerendering: every source screenshot
// (site/assets/source/{name}.png) becomes WebP variants at the widths of image-variants.ts in
// site/public/img/{name}-{width}.{hash}.webp (Vite copies them into dist/img). Variants already
// there (same hash) are kept, so a rebuild encodes only what changed.
//   tsx scripts/images/build-images.ts            the variants; fails when the manifest is stale
//   tsx scripts/images/build-images.ts --manifest  rewrites site/src/images/image-manifest.ts too
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { SITE_IMAGE_NAMES } from '../../src/images/image-names'
import { WEBP_SETTINGS, variantFileName } from '../../src/images/image-variants'
import {
  MANIFEST_PATH,
  SITE_ROOT,
  manifestFromSources,
  manifestModuleText,
  sourcePath,
  type ImageManifest,
} from '../../src/images/pipeline/source-images'

export const IMAGE_OUT_DIR = join(SITE_ROOT, 'public/img')

const log = (text: string) => console.log(`images: ${text}`)

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

/** Writes every variant of `manifest` into `outDir`; removes files no variant names any more. */
export async function writeVariants(manifest: ImageManifest, outDir: string): Promise<number> {
  await mkdir(outDir, { recursive: true })
  const wanted = new Set<string>()
  let encoded = 0
  for (const name of SITE_IMAGE_NAMES) {
    const entry = manifest[name]
    const source = await readFile(sourcePath(name))
    for (const width of entry.widths) {
      const file = variantFileName(name, width, entry.hash)
      wanted.add(file)
      if (await exists(join(outDir, file))) {
        continue
      }
      const webp = await sharp(source)
        .resize({ width, withoutEnlargement: true })
        .webp(WEBP_SETTINGS)
        .toBuffer()
      await writeFile(join(outDir, file), webp)
      encoded++
    }
  }
  for (const file of await readdir(outDir)) {
    if (!wanted.has(file)) {
      await rm(join(outDir, file))
    }
  }
  return encoded
}

async function main(): Promise<void> {
  const manifest = await manifestFromSources()
  const text = manifestModuleText(manifest)
  const committed = await readFile(MANIFEST_PATH, 'utf8').catch(() => '')
  if (committed !== text) {
    if (!process.argv.includes('--manifest')) {
      throw new Error(
        'site/src/images/image-manifest.ts does not match site/assets/source: ' +
          'run `npm run images -w site` and commit the manifest',
      )
    }
    await writeFile(MANIFEST_PATH, text)
    log('rewrote site/src/images/image-manifest.ts')
  }
  const started = performance.now()
  const encoded = await writeVariants(manifest, IMAGE_OUT_DIR)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  log(`${encoded} WebP variants encoded in ${seconds} s (the others were up to date)`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`images: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
