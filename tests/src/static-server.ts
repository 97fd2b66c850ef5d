// Serves a folder over HTTP on loopback for end-to-end tests: pages the extension runs on must come
// from a real origin, not file://, and no test may reach beyond this machine. A folder that holds a
// `_headers` file (a built app or site) is served with those headers, as a static host would.
import {
  HEADERS_FILE,
  headersForPath,
  parseHeadersFile,
  type HeadersRule,
} from '@inkmark/shared/web-security'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

export interface StaticServer {
  /** The origin, e.g. http://127.0.0.1:40123 */
  url: string
  close(): Promise<void>
}

/** Starts a static file server for `root` on 127.0.0.1 and an ephemeral port. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const headerRules: HeadersRule[] = await readFile(join(root, HEADERS_FILE), 'utf8').then(
    parseHeadersFile,
    () => [],
  )
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')
    for (const [name, value] of Object.entries(headersForPath(headerRules, path))) {
      response.setHeader(name, value)
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path))
    if (!file.startsWith(normalize(root) + sep)) {
      response.writeHead(403).end()
      return
    }
    stat(file)
      .then((info) => {
        if (!info.isFile()) {
          throw new Error('not a file')
        }
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        })
        createReadStream(file).pipe(response)
      })
      .catch(() => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
