// Bundles a benchmark's page module with Vite into a folder, with the index.html that loads it:
// what the store and sync benchmarks serve to Chromium.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'vite'

export interface PageBundle {
  /** The folder of the page module (Vite's root). */
  root: string
  /** The page module's file name in `root`, e.g. page.mts. */
  entry: string
  /** The bundle's file name, e.g. bench-store.js. */
  bundleFile: string
  title: string
}

/** Writes the bundle and its index.html into `outDir` (emptied first). */
export async function bundleBenchPage(page: PageBundle, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: page.root,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      lib: { entry: join(page.root, page.entry), formats: ['es'], fileName: () => page.bundleFile },
    },
  })
  await writeFile(
    join(outDir, 'index.html'),
    `<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n<title>${page.title}</title>\n<script type="module" src="/${page.bundleFile}"></script>\n`,
  )
}
