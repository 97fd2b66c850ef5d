// The pure parts of the prerender: a rendered page put into the built index.html, and the
// modulepreload and stylesheet links of a page's chunk from Vite's client manifest.

/** One entry of Vite's client manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

export type ClientManifest = Record<string, ManifestChunk>

/** The files a page's chunk needs: itself, the chunks it imports (not the entry's), their CSS. */
export function chunkFiles(
  manifest: ClientManifest,
  sourceFile: string,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (chunk === undefined || seen.has(key) || chunk.isEntry === true) {
      return // the entry is in the page already
    }
    seen.add(key)
    scripts.push(chunk.file)
    styles.push(...(chunk.css ?? []))
    for (const imported of chunk.imports ?? []) {
      visit(imported)
    }
  }
  visit(sourceFile)
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] }
}

/** The link elements that preload a page's chunk and load its CSS. */
export function preloadLinks(files: { scripts: string[]; styles: string[] }): string {
  return [
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
  ].join('\n    ')
}

/** The built index.html with a page's head and body in place of the markers. */
export function pageDocument(template: string, head: string, body: string): string {
  if (!template.includes('<!--site-head-->') || !template.includes('<!--site-html-->')) {
    throw new Error('index.html lacks the <!--site-head--> or <!--site-html--> marker')
  }
  // Functions as replacements: a '$' in the page must stay a '$'.
  return template.replace('<!--site-head-->', () => head).replace('<!--site-html-->', () => body)
}

/** Where a path's file goes under dist: '/' -> 'index.html', '/faq' -> 'faq/index.html'. */
export function outputFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+/, '')}/index.html`
}
