// sitemap.xml (the prerendered pages that answer 200, at their canonical URLs) and robots.txt.
import { escapeHtml } from './head'

export function sitemapXml(canonicalUrls: readonly string[]): string {
  const entries = [...new Set(canonicalUrls)]
    .map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`
}

export function robotsTxt(siteOrigin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`
}
