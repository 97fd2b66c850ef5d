import { describe, expect, it } from 'vitest'
import {
  chunkFiles,
  outputFile,
  pageDocument,
  preloadLinks,
  type ClientManifest,
} from './prerender-html'

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
  'src/pages/Faq.tsx': {
    file: 'assets/Faq-b.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-c.js'],
    css: ['assets/Faq-b.css'],
  },
  '_shared-c.js': {
    file: 'assets/shared-c.js',
    imports: ['index.html'],
    css: ['assets/shared-c.css'],
  },
}

describe('the prerender', () => {
  it("preloads a page's chunk, its shared chunks and their CSS, not the entry", () => {
    const files = chunkFiles(manifest, 'src/pages/Faq.tsx')
    expect(files).toEqual({
      scripts: ['assets/Faq-b.js', 'assets/shared-c.js'],
      styles: ['assets/Faq-b.css', 'assets/shared-c.css'],
    })
    expect(preloadLinks(files)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Faq-b.js" />',
    )
    expect(preloadLinks(files)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/Faq-b.css" />',
    )
    expect(chunkFiles(manifest, 'src/unknown.tsx')).toEqual({ scripts: [], styles: [] })
  })

  it('puts the head and body in place, keeping $ signs as written', () => {
    const template = '<head><!--site-head--></head><div id="root"><!--site-html--></div>'
    expect(pageDocument(template, '<title>$&</title>', '<p>$1 a year</p>')).toBe(
      '<head><title>$&</title></head><div id="root"><p>$1 a year</p></div>',
    )
    expect(() => pageDocument('<html></html>', '', '')).toThrow(/marker/)
  })

  it('writes each path as a directory index', () => {
    expect(outputFile('/')).toBe('index.html')
    expect(outputFile('/tutorials/browser/firefox')).toBe('tutorials/browser/firefox/index.html')
  })
})
