// Serves the built web app on loopback as a static host would (client routes such as /settings
// answer with index.html; assets keep their MIME types, so the stylesheet applies), with the
// caching a static host gives a Vite build (hashed assets kept, so repeat visits use the
// browser's HTTP and code caches), and the cross-origin isolation headers that give performance.now() its fine resolution in the page.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

export interface AppServer {
  /** The origin, e.g. http://127.0.0.1:40123 */
  url: string
  close(): Promise<void>
}

/** Serves the folder `root` (a Vite build) on 127.0.0.1 and an ephemeral port. */
export async function startAppServer(root: string): Promise<AppServer> {
  const base = normalize(root)
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0] ?? '/')
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path))
    if (!file.startsWith(base + sep)) {
      response.writeHead(403).end()
      return
    }
    // A path without an extension is a client route: the app's shell, as an SPA host answers.
    const target = extname(path) === '' && !path.endsWith('/') ? join(base, 'index.html') : file
    readFile(target)
      .then((body) => {
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
          // As a static host serves a Vite build: hashed assets forever, the shell revalidated.
          'cache-control': target.includes(`${sep}assets${sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        })
        response.end(body)
      })
      .catch(() => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
