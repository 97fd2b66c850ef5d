// Node-side (build and tests only). Share images for the prerendered site: every HTML page in
// dist gets dist/og/{slug}.png (1200x630) with its <title> on the brand card; the path-to-slug
// rule is share-image.ts's, so the page's og:image names the file written here.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { shareImageSlug } from '../share-image'
import { brandColours, renderShareImage } from './share-image-render'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The text of an HTML document's <title>, entities decoded; null without one. */
export function titleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html)
  if (!match) {
    return null
  }
  return match[1]!
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      }
      if (name.startsWith('#')) {
        return String.fromCodePoint(parseInt(name.slice(1), 10))
      }
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .trim()
}

/** The title shown on the card: the site name is on the card already, so a ' | Inkmark' tail goes. */
export function cardTitle(title: string): string {
  return title.replace(/\s*[|–—-]\s*Inkmark\s*$/, '') || title
}

/** The route path an HTML file of dist serves: 'faq/index.html' is '/faq', 'index.html' is '/'. */
export function routePathOf(relativeFile: string): string {
  const parts = relativeFile
    .split(sep)
    .join('/')
    .replace(/\.html$/, '')
  const path = parts === 'index' ? '' : parts.replace(/\/index$/, '')
  return `/${path}`
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'og' && entry.name !== 'img' && entry.name !== 'assets') {
        found.push(...(await htmlFiles(path)))
      }
    } else if (entry.name.endsWith('.html')) {
      found.push(path)
    }
  }
  return found
}

/** Writes dist/og/{slug}.png for every prerendered page; returns how many. */
export async function buildShareImages(distDir: string): Promise<number> {
  const colours = await brandColours()
  const outDir = join(distDir, 'og')
  await mkdir(outDir, { recursive: true })
  const queue = await htmlFiles(distDir)
  let written = 0
  // Two at a time: rasterising is CPU work, and the build machine has two cores.
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const title = titleOf(await readFile(file, 'utf8'))
      if (title === null) {
        continue
      }
      const slug = shareImageSlug(routePathOf(relative(distDir, file)))
      await writeFile(
        join(outDir, `${slug}.png`),
        await renderShareImage(cardTitle(title), colours),
      )
      written++
    }
  }
  await Promise.all([worker(), worker()])
  return written
}
