// The prerender (`npm run build -w site`, after the client and SSR builds): writes
// dist/<path>/index.html for every route (parameterised ones through their prerenderPaths),
// dist/404.html, sitemap.xml (the 200 pages at their canonical URLs) and robots.txt. Every page
// gets its head, its HTML and the modulepreload of its chunk and CSS. Usage: tsx scripts/prerender.ts
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  chunkFiles,
  outputFile,
  pageDocument,
  preloadLinks,
  type ClientManifest,
} from './prerender-html'

const siteRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const distDir = join(siteRoot, 'dist')
const ssrDir = join(siteRoot, 'dist-ssr')

interface ServerEntry {
  renderPage: (path: string) => Promise<{
    status: number
    html: string
    head: string
    sourceFile?: string
  }>
  allPrerenderPaths: () => string[]
  sitemapXml: (urls: readonly string[]) => string
  robotsTxt: (siteOrigin: string) => string
  siteConfig: { siteOrigin: string }
  buildContentProblems: () => string[]
}

async function main(): Promise<void> {
  const started = Date.now()
  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry
  const problems = entry.buildContentProblems()
  if (problems.length > 0) {
    throw new Error(`A production build cannot publish yet:\n  ${problems.join('\n  ')}`)
  }
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as ClientManifest

  const write = async (file: string, text: string) => {
    await mkdir(dirname(join(distDir, file)), { recursive: true })
    await writeFile(join(distDir, file), text)
  }
  const documentOf = (page: Awaited<ReturnType<ServerEntry['renderPage']>>) => {
    const preload =
      page.sourceFile === undefined ? '' : preloadLinks(chunkFiles(manifest, page.sourceFile))
    return pageDocument(template, [page.head, preload].filter(Boolean).join('\n    '), page.html)
  }

  const canonical: string[] = []
  const failed: string[] = []
  for (const path of entry.allPrerenderPaths()) {
    const page = await entry.renderPage(path)
    if (page.status !== 200) {
      failed.push(`${path} (${page.status})`)
      continue
    }
    await write(outputFile(path), documentOf(page))
    const link = /<link data-site-head rel="canonical" href="([^"]+)"/.exec(page.head)?.[1]
    const robots = /<meta data-site-head name="robots" content="([^"]+)"/.exec(page.head)?.[1]
    if (link !== undefined && !(robots ?? '').includes('noindex')) {
      canonical.push(link.replace(/&amp;/g, '&'))
    }
  }
  const notFound = await entry.renderPage('/404')
  await write('404.html', documentOf(notFound))
  await write('sitemap.xml', entry.sitemapXml(canonical))
  await write('robots.txt', entry.robotsTxt(entry.siteConfig.siteOrigin))
  // The SSR build only served this script.
  await rm(ssrDir, { recursive: true, force: true })
  if (failed.length > 0) {
    throw new Error(`These routes did not render: ${failed.join(', ')}`)
  }
  console.log(
    `Prerendered ${canonical.length} page${canonical.length === 1 ? '' : 's'} and 404.html in ${Date.now() - started} ms`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
