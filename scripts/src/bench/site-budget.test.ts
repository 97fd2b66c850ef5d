import { describe, expect, it } from 'vitest'
import { scriptUrlsOf, staticImportsOf, withoutScripts } from './site-budget'

const PAGE = `<!doctype html><html><head>
<script data-site-head type="application/ld+json">{"@type":"WebSite"}</script>
<link rel="modulepreload" crossorigin href="/assets/PricingPage-a1.js" />
<link rel="stylesheet" href="/assets/index-c3.css" />
<script type="module" crossorigin src="/assets/index-b2.js"></script>
</head><body><div id="root"><h1>Pricing</h1></div></body></html>`

describe('the site budget', () => {
  it("finds a page's module scripts and modulepreloads, not its JSON-LD or CSS", () => {
    expect(scriptUrlsOf(PAGE).sort()).toEqual(['/assets/PricingPage-a1.js', '/assets/index-b2.js'])
  })

  it("follows a chunk's static imports, not its dynamic ones", () => {
    const code =
      'import{j as e}from"./index-b2.js";import"./shared-d4.js";const p=()=>import("./Faq-e5.js")'
    expect(staticImportsOf(code).sort()).toEqual(['./index-b2.js', './shared-d4.js'])
  })

  it('removes every script and modulepreload and keeps the rest of the page', () => {
    const plain = withoutScripts(PAGE)
    expect(plain).not.toContain('<script')
    expect(plain).not.toContain('modulepreload')
    expect(plain).toContain('<link rel="stylesheet" href="/assets/index-c3.css" />')
    expect(plain).toContain('<h1>Pricing</h1>')
  })
})
