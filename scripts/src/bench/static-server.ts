// A tiny static file server on 127.0.0.1 for benchmark pages. It sends the cross-origin isolation
// headers, so performance.now() in the page has its fine (5 µs) resolution instead of 100 µs.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

export interface StaticServer {
  /** The origin, e.g. http://127.0.0.1:40123 */
  url: string
  close(): Promise<void>
}

/** Serves `root` on 127.0.0.1 and an ephemeral port. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const base = normalize(root)
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path))
    if (!file.startsWith(base + sep)) {
      response.writeHead(403).end()
      return
    }
    readFile(file)
      .then((body) => {
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
          'cache-control': 'no-store',
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
