// A TEST STAND-IN for Capacities' public API, never a default and never used outside tests: a
// small HTTP server a test starts on loopback and points the misc server at
// (config.misc.capacities.apiBaseUrl). It follows the documented calls the misc server makes:
// `Authorization: Bearer <token>`, GET /spaces (`{ spaces: [{ id, title, icon }] }`) and POST
// /save-weblink (spaceId, url, titleOverwrite ≤ 500, descriptionOverwrite ≤ 1000, tags ≤ 30,
// mdText ≤ 200,000; answers `{ spaceId, id, structureId, title, description, tags }`), errors as
// `{ message, statusCode }` (400, 401, 404), and 429 with Retry-After when a test asks for it. It
// keeps the weblinks it was sent so tests can assert them.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SavedWeblink {
  id: string
  spaceId: string
  url: string
  titleOverwrite?: string
  descriptionOverwrite?: string
  tags?: string[]
  mdText?: string
}

export interface CapacitiesStandIn {
  url: string
  spaces: { id: string; title: string; icon: { type: 'emoji'; emoji: string } }[]
  weblinks: SavedWeblink[]
  /** Authorization headers received, in order. */
  authorizations: (string | undefined)[]
  issueToken(): string
  addSpace(title: string, emoji?: string): string
  /** The next `count` calls answer 429 with Retry-After `seconds`. */
  rateLimitNext(count: number, seconds: number): void
  /** The next `count` calls get no answer (the caller times out). */
  holdNext(count: number): void
  close(): Promise<void>
}

export async function startCapacitiesStandIn(): Promise<CapacitiesStandIn> {
  const tokens = new Set<string>()
  const spaces: CapacitiesStandIn['spaces'] = []
  const weblinks: SavedWeblink[] = []
  const authorizations: (string | undefined)[] = []
  const held: ServerResponse[] = []
  let rateLimited = 0
  let retryAfter = 60
  let toHold = 0

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }
  const fail = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { message, statusCode: status })

  const read = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = []
    for await (const chunk of request) {
      chunks.push(chunk as Buffer)
    }
    const text = Buffer.concat(chunks).toString('utf8')
    return text === '' ? undefined : (JSON.parse(text) as unknown)
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      authorizations.push(request.headers.authorization)
      let body: unknown
      try {
        body = await read(request)
      } catch {
        fail(response, 400, 'Invalid JSON body')
        return
      }
      if (toHold > 0) {
        toHold -= 1
        held.push(response)
        return
      }
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
      if (!token || !tokens.has(token)) {
        fail(response, 401, 'Unauthorized')
        return
      }
      if (rateLimited > 0) {
        rateLimited -= 1
        send(
          response,
          429,
          { message: 'Too Many Requests', statusCode: 429 },
          { 'retry-after': String(retryAfter) },
        )
        return
      }
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname
      if (request.method === 'GET' && path === '/spaces') {
        send(response, 200, { spaces })
        return
      }
      if (request.method === 'POST' && path === '/save-weblink') {
        const given = (body ?? {}) as Record<string, unknown>
        const { spaceId, url, titleOverwrite, descriptionOverwrite, tags, mdText } = given
        if (typeof spaceId !== 'string' || typeof url !== 'string') {
          fail(response, 400, 'spaceId and url are required')
          return
        }
        if (
          (titleOverwrite !== undefined &&
            (typeof titleOverwrite !== 'string' || titleOverwrite.length > 500)) ||
          (descriptionOverwrite !== undefined &&
            (typeof descriptionOverwrite !== 'string' || descriptionOverwrite.length > 1000)) ||
          (tags !== undefined && (!Array.isArray(tags) || tags.length > 30)) ||
          (mdText !== undefined && (typeof mdText !== 'string' || mdText.length > 200_000))
        ) {
          fail(response, 400, 'Body failed validation')
          return
        }
        if (!spaces.some((space) => space.id === spaceId)) {
          fail(response, 404, 'Space not found')
          return
        }
        const saved: SavedWeblink = { ...(given as Omit<SavedWeblink, 'id'>), id: randomUUID() }
        weblinks.push(saved)
        send(response, 200, {
          spaceId,
          id: saved.id,
          structureId: 'stand-in-weblink-structure',
          title: titleOverwrite ?? url,
          description: descriptionOverwrite ?? '',
          tags: tags ?? [],
        })
        return
      }
      fail(response, 404, 'Not Found')
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spaces,
    weblinks,
    authorizations,
    issueToken() {
      const token = `cap_${randomUUID().replace(/-/g, '')}`
      tokens.add(token)
      return token
    },
    addSpace(title, emoji = '📚') {
      const id = randomUUID()
      spaces.push({ id, title, icon: { type: 'emoji', emoji } })
      return id
    },
    rateLimitNext(count, seconds) {
      rateLimited = count
      retryAfter = seconds
    },
    holdNext(count) {
      toHold = count
    },
    async close() {
      for (const response of held) {
        response.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
