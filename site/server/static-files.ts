// What the site server answers for a file: its content type, its caching, whether to gzip it, and
// where a request path may lead inside dist/ (never outside it, never to a hidden file).
import { extname, join, resolve, sep } from 'node:path'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
}

/** The Content-Type of a file by its extension (unknown: a download, never sniffed). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Whether a type is worth compressing (text; images and fonts are compressed already). */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/.test(contentType)
}

/** A hashed build asset (assets/name-HASH.ext): its name changes with its content. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

/**
 * The Cache-Control of a path: hashed assets forever, pages and build markers revalidated every
 * time (so that a new build shows at once), anything else for an hour.
 */
export function cacheControlOf(urlPath: string, contentType: string): string {
  if (HASHED_ASSET.test(urlPath)) {
    return 'public, max-age=31536000, immutable'
  }
  if (contentType.startsWith('text/html') || urlPath.startsWith('/builds/')) {
    return 'no-cache'
  }
  return 'public, max-age=3600'
}

/**
 * The file a decoded request path names inside `root`, or undefined when it would leave it, has a
 * NUL, or passes through a hidden segment (.vite/manifest.json and the like stay private).
 */
export function fileInside(root: string, decodedPath: string): string | undefined {
  if (decodedPath.includes('\0') || decodedPath.includes('\\')) {
    return undefined
  }
  const segments = decodedPath.split('/')
  if (segments.some((segment) => segment.startsWith('.'))) {
    return undefined // '..', '.', '.vite', '.env'
  }
  const base = resolve(root)
  const target = resolve(join(base, ...segments))
  return target === base || target.startsWith(`${base}${sep}`) ? target : undefined
}
