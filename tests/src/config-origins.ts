// A tiny HTTP server standing in for the origins GET /config is tried on: each path prefix is an
// origin of its own (http://127.0.0.1:port/main, /backup, /site ...) that answers as the test
// says (an error status, a page that is not JSON, or a JSON config), and counts its requests.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface OriginAnswer {
  status: number
  contentType: string
  body: string
}

export interface ConfigOrigins {
  /** The origin URL of `name` (a path prefix on this server). */
  origin(name: string): string
  /** How `name` answers from now on. */
  answer(name: string, answer: OriginAnswer): void
  /** Requests `name` received. */
  hits(name: string): number
  close(): Promise<void>
}

export const jsonAnswer = (value: unknown): OriginAnswer => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(value),
})

export async function startConfigOrigins(): Promise<ConfigOrigins> {
  const answers = new Map<string, OriginAnswer>()
  const hits = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const [, name = '', rest = ''] = /^\/([^/]+)(\/.*)?$/.exec(request.url ?? '/') ?? []
    hits.set(name, (hits.get(name) ?? 0) + 1)
    const answer = answers.get(name)
    if (!answer || rest !== '/config') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: (name) => `http://127.0.0.1:${port}/${name}`,
    answer: (name, answer) => answers.set(name, answer),
    hits: (name) => hits.get(name) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
